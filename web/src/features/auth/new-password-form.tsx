import { useQueryClient } from "@tanstack/react-query";
import { LINK_EXPIRED } from "#contract/errors.ts";
import { Link, useNavigate } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { Message } from "primereact/message";
import { Password } from "primereact/password";
import type { z } from "zod";
import { newPasswordForm } from "#contract/auth.ts";
import { fieldAria, FormField } from "../../components/form-field.tsx";
import { useForm } from "../../lib/forms.ts";
import { useSave } from "../../lib/save.ts";
import { type LinkStatus, setPasswordWithLink, type TokenKind } from "./api.ts";
import { BackToLogin } from "./back-to-login.tsx";

// Spec 1 section 5: the messages of a link that cannot be used.
const EXPIRED = "Su proceso de cambio de contraseña expiró, por favor, solicítelo nuevamente.";
const RESET_FAILED = "Ha ocurrido un error, por favor, vuelva a solicitar un cambio de contraseña.";
const ACTIVATION_FAILED = "Ha ocurrido un error. No es posible activar su cuenta.";
const HINT = "Use al menos 8 caracteres, con letras y números. Se distinguen mayúsculas y minúsculas.";

/** The new-password form of the reset and activation links (activation follows the reset's form). */
export function NewPasswordForm(
  { token, kind, status, title, lead, submitLabel }: {
    token: string;
    kind: TokenKind;
    status: LinkStatus;
    title: string;
    lead: string;
    submitLabel: string;
  },
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { values: form, set, errors, setErrors } = useForm({ password: "", confirm: "" });
  const save = useSave({
    schema: newPasswordForm,
    values: form,
    setErrors,
    send: (body: z.output<typeof newPasswordForm>) =>
      setPasswordWithLink(kind, { token, password: body.password }),
    onSaved: () => {
      queryClient.removeQueries({ queryKey: ["token-status"] });
      return navigate({ to: "/auth/login" });
    },
  });

  if (!status.valid) {
    const text = kind === "activation"
      ? ACTIVATION_FAILED
      : status.errorId === LINK_EXPIRED
      ? EXPIRED
      : RESET_FAILED;
    return (
      <div className="auth-form">
        <h1>{title}</h1>
        <Message severity="error" text={text} className="w-full" />
        {kind === "reset" && (
          <Link to="/auth/forgotPassword" className="p-button w-full justify-content-center">
            Solicitar un nuevo enlace
          </Link>
        )}
        <BackToLogin />
      </div>
    );
  }

  return (
    <form className="auth-form" onSubmit={save.submit} noValidate>
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
      <Button type="submit" label={submitLabel} icon="pi pi-check" loading={save.busy} className="w-full" />
      <BackToLogin />
    </form>
  );
}

/** The aria attributes of a PrimeReact Password (its input takes them; the class goes on the input). */
function passwordAria(id: string, error?: string, hint?: string) {
  const { className, id: _id, ...aria } = fieldAria(id, error, hint);
  return { ...aria, inputClassName: className };
}
