import { useNavigate } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { forgotPasswordBody } from "#contract/auth.ts";
import { TextField } from "../../components/fields.tsx";
import { useForm } from "../../lib/forms.ts";
import { useSave } from "../../lib/save.ts";
import { requestPasswordReset } from "./api.ts";
import { BackToLogin } from "./back-to-login.tsx";

/** '¿Olvidó su contraseña?': asks for the reset link by e-mail, then back to the login. */
export function ForgotPasswordScreen() {
  const navigate = useNavigate();
  const { values, set, errors, setErrors } = useForm({ email: "" });
  const save = useSave({
    schema: forgotPasswordBody,
    values,
    setErrors,
    send: requestPasswordReset,
    onSaved: () => navigate({ to: "/auth/login" }),
  });

  return (
    <form className="auth-form" onSubmit={save.submit} noValidate>
      <h1>¿Olvidó su contraseña?</h1>
      <p className="auth-lead">
        Ingrese el correo electrónico de su cuenta y le enviaremos un enlace para cambiar su contraseña.
      </p>
      <TextField
        id="email"
        label="Correo electrónico"
        error={errors.email}
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(email) => set({ email })}
        autoFocus
      />
      <Button type="submit" label="Enviar" icon="pi pi-send" loading={save.busy} className="w-full" />
      <BackToLogin />
    </form>
  );
}
