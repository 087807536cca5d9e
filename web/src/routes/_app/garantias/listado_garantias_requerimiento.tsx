import { createFileRoute } from "@tanstack/react-router";
import { P } from "../../../../../contract/permissions.ts";
import { expiringLettersQuery, notarialLettersQuery } from "../../../features/guarantees/requirement-api.ts";
import { RequirementScreen } from "../../../features/guarantees/requirement.tsx";
import { requirePermission } from "../../../lib/guard.ts";

/** 'Requerimiento de CF': the letters about to expire by bank, 'Generar' and the notarial letters. */
export const Route = createFileRoute("/_app/garantias/listado_garantias_requerimiento")({
  staticData: { title: "Requerimiento de CF" },
  beforeLoad: requirePermission(P.GARANTIAS_REQUERIMIENTO_CARTA_FIANZA),
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(expiringLettersQuery),
      context.queryClient.ensureQueryData(notarialLettersQuery),
    ]),
  component: RequirementScreen,
});
