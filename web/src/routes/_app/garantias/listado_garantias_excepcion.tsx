import { createFileRoute } from "@tanstack/react-router";
import { exceptionListQuery } from "../../../features/guarantees/api.ts";
import { ExceptionList } from "../../../features/guarantees/exception-list.tsx";
import { screenGuard } from "../../../lib/screen-guard.ts";

/** 'Excepción de Garantía': the exception list by role. */
export const Route = createFileRoute("/_app/garantias/listado_garantias_excepcion")({
  beforeLoad: screenGuard,
  loader: ({ context }) => context.queryClient.ensureQueryData(exceptionListQuery),
  component: ExceptionList,
});
