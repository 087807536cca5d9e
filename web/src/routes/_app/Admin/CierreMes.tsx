import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { MonthCloseScreen } from "../../../features/locks/month-close-screen.tsx";
import { requirePermission } from "../../../lib/guard.ts";

/** 'Cierre de Mes' (admin utilities): lock or unlock a month's closings. */
export const Route = createFileRoute("/_app/Admin/CierreMes")({
  staticData: { title: "Cierre de Mes" },
  beforeLoad: requirePermission(P.SUPERADMIN_CONFIG),
  component: MonthCloseScreen,
});
