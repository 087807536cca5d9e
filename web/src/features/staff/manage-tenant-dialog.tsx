// 'Gestionar' (spec 2, manage tenant): the contract's operator and administrator (required), finance 1 and 2
// (optional) and its commercial classification, sub-classification and category (required). Staff type a
// name and an e-mail only: a new person gets the activation mail, nobody's password is seen or set here.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Dropdown } from "primereact/dropdown";
import { InputText } from "primereact/inputtext";
import { useState } from "react";
import { type ManagedTenant, manageTenantBody, type TenantOptions } from "#contract/staff.ts";
import type { Slot } from "#contract/tenant.ts";
import { fieldAria, FormField, OptionalMark } from "../../components/form-field.tsx";
import { LeaveGuard } from "../../components/leave-guard.tsx";
import { DialogFrame, SavedDialog } from "../../components/dialogs/dialog-frame.tsx";
import { DialogForm } from "../../components/dialogs/form-dialog.tsx";
import type { FieldErrors } from "../../lib/forms.ts";
import { useSave, useVersion } from "../../lib/save.ts";
import { managedTenantQuery, manageTenant, STAFF_KEY, tenantOptionsQuery } from "./api.ts";
import "./staff.css";

const PEOPLE: { slot: Slot; title: string; optional: boolean }[] = [
  { slot: "operador", title: "Operador", optional: false },
  { slot: "administrador", title: "Administrador", optional: false },
  { slot: "financiero1", title: "Financiero 1", optional: true },
  { slot: "financiero2", title: "Financiero 2", optional: true },
];

type Values = Record<Slot, { correo: string; nombre: string }> & {
  clasificacionComercialId: number | null;
  clasificacionSubComercialId: number | null;
  categoriaId: number | null;
};

const valuesOf = (m: ManagedTenant): Values => ({
  operador: { correo: m.personas.operador?.correo ?? "", nombre: m.personas.operador?.nombre ?? "" },
  administrador: {
    correo: m.personas.administrador?.correo ?? "",
    nombre: m.personas.administrador?.nombre ?? "",
  },
  financiero1: { correo: m.personas.financiero1?.correo ?? "", nombre: m.personas.financiero1?.nombre ?? "" },
  financiero2: { correo: m.personas.financiero2?.correo ?? "", nombre: m.personas.financiero2?.nombre ?? "" },
  clasificacionComercialId: m.clasificacionComercialId,
  clasificacionSubComercialId: m.clasificacionSubComercialId,
  categoriaId: m.categoriaId,
});

export function ManageTenantDialog({ code, onClose }: { code: string; onClose: () => void }) {
  const { data } = useQuery(managedTenantQuery(code));
  const { data: options } = useQuery(tenantOptionsQuery);
  return (
    <DialogFrame header={`Gestionar Locatario ${code}`} width="60rem" maxWidth="96vw" onClose={onClose}>
      {!data || !options
        ? <p className="muted">Cargando información ...</p>
        : <ManageForm tenant={data} options={options} onClose={onClose} />}
    </DialogFrame>
  );
}

