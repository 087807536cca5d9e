import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Password } from "primereact/password";
import { Tag } from "primereact/tag";
import { useState } from "react";
import {
  REQUIRED_SLOTS,
  type Slot,
  SLOTS,
  type SlotView,
  type TenantUsers,
  tenantUsersBody,
} from "#contract/tenant.ts";
import { FormField } from "../../components/form-field.tsx";
import { TextField } from "../../components/fields.tsx";
import { AccountStateTag } from "../../components/account-state-tag.tsx";
import { LeaveGuard } from "../../components/leave-guard.tsx";
import { type FieldErrors, useDraft } from "../../lib/forms.ts";
import { useSave } from "../../lib/save.ts";
import { saveTenantUsers, TENANT_KEY, tenantUsersQuery } from "./api.ts";
import "./tenant.css";

const TITLES: Record<Slot, string> = {
  administrador: "Administrador",
  operador: "Operador",
  financiero1: "Financiero 1",
  financiero2: "Financiero 2",
};

type Person = { correo: string; nombreCompleto: string; contrasenia: string };
type Form = Record<Slot, Person>;

const formOf = (data: TenantUsers): Form =>
  Object.fromEntries(SLOTS.map((s) => [s, {
    correo: data[s]?.correo ?? "",
    nombreCompleto: data[s]?.nombreCompleto ?? "",
    contrasenia: "",
  }])) as Form;

/**
 * What the form sends: an optional slot left blank is null, a blank password keeps the current one, and the
 * version the edits started from.
 */
const bodyOf = (form: Form, version: number) => ({
  ...Object.fromEntries(SLOTS.map((slot) => {
    const v = form[slot];
    const empty = !v.correo.trim() && !v.nombreCompleto.trim() && !v.contrasenia;
    return [
      slot,
      empty && !REQUIRED_SLOTS.includes(slot) ? null : { ...v, contrasenia: v.contrasenia || undefined },
    ];
  })),
  version,
});

/** The four people of the session's contract: e-mail, name and a write-only password each. */
export function TenantUsersScreen() {
  const { data } = useQuery(tenantUsersQuery);
  if (!data) return null;
  return <UsersForm data={data} />;
}

function UsersForm({ data }: { data: TenantUsers }) {
  const queryClient = useQueryClient();
  // A refetch (another tab, a colleague) updates only the slots not being edited.
  const draft = useDraft<Form>(formOf(data));
  const form = draft.values;
  const [errors, setErrors] = useState<FieldErrors>({});
  // The version the edits start from: a refetch moves it only while nothing is typed, so a change made
  // meanwhile refuses the save (448) and the form keeps what was typed; after a 448, the newer version.
  const [version, setVersion] = useState(data.version);
  const [seen, setSeen] = useState(data.version);
  if (seen !== data.version) {
    setSeen(data.version);
    if (!draft.dirty) setVersion(data.version);
  }
  const save = useSave({
    send: saveTenantUsers,
    schema: tenantUsersBody,
    values: bodyOf(form, version),
    wholePath: true,
    setErrors,
    onStale: setVersion,
    onSaved: async () => {
      // The passwords leave the page as soon as they are saved: the dialog that says so shows before the
      // stored data is read again (found by tests/browser/tenant_portal_test.ts under load).
      draft.set((f) => Object.fromEntries(SLOTS.map((s) => [s, { ...f[s], contrasenia: "" }])) as Form);
      const fresh = await queryClient.fetchQuery({ ...tenantUsersQuery, staleTime: 0 });
      draft.commit(formOf(fresh));
      setVersion(fresh.version);
      queryClient.invalidateQueries({ queryKey: TENANT_KEY });
    },
  });
  const set = (slot: Slot, patch: Partial<Person>) =>
    draft.set((f) => ({ [slot]: { ...f[slot], ...patch } }));

  return (
    <form className="tenant-stack" onSubmit={save.submit} noValidate aria-label="Usuarios del contrato">
      <p className="page-lead muted">
        Las personas de su contrato. Las contraseñas nunca se muestran: puede definir una nueva para una
        persona, y quien se agrega recibe por correo el enlace para activar su cuenta.
      </p>
      <div className="slot-grid">
        {SLOTS.map((slot) => (
          <SlotCard
            key={slot}
            slot={slot}
            current={data[slot]}
            value={form[slot]}
            errors={errors}
            onChange={(patch) => set(slot, patch)}
          />
        ))}
      </div>
      <div className="closing-actions">
        <Button
          type="button"
          label="Descartar cambios"
          severity="secondary"
          text
          onClick={() => {
            draft.reset();
            setErrors({});
          }}
        />
        <Button type="submit" label="Guardar cambios" icon="pi pi-save" loading={save.busy} />
      </div>
      <LeaveGuard when={draft.dirty} />
    </form>
  );
}

function SlotCard({ slot, current: cur, value, errors, onChange }: {
  slot: Slot;
  current: SlotView | null;
  value: Person;
  errors: FieldErrors;
  onChange: (patch: Partial<Person>) => void;
}) {
  const err = (k: keyof Person) => errors[`${slot}.${k}`];
  const optional = !REQUIRED_SLOTS.includes(slot);
  return (
    <section className="slot-card" aria-label={TITLES[slot]}>
      <header>
        <h3>{TITLES[slot]}</h3>
        {cur
          ? <AccountStateTag active={cur.estado === "A"} activated={cur.contraseniaDefinida} />
          : <Tag value="Sin asignar" severity="secondary" rounded />}
      </header>
      {!cur && optional && (
        <p className="slot-empty">Complete los datos para agregar a esta persona (opcional).</p>
      )}
      <TextField
        id={`${slot}-correo`}
        label="Email"
        error={err("correo")}
        type="email"
        value={value.correo}
        onChange={(correo) => onChange({ correo })}
      />
      <TextField
        id={`${slot}-nombre`}
        label="Usuario"
        error={err("nombreCompleto")}
        value={value.nombreCompleto}
        onChange={(nombreCompleto) => onChange({ nombreCompleto })}
      />
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
          value={value.contrasenia}
          onChange={(e) => onChange({ contrasenia: e.target.value })}
          feedback={false}
          toggleMask
          disabled={cur?.esUsted}
          autoComplete="new-password"
          invalid={!!err("contrasenia")}
          aria-describedby={err("contrasenia") ? `${slot}-contrasenia-error` : `${slot}-contrasenia-hint`}
          placeholder={cur?.contraseniaDefinida ? "Sin cambios" : ""}
        />
      </FormField>
      {optional && cur && (
        <Button
          type="button"
          label="Quitar"
          icon="pi pi-user-minus"
          severity="danger"
          text
          size="small"
          onClick={() => onChange({ correo: "", nombreCompleto: "", contrasenia: "" })}
        />
      )}
    </section>
  );
}
