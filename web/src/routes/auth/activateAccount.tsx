import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { tokenStatusQueryOptions } from "../../lib/auth-tokens.ts";
import { NewPasswordForm } from "./-components/new-password-form.tsx";

/** /auth/activateAccount?a=<token>: the link of the activation mail; sets the first password. */
export const Route = createFileRoute("/auth/activateAccount")({
  validateSearch: z.object({ a: z.string().catch("").default("") }),
  loaderDeps: ({ search }) => ({ a: search.a }),
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(tokenStatusQueryOptions(deps.a, "activation")),
  component: ActivateAccount,
});

function ActivateAccount() {
  const { a } = Route.useSearch();
  const { data } = useSuspenseQuery(tokenStatusQueryOptions(a, "activation"));
  return (
    <NewPasswordForm
      token={a}
      kind="activation"
      status={data}
      title="Activar cuenta"
      lead="Defina la contraseña con la que ingresará la cuenta"
      submitLabel="Activar cuenta"
    />
  );
}
