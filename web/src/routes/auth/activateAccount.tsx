import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { tokenStatusQueryOptions } from "../../features/auth/api.ts";
import { ActivateAccountScreen } from "../../features/auth/link-screens.tsx";

/** /auth/activateAccount?a=<token>: the link of the activation mail. */
export const Route = createFileRoute("/auth/activateAccount")({
  validateSearch: z.object({ a: z.string().catch("").default("") }),
  loaderDeps: ({ search }) => ({ a: search.a }),
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(tokenStatusQueryOptions(deps.a, "activation")),
  component: ActivateAccountScreen,
});
