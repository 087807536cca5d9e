import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { InputText } from "primereact/inputtext";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { fieldAria, FormField } from "../../components/form-field.tsx";
import { post } from "../../lib/api.ts";
import { requiredText, serverFieldErrors, useForm, validate } from "../../lib/forms.ts";

const forgotSchema = z.object({ email: requiredText("Ingresar Correo") });

export const Route = createFileRoute("/auth/forgotPassword")({
  component: ForgotPassword,
});

function ForgotPassword() {
  const navigate = useNavigate();
  const { values, set, errors, setErrors } = useForm({ email: "" });
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const v = validate(forgotSchema, values);
    setErrors(v.ok ? {} : v.errors);
    if (!v.ok) return;
    setBusy(true);
    try {
      // Message 104 (check your e-mail) is shown by the success dialog; the same answer for any address.
      await post("/api/auth/forgot-password", v.data, { anonymous: true });
      await navigate({ to: "/auth/login" });
    } catch (err) {
      setErrors(serverFieldErrors(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <h1>¿Olvidó su contraseña?</h1>
      <p className="auth-lead">
        Ingrese el correo electrónico de su cuenta y le enviaremos un enlace para cambiar su contraseña.
      </p>
      <FormField id="email" label="Correo electrónico" error={errors.email}>
        <InputText
          {...fieldAria("email", errors.email)}
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => set({ email: e.target.value })}
          autoFocus
        />
      </FormField>
      <Button type="submit" label="Enviar" icon="pi pi-send" loading={busy} className="w-full" />
      <Link to="/auth/login" className="auth-link">
        <i className="pi pi-arrow-left" aria-hidden="true" /> Volver a iniciar sesión
      </Link>
    </form>
  );
}
