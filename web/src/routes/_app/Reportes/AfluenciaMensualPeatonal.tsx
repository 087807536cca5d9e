import { createFileRoute } from "@tanstack/react-router";
import { trafficRoute } from "../../../reports/afluencia/route.ts";
import { AfluenciaMensualPeatonalPage } from "../../../reports/afluencia/screen.tsx";

export const Route = createFileRoute("/_app/Reportes/AfluenciaMensualPeatonal")({
  ...trafficRoute.mensual("peatonal"),
  component: AfluenciaMensualPeatonalPage,
});
