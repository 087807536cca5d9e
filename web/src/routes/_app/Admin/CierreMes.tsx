import { createFileRoute } from "@tanstack/react-router";
import { MonthCloseScreen } from "../../../features/locks/month-close-screen.tsx";
import { screenGuard } from "../../../lib/screen-guard.ts";

/** 'Cierre de Mes' (admin utilities): lock or unlock a month's closings. */
export const Route = createFileRoute("/_app/Admin/CierreMes")({
  beforeLoad: screenGuard,
  component: MonthCloseScreen,
});
