import { createFileRoute } from "@tanstack/react-router";
import { inflationQuery, initialYear } from "../../../features/inflation/api.ts";
import { InflationScreen } from "../../../features/inflation/inflation-screen.tsx";
import { screenGuard } from "../../../lib/screen-guard.ts";

/** 'Inflación': the monthly factors of a year. */
export const Route = createFileRoute("/_app/Inflacion/Index")({
  beforeLoad: screenGuard,
  loader: ({ context }) => context.queryClient.ensureQueryData(inflationQuery(initialYear())),
  component: InflationScreen,
});
