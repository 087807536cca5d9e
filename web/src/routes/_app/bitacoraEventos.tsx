import { createFileRoute } from "@tanstack/react-router";
import { BitacoraPage } from "../../reports/bitacora/screen.tsx";
import { bitacoraSearch } from "../../reports/bitacora/search.ts";
import { reportRoute } from "../../reports/shared/report-route.ts";

export const Route = createFileRoute("/_app/bitacoraEventos")({
  ...reportRoute({
    search: bitacoraSearch,
    report: () => import("../../reports/bitacora/screen.tsx").then((m) => m.bitacora),
  }),
  component: BitacoraPage,
});
