import { useSuspenseQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { type TokenKind, tokenStatusQueryOptions } from "./api.ts";
import { NewPasswordForm } from "./new-password-form.tsx";

const TEXTS: Record<TokenKind, { title: string; lead: string; submitLabel: string }> = {
  reset: {
    title: "Cambiar contraseña",
    lead: "Ingrese la nueva contraseña de la cuenta",
    submitLabel: "Cambiar contraseña",
  },
  activation: {
    title: "Activar cuenta",
    lead: "Defina la contraseña con la que ingresará la cuenta",
    submitLabel: "Activar cuenta",
  },
};

function LinkScreen({ kind, token }: { kind: TokenKind; token: string }) {
  const { data } = useSuspenseQuery(tokenStatusQueryOptions(token, kind));
  return <NewPasswordForm token={token} kind={kind} status={data} {...TEXTS[kind]} />;
}

const resetRoute = getRouteApi("/auth/resetPassword");
const activateRoute = getRouteApi("/auth/activateAccount");

/** /auth/resetPassword?q=<token>: the link of the password-reset mail. */
export function ResetPasswordScreen() {
  return <LinkScreen kind="reset" token={resetRoute.useSearch().q} />;
}

/** /auth/activateAccount?a=<token>: the link of the activation mail; sets the first password. */
export function ActivateAccountScreen() {
  return <LinkScreen kind="activation" token={activateRoute.useSearch().a} />;
}
