import { createFileRoute } from "@tanstack/react-router";
import { exceptionListQuery } from "../../../features/guarantees/api.ts";
import { ExceptionList } from "../../../features/guarantees/exception-list.tsx";
import { screenRoute } from "../../../lib/screen-route.ts";

/** 'Excepción de Garantía': the exception list by role. */
export const Route = createFileRoute("/_app/garantias/listado_garantias_excepcion")({
  ...screenRoute("/garantias/listado_garantias_excepcion"),
  loader: ({ context }) => context.queryClient.ensureQueryData(exceptionListQuery),
  component: ExceptionList,
});
