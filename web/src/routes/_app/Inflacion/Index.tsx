import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { inflationQuery, initialYear } from "../../../features/inflation/api.ts";
import { InflationScreen } from "../../../features/inflation/inflation-screen.tsx";
import { requirePermission } from "../../../lib/guard.ts";

/** 'Inflación': the monthly factors of a year. */
export const Route = createFileRoute("/_app/Inflacion/Index")({
  staticData: { title: "Inflación" },
  beforeLoad: requirePermission(P.INFLACION),
  loader: ({ context }) => context.queryClient.ensureQueryData(inflationQuery(initialYear())),
  component: InflationScreen,
});
