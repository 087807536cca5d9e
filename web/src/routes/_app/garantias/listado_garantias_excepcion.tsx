import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { exceptionListQuery } from "../../../features/guarantees/api.ts";
import { ExceptionList } from "../../../features/guarantees/exception-list.tsx";
import { requirePermission } from "../../../lib/guard.ts";

/** 'Excepción de Garantía': the exception list by role. */
export const Route = createFileRoute("/_app/garantias/listado_garantias_excepcion")({
  staticData: { title: "Excepción de Garantía" },
  beforeLoad: requirePermission(P.GARANTIAS_EXCEPCION),
  loader: ({ context }) => context.queryClient.ensureQueryData(exceptionListQuery),
  component: ExceptionList,
});
