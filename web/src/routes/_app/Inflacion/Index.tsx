import { createFileRoute } from "@tanstack/react-router";
import { inflationQuery, initialYear } from "../../../features/inflation/api.ts";
import { InflationScreen } from "../../../features/inflation/inflation-screen.tsx";
import { screenRoute } from "../../../lib/screen-route.ts";

/** 'Inflación': the monthly factors of a year. */
export const Route = createFileRoute("/_app/Inflacion/Index")({
  ...screenRoute("/Inflacion/Index"),
  loader: ({ context }) => context.queryClient.ensureQueryData(inflationQuery(initialYear())),
  component: InflationScreen,
});
