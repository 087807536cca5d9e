import { createFileRoute } from "@tanstack/react-router";
import { trafficRoute } from "../../../reports/afluencia/route.ts";
import { AfluenciaMensualParkingPage } from "../../../reports/afluencia/screen.tsx";

export const Route = createFileRoute("/_app/Reportes/AfluenciaMensualParking")({
  ...trafficRoute.mensual("parking"),
  component: AfluenciaMensualParkingPage,
});
