import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { Message } from "primereact/message";
import { Password } from "primereact/password";
import { type FormEvent, useState } from "react";
import { fieldAria, FormField } from "../../../components/form-field.tsx";
import { post } from "../../../lib/api.ts";
import type { TokenKind, TokenStatus } from "../../../lib/auth-tokens.ts";
import { newPasswordSchema, serverFieldErrors, useForm, validate } from "../../../lib/forms.ts";

const EXPIRED = "Su proceso de cambio de contraseña expiró, por favor, solicítelo nuevamente.";
const RESET_FAILED = "Ha ocurrido un error, por favor, vuelva a solicitar un cambio de contraseña.";
const ACTIVATION_FAILED = "Ha ocurrido un error. No es posible activar su cuenta.";
const HINT = "Use al menos 8 caracteres, con letras y números. Se distinguen mayúsculas y minúsculas.";

/** The new-password form of the reset and activation links (activation follows the reset's form). */
export function NewPasswordForm(
  { token, kind, status, title, lead, submitLabel }: {
    token: string;
    kind: TokenKind;
    status: TokenStatus;
    title: string;
    lead: string;
    submitLabel: string;
  },
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { values: form, set, errors, setErrors } = useForm({ password: "", confirm: "" });
  const [busy, setBusy] = useState(false);

  if (!status.valid) {
    const text = kind === "activation" ? ACTIVATION_FAILED : status.errorId === 433 ? EXPIRED : RESET_FAILED;
    return (
      <div className="auth-form">
        <h1>{title}</h1>
        <Message severity="error" text={text} className="w-full" />
        {kind === "reset" && (
          <Link to="/auth/forgotPassword" className="p-button w-full justify-content-center">
            Solicitar un nuevo enlace
          </Link>
        )}
        <Link to="/auth/login" className="auth-link">
          <i className="pi pi-arrow-left" aria-hidden="true" /> Volver a iniciar sesión
        </Link>
      </div>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const v = validate(newPasswordSchema, form);
    setErrors(v.ok ? {} : v.errors);
    if (!v.ok) return;
    setBusy(true);
    try {
      // Message 101 (changes saved) is shown by the success dialog; then back to the login.
      const path = kind === "reset" ? "/api/auth/reset-password" : "/api/auth/activate";
      await post(path, { token, password: v.data.password }, { anonymous: true });
      queryClient.removeQueries({ queryKey: ["token-status"] });
      await navigate({ to: "/auth/login" });
    } catch (err) {
      const fields = serverFieldErrors(err);
      setErrors(fields.password ? { password: fields.password } : {});
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <h1>{title}</h1>
      <p className="auth-lead">
        {lead} <strong>{status.email}</strong>
      </p>
      <FormField id="password" label="Nueva contraseña" error={errors.password} hint={HINT}>
        <Password
          inputId="password"
          {...passwordAria("password", errors.password, HINT)}
          autoComplete="new-password"
          value={form.password}
          onChange={(e) => set({ password: e.target.value })}
          feedback={false}
          toggleMask
          autoFocus
        />
      </FormField>
      <FormField id="confirm" label="Confirmar contraseña" error={errors.confirm}>
        <Password
          inputId="confirm"
          {...passwordAria("confirm", errors.confirm)}
          autoComplete="new-password"
          value={form.confirm}
          onChange={(e) => set({ confirm: e.target.value })}
          feedback={false}
          toggleMask
        />
      </FormField>
      <Button type="submit" label={submitLabel} icon="pi pi-check" loading={busy} className="w-full" />
      <Link to="/auth/login" className="auth-link">
        <i className="pi pi-arrow-left" aria-hidden="true" /> Volver a iniciar sesión
      </Link>
    </form>
  );
}

/** The aria attributes of a PrimeReact Password (its input takes them; the class goes on the input). */
function passwordAria(id: string, error?: string, hint?: string) {
  const { className, ...aria } = fieldAria(id, error, hint);
  delete (aria as { id?: string }).id;
  return { ...aria, inputClassName: className };
}