function ManageForm(
  { tenant, options, onClose }: {
    tenant: ManagedTenant;
    options: TenantOptions;
    onClose: () => void;
  },
) {
  const queryClient = useQueryClient();
  const [initial] = useState(() => valuesOf(tenant));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const set = (patch: Partial<Values>, keys: string[]) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of keys) delete next[k];
      return next;
    });
  };
  const { version, onStale } = useVersion(tenant.version);
  const person = (slot: Slot, optional: boolean) => {
    const p = values[slot];
    return optional && !p.correo.trim() && !p.nombre.trim() ? null : p;
  };
  const save = useSave({
    schema: manageTenantBody,
    values: {
      numContrato: tenant.numContrato,
      operador: person("operador", false),
      administrador: person("administrador", false),
      financiero1: person("financiero1", true),
      financiero2: person("financiero2", true),
      clasificacionComercialId: values.clasificacionComercialId,
      clasificacionSubComercialId: values.clasificacionSubComercialId,
      categoriaId: values.categoriaId,
      version,
    },
    wholePath: true,
    setErrors,
    send: manageTenant,
    onStale,
  });
  const accept = () => {
    queryClient.invalidateQueries({ queryKey: STAFF_KEY });
    onClose();
  };
  const subs = options.clasificacionSubComercial.filter((s) =>
    s.parentId === values.clasificacionComercialId
  );

  if (save.saved) {
    return (
      <SavedDialog
        message={`Los datos del contrato ${tenant.numContrato} se guardaron correctamente.`}
        onAccept={accept}
      />
    );
  }
  return (
    <DialogForm id="manage-tenant" onClose={onClose} save={save}>
      <LeaveGuard when={dirty && !save.busy} />
      <p className="muted">
        {tenant.nombre} · RUC {tenant.ruc} ·{" "}
        {tenant.mall}. Las personas nuevas reciben un correo para activar su cuenta y definir su contraseña.
      </p>
      <div className="manage-grid">
        {PEOPLE.map(({ slot, title, optional }) => {
          const state = tenant.personas[slot];
          const err = (k: string) => errors[`${slot}.${k}`] ?? (k === "correo" ? errors[slot] : undefined);
          return (
            <fieldset key={slot}>
              <legend>{title}{optional && <OptionalMark />}</legend>
              <FormField id={`${slot}-nombre`} label="Nombre" error={err("nombre")}>
                <InputText
                  {...fieldAria(`${slot}-nombre`, err("nombre"))}
                  value={values[slot].nombre}
                  onChange={(e) =>
                    set({ [slot]: { ...values[slot], nombre: e.target.value } } as Partial<Values>, [
                      `${slot}.nombre`,
                      slot,
                    ])}
                />
              </FormField>
              <FormField id={`${slot}-correo`} label="Correo" error={err("correo")}>
                <InputText
                  {...fieldAria(`${slot}-correo`, err("correo"))}
                  type="email"
                  value={values[slot].correo}
                  onChange={(e) =>
                    set({ [slot]: { ...values[slot], correo: e.target.value } } as Partial<Values>, [
                      `${slot}.correo`,
                      slot,
                    ])}
                />
              </FormField>
              {state && state.correo === values[slot].correo && (
                <span className="person-state">
                  {state.estado === "I"
                    ? "Bloqueado"
                    : state.pendiente
                    ? "Pendiente de activación"
                    : "Activo"}
                </span>
              )}
            </fieldset>
          );
        })}
      </div>
      <div className="manage-grid">
        <FormField id="clasificacion" label="Clasificación Comercial" error={errors.clasificacionComercialId}>
          <Dropdown
            inputId="clasificacion"
            value={values.clasificacionComercialId}
            options={options.clasificacionComercial}
            optionLabel="label"
            optionValue="value"
            placeholder="Seleccione"
            className={errors.clasificacionComercialId ? "p-invalid" : undefined}
            onChange={(e) => set({ clasificacionComercialId: e.value, clasificacionSubComercialId: null }, [
              "clasificacionComercialId",
              "clasificacionSubComercialId",
            ])}
          />
        </FormField>
        <FormField
          id="subclasificacion"
          label="Sub Clasificación Comercial"
          error={errors.clasificacionSubComercialId}
        >
          <Dropdown
            inputId="subclasificacion"
            value={values.clasificacionSubComercialId}
            options={subs}
            optionLabel="label"
            optionValue="value"
            placeholder="Seleccione"
            className={errors.clasificacionSubComercialId ? "p-invalid" : undefined}
            onChange={(e) => set({ clasificacionSubComercialId: e.value }, ["clasificacionSubComercialId"])}
          />
        </FormField>
        <FormField id="categoria" label="Categoría" error={errors.categoriaId}>
          <Dropdown
            inputId="categoria"
            value={values.categoriaId}
            options={options.categorias}
            optionLabel="label"
            optionValue="value"
            placeholder="Seleccione"
            filter
            className={errors.categoriaId ? "p-invalid" : undefined}
            onChange={(e) => set({ categoriaId: e.value }, ["categoriaId"])}
          />
        </FormField>
      </div>
    </DialogForm>
  );
}
