import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../contract/permissions.ts";
import { LockCards } from "../../features/locks/month-lock-card.tsx";
import { AdminUtilitiesScreen } from "../../features/staff/admin-utilities-screen.tsx";
import { comparisonYearQuery } from "../../features/staff/api.ts";
import { requirePermission } from "../../lib/guard.ts";

/** The superadmin utilities: global comparison year and All-In upload (spec 2, Admin utilities). */
export const Route = createFileRoute("/_app/configuracion-global")({
  staticData: { title: "Configuración global" },
  beforeLoad: requirePermission(P.SUPERADMIN_CONFIG),
  loader: ({ context }) => context.queryClient.ensureQueryData(comparisonYearQuery),
  component: () => <AdminUtilitiesScreen lockCards={(onSaved) => <LockCards onSaved={onSaved} />} />,
});
