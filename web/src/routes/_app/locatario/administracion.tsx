import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { InputText } from "primereact/inputtext";
import { Password } from "primereact/password";
import { Tag } from "primereact/tag";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { fieldAria, FormField } from "../../../components/form-field.tsx";
import { ApiError, put } from "../../../lib/api.ts";
import { type FieldErrors, requiredEmail, requiredText } from "../../../lib/forms.ts";
import { type Slot, SLOTS, TENANT_KEY, type TenantUsers, tenantUsersQuery } from "../-tenant/api.ts";
import { tenantScreen } from "../-tenant/shared.tsx";

/** The four people of the session's contract: e-mail, name and a write-only password each. */
export const Route = createFileRoute("/_app/locatario/administracion")({
  staticData: { title: "Administración de Usuarios" },
  beforeLoad: tenantScreen("GESTION_USUARIOS_LOCATARIO"),
  loader: ({ context }) => context.queryClient.ensureQueryData(tenantUsersQuery),
  component: TenantUsersScreen,
});

const TITLES: Record<Slot, string> = {
  administrador: "Administrador",
  operador: "Operador",
  financiero1: "Financiero 1",
  financiero2: "Financiero 2",
};
const REQUIRED: Slot[] = ["administrador", "operador"];
const SHORT = "La contraseña debe tener al menos 8 caracteres.";

const person = z.object({
  correo: requiredEmail("Ingresar el correo"),
  nombreCompleto: requiredText("Ingresar el nombre"),
  contrasenia: z.string().refine((x) => x.length === 0 || x.length >= 8, SHORT),
});

type Form = Record<Slot, { correo: string; nombreCompleto: string; contrasenia: string }>;

const formOf = (data: TenantUsers): Form =>
  Object.fromEntries(SLOTS.map((s) => [s, {
    correo: data[s]?.correo ?? "",
    nombreCompleto: data[s]?.nombreCompleto ?? "",
    contrasenia: "",
  }])) as Form;

function TenantUsersScreen() {
  const { data } = useQuery(tenantUsersQuery);
  if (!data) return null;
  return <UsersForm data={data} />;
}

function UsersForm({ data }: { data: TenantUsers }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(() => formOf(data));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation({
    mutationFn: (body: unknown) => put("/api/tenant/users", body),
    onSuccess: async () => {
      const fresh = await queryClient.fetchQuery({ ...tenantUsersQuery, staleTime: 0 });
      setForm(formOf(fresh));
      queryClient.invalidateQueries({ queryKey: TENANT_KEY });
    },
    onError: (e) => setErrors(e instanceof ApiError ? e.fieldErrors : {}),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: FieldErrors = {};
    const body: Record<string, unknown> = {};
    for (const slot of SLOTS) {
      const v = form[slot];
      const empty = !v.correo.trim() && !v.nombreCompleto.trim() && !v.contrasenia;
      if (empty && !REQUIRED.includes(slot)) {
        body[slot] = null;
        continue;
      }
      const r = person.safeParse(v);
      if (!r.success) {
        for (const issue of r.error.issues) found[`${slot}.${String(issue.path[0])}`] ??= issue.message;
        continue;
      }
      body[slot] = {
        correo: r.data.correo,
        nombreCompleto: r.data.nombreCompleto,
        ...(r.data.contrasenia ? { contrasenia: r.data.contrasenia } : {}),
      };
    }
    setErrors(found);
    if (Object.keys(found).length === 0 && !save.isPending) save.mutate(body);
  };
  const set = (slot: Slot, patch: Partial<Form[Slot]>) =>
    setForm((f) => ({ ...f, [slot]: { ...f[slot], ...patch } }));

  return (
    <form className="tenant-stack" onSubmit={submit} noValidate aria-label="Usuarios del contrato">
      <p className="page-lead muted">
        Las personas de su contrato. Las contraseñas nunca se muestran: puede definir una nueva para una
        persona, y quien se agrega recibe por correo el enlace para activar su cuenta.
      </p>
      <div className="slot-grid">
        {SLOTS.map((slot) => {
          const cur = data[slot];
          const err = (k: string) => errors[`${slot}.${k}`];
          return (
            <section key={slot} className="slot-card" aria-label={TITLES[slot]}>
              <header>
                <h3>{TITLES[slot]}</h3>
                {cur
                  ? (
                    <Tag
                      value={cur.contraseniaDefinida ? "Contraseña definida" : "Pendiente de activación"}
                      severity={cur.contraseniaDefinida ? "success" : "warning"}
                      rounded
                    />
                  )
                  : <Tag value="Sin asignar" severity="secondary" rounded />}
              </header>
              {!cur && !REQUIRED.includes(slot) && (
                <p className="slot-empty">Complete los datos para agregar a esta persona (opcional).</p>
              )}
              <FormField id={`${slot}-correo`} label="Email" error={err("correo")}>
                <InputText
                  {...fieldAria(`${slot}-correo`, err("correo"))}
                  type="email"
                  value={form[slot].correo}
                  onChange={(e) => set(slot, { correo: e.target.value })}
                />
              </FormField>
              <FormField id={`${slot}-nombre`} label="Usuario" error={err("nombreCompleto")}>
                <InputText
                  {...fieldAria(`${slot}-nombre`, err("nombreCompleto"))}
                  value={form[slot].nombreCompleto}
                  onChange={(e) => set(slot, { nombreCompleto: e.target.value })}
                />
              </FormField>
              <FormField
                id={`${slot}-contrasenia`}
                label="Contraseña"
                error={err("contrasenia")}
                hint={cur?.esUsted
                  ? "Su propia contraseña se cambia con la opción 'Cambiar contraseña'."
                  : cur?.contraseniaDefinida
                  ? "Déjela en blanco para mantener la actual."
                  : "Opcional: la persona puede definirla con el enlace de activación."}
              >
                <Password
                  inputId={`${slot}-contrasenia`}
                  value={form[slot].contrasenia}
                  onChange={(e) => set(slot, { contrasenia: e.target.value })}
                  feedback={false}
                  toggleMask
                  disabled={cur?.esUsted}
                  autoComplete="new-password"
                  invalid={!!err("contrasenia")}
                  aria-describedby={err("contrasenia")
                    ? `${slot}-contrasenia-error`
                    : `${slot}-contrasenia-hint`}
                  placeholder={cur?.contraseniaDefinida ? "Sin cambios" : ""}
                />
              </FormField>
              {!REQUIRED.includes(slot) && cur && (
                <Button
                  type="button"
                  label="Quitar"
                  icon="pi pi-user-minus"
                  severity="danger"
                  text
                  size="small"
                  onClick={() => set(slot, { correo: "", nombreCompleto: "", contrasenia: "" })}
                />
              )}
            </section>
          );
        })}
      </div>
      <div className="closing-actions">
        <Button
          type="button"
          label="Descartar cambios"
          severity="secondary"
          text
          onClick={() => {
            setForm(formOf(data));
            setErrors({});
          }}
        />
        <Button type="submit" label="Guardar cambios" icon="pi pi-save" loading={save.isPending} />
      </div>
    </form>
  );
}
