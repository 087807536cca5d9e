import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { tokenStatusQueryOptions } from "../../lib/auth-tokens.ts";
import { NewPasswordForm } from "./-components/new-password-form.tsx";

/** /auth/resetPassword?q=<token>: the link of the password-reset mail. */
export const Route = createFileRoute("/auth/resetPassword")({
  validateSearch: z.object({ q: z.string().catch("").default("") }),
  loaderDeps: ({ search }) => ({ q: search.q }),
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(tokenStatusQueryOptions(deps.q, "reset")),
  component: ResetPassword,
});

function ResetPassword() {
  const { q } = Route.useSearch();
  const { data } = useSuspenseQuery(tokenStatusQueryOptions(q, "reset"));
  return (
    <NewPasswordForm
      token={q}
      kind="reset"
      status={data}
      title="Cambiar contraseña"
      lead="Ingrese la nueva contraseña de la cuenta"
      submitLabel="Cambiar contraseña"
    />
  );
}
