import { useQueryClient } from "@tanstack/react-query";
import { createFileRoute, Link, redirect, useNavigate } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { InputText } from "primereact/inputtext";
import { Password } from "primereact/password";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { fieldAria, FormField } from "../../components/form-field.tsx";
import { post, setCsrfToken } from "../../lib/api.ts";
import { requiredText, useForm, validate } from "../../lib/forms.ts";
import { safeRedirect, type Session, SESSION_KEY, sessionQueryOptions } from "../../lib/session.ts";

const loginSchema = z.object({
  email: requiredText("Ingresar correo electrónico"),
  password: z.string().min(1, "Ingresar Contraseña"),
});

export const Route = createFileRoute("/auth/login")({
  validateSearch: z.object({ redirect: z.string().optional().catch(undefined) }),
  beforeLoad: async ({ context }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions);
    if (session) throw redirect({ to: "/", replace: true });
  },
  staticData: { title: "Iniciar sesión" },
  component: Login,
});

function Login() {
  const { redirect: back } = Route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { values: form, set, errors, setErrors } = useForm({ email: "", password: "" });
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const v = validate(loginSchema, form);
    setErrors(v.ok ? {} : v.errors);
    if (!v.ok) return;
    setBusy(true);
    try {
      const session = await post<Session>("/api/auth/login", v.data, { anonymous: true });
      setCsrfToken(session.csrfToken);
      queryClient.clear();
      queryClient.setQueryData(SESSION_KEY, session);
      const target = safeRedirect(back);
      await (target ? navigate({ href: target, replace: true }) : navigate({ to: "/", replace: true }));
    } catch {
      // The error dialog already shows why (e.g. 438 invalid account or password).
      set({ password: "" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <h1>Iniciar sesión</h1>
      <p className="auth-lead">Ingrese con su correo electrónico y contraseña.</p>
      <FormField id="email" label="Correo electrónico" error={errors.email}>
        <InputText
          {...fieldAria("email", errors.email)}
          type="email"
          autoComplete="username"
          value={form.email}
          onChange={(e) => set({ email: e.target.value })}
          autoFocus
        />
      </FormField>
      <FormField id="password" label="Contraseña" error={errors.password}>
        <Password
          inputId="password"
          inputClassName={errors.password ? "p-invalid" : undefined}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? "password-error" : undefined}
          autoComplete="current-password"
          value={form.password}
          onChange={(e) => set({ password: e.target.value })}
          feedback={false}
          toggleMask
        />
      </FormField>
      <Button type="submit" label="Ingresar" icon="pi pi-sign-in" loading={busy} className="w-full" />
      <Link to="/auth/forgotPassword" className="auth-link">¿Olvidó su contraseña?</Link>
    </form>
  );
}
