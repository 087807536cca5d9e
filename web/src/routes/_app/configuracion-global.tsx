import { createFileRoute } from "@tanstack/react-router";
import { LockCards } from "../../features/locks/month-lock-card.tsx";
import { AdminUtilitiesScreen } from "../../features/staff/admin-utilities-screen.tsx";
import { comparisonYearQuery } from "../../features/staff/api.ts";
import { screenGuard } from "../../lib/screen-guard.ts";

/** The superadmin utilities: global comparison year and All-In upload (spec 2, Admin utilities). */
export const Route = createFileRoute("/_app/configuracion-global")({
  beforeLoad: screenGuard,
  loader: ({ context }) => context.queryClient.ensureQueryData(comparisonYearQuery),
  component: () => <AdminUtilitiesScreen lockCards={(onSaved) => <LockCards onSaved={onSaved} />} />,
});
