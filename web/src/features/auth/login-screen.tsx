import { useQueryClient } from "@tanstack/react-query";
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { Password } from "primereact/password";
import type { z } from "zod";
import { loginBody } from "#contract/auth.ts";
import { FormField } from "../../components/form-field.tsx";
import { TextField } from "../../components/fields.tsx";
import { setCsrfToken } from "../../lib/api.ts";
import { useForm } from "../../lib/forms.ts";
import { useSave } from "../../lib/save.ts";
import { safeRedirect, SESSION_KEY } from "../../lib/session.ts";
import { signIn } from "./api.ts";

const route = getRouteApi("/auth/login");

/** 'Iniciar sesión': e-mail and password; then back to the screen that asked for it, else to /. */
export function LoginScreen() {
  const { redirect: back } = route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { values: form, set, errors, setErrors } = useForm({ email: "", password: "" });
  const save = useSave({
    schema: loginBody,
    values: form,
    setErrors,
    send: async (body: z.output<typeof loginBody>) => {
      const session = await signIn(body);
      setCsrfToken(session.csrfToken);
      queryClient.clear();
      queryClient.setQueryData(SESSION_KEY, session);
      const target = safeRedirect(back);
      await (target ? navigate({ href: target, replace: true }) : navigate({ to: "/", replace: true }));
    },
    // The error dialog already shows why (e.g. 438 invalid account or password).
    onFailed: () => set({ password: "" }),
  });

  return (
    <form className="auth-form" onSubmit={save.submit} noValidate>
      <h1>Iniciar sesión</h1>
      <p className="auth-lead">Ingrese con su correo electrónico y contraseña.</p>
      <TextField
        id="email"
        label="Correo electrónico"
        error={errors.email}
        type="email"
        autoComplete="username"
        value={form.email}
        onChange={(email) => set({ email })}
        autoFocus
      />
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
      <Button type="submit" label="Ingresar" icon="pi pi-sign-in" loading={save.busy} className="w-full" />
      <Link to="/auth/forgotPassword" className="auth-link">¿Olvidó su contraseña?</Link>
    </form>
  );
}
