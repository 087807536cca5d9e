import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { listaRojaQuery } from "../../../features/compliance/api.ts";
import { ListaRojaScreen } from "../../../features/compliance/lista-roja-screen.tsx";
import { screenGuard } from "../../../lib/screen-guard.ts";
import { mallParam } from "../../../reports/shared/search.ts";

const code = z.string().max(20).optional().catch(undefined);

/** 'Lista Roja': closing compliance per mall and the missing contracts. */
export const Route = createFileRoute("/_app/Blacklist/Index")({
  beforeLoad: screenGuard,
  validateSearch: z.object({ unidadEconomicaId: mallParam(0), cebeId: code, codigoContratoId: code }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(listaRojaQuery(deps)),
  component: ListaRojaScreen,
});
