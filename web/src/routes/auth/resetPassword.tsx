import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { tokenStatusQueryOptions } from "../../features/auth/api.ts";
import { ResetPasswordScreen } from "../../features/auth/link-screens.tsx";

/** /auth/resetPassword?q=<token>: the link of the password-reset mail. */
export const Route = createFileRoute("/auth/resetPassword")({
  validateSearch: z.object({ q: z.string().catch("").default("") }),
  loaderDeps: ({ search }) => ({ q: search.q }),
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(tokenStatusQueryOptions(deps.q, "reset")),
  component: ResetPasswordScreen,
});
