import { createFileRoute } from "@tanstack/react-router";
import { trafficRoute } from "../../../reports/afluencia/route.ts";
import { AfluenciaDiariaPeatonalPage } from "../../../reports/afluencia/screen.tsx";

export const Route = createFileRoute("/_app/Reportes/AfluenciaDiariaPeatonal")({
  ...trafficRoute.diaria("peatonal"),
  component: AfluenciaDiariaPeatonalPage,
});
