import { createFileRoute } from "@tanstack/react-router";
import { trafficRoute } from "../../../reports/afluencia/route.ts";
import { AfluenciaDiariaParkingPage } from "../../../reports/afluencia/screen.tsx";

export const Route = createFileRoute("/_app/Reportes/AfluenciaDiariaParking")({
  ...trafficRoute.diaria("parking"),
  component: AfluenciaDiariaParkingPage,
});
