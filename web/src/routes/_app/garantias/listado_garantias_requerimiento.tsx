import { createFileRoute } from "@tanstack/react-router";
import { expiringLettersQuery, notarialLettersQuery } from "../../../features/guarantees/requirement-api.ts";
import { RequirementScreen } from "../../../features/guarantees/requirement.tsx";
import { screenGuard } from "../../../lib/screen-guard.ts";

/** 'Requerimiento de CF': the letters about to expire by bank, 'Generar' and the notarial letters. */
export const Route = createFileRoute("/_app/garantias/listado_garantias_requerimiento")({
  beforeLoad: screenGuard,
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(expiringLettersQuery),
      context.queryClient.ensureQueryData(notarialLettersQuery),
    ]),
  component: RequirementScreen,
});
