// 'Registro de Amonestación' (spec 3 section 2.1): mall, local (Tab fills the tenant), reason, responsible
// person, date and time, detail and pictures. The contract's schema judges it here and on the server.
import { useQuery } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Calendar } from "primereact/calendar";
import { Dropdown } from "primereact/dropdown";
import { InputText } from "primereact/inputtext";
import { InputTextarea } from "primereact/inputtextarea";
import { type FormEvent, type KeyboardEvent, useState } from "react";
import {
  DNI_DIGITS,
  IMAGE_ACCEPT,
  imageProblem,
  MAX_IMAGES,
  registerReprimandForm,
  type RegisterReprimandInput,
  type ReprimandLocal,
  responsibleWarnings,
  TAB_HINT,
  TOO_MANY_IMAGES,
} from "#contract/reprimands.ts";
import { fieldAria, FormField } from "../../components/form-field.tsx";
import { formatMoney } from "../../lib/format.ts";
import { type FieldErrors, validate } from "../../lib/forms.ts";
import { useSave } from "../../lib/save.ts";
import { useLeaveGuard } from "../../lib/leave-guard.ts";
import { useSession } from "../../lib/session.ts";
import { SavedDialog } from "../../components/dialogs/dialog-frame.tsx";
import { catalogQuery, localsQuery, registerReprimand } from "./api.ts";
import "./reprimands.css";
import { IconButton } from "../../components/data-table/icon-button.tsx";

export function RegisterScreen() {
  // 'Aceptar' after saving starts a new, empty form (the old screen reloaded the page).
  const [round, setRound] = useState(0);
  return <RegisterForm key={round} onDone={() => setRound((n) => n + 1)} />;
}

type Values = {
  mall: number | null;
  local: string;
  tipo: number | null;
  motivo: number | null;
  responsable: string;
  dni: string;
  when: Date;
  detalle: string;
};

const pad = (n: number) => String(n).padStart(2, "0");
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const timeOf = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** Lima's wall clock now, as a local Date the picker shows as is (the server reads the fields as Lima time). */
function limaNow(): Date {
  const l = new Date(Date.now() - 5 * 3600_000);
  return new Date(l.getUTCFullYear(), l.getUTCMonth(), l.getUTCDate(), l.getUTCHours(), l.getUTCMinutes());
}

function RegisterForm({ onDone }: { onDone: () => void }) {
  const session = useSession();
  const { data: catalog } = useQuery(catalogQuery);
  const [v, setValues] = useState<Values>(() => ({
    mall: null,
    local: "",
    tipo: null,
    motivo: null,
    responsable: "",
    dni: "",
    when: limaNow(),
    detalle: "",
  }));
  const [tenant, setTenant] = useState<ReprimandLocal | null>(null);
  const [pictures, setPictures] = useState<File[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  // The Responsable and DNI flags show once a save was tried, and follow the values from then on: each
  // goes as soon as its field is filled (a flag kept after a valid DNI was typed misled people).
  const [warned, setWarned] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [saved, setSaved] = useState(false);
  const locals = useQuery({ ...localsQuery(v.mall ?? 0), enabled: v.mall != null });
  useLeaveGuard(dirty && !saved);

  const set = (patch: Partial<Values>) => {
    setValues((x) => ({ ...x, ...patch }));
    setDirty(true);
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k === "mall" ? "unidadEconomica" : k];
      return next;
    });
  };
  const tipo = catalog?.tipos.find((t) => t.id === v.tipo);
  const motivo = tipo?.motivos.find((m) => m.id === v.motivo);

  /** Tab on Local: the local typed (or the only one it starts) fills the tenant data. */
  const autofill = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== "Tab" || !locals.data) return;
    const typed = v.local.trim().toUpperCase();
    const starts = locals.data.filter((l) => l.local.startsWith(typed));
    const match = locals.data.find((l) => l.local === typed) ?? (starts.length === 1 ? starts[0] : null);
    setTenant(match);
    if (match) set({ local: match.local });
  };

  const input = (): RegisterReprimandInput => ({
    unidadEconomica: v.mall == null ? "" : String(v.mall),
    local: v.local,
    tipoMotivo: v.tipo == null ? "" : String(v.tipo),
    motivo: v.motivo == null ? "" : String(v.motivo),
    responsable: v.responsable,
    dni: v.dni,
    fecha: dayOf(v.when),
    hora: timeOf(v.when),
    detalle: v.detalle,
  });

  const warnings: FieldErrors = warned ? responsibleWarnings(v, session.role.id) : {};

  const save = useSave({
    send: (form: FormData) => registerReprimand(form, session.csrfToken),
    setErrors,
    onSaved: () => setSaved(true),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const fields = input();
    const checked = validate(registerReprimandForm, fields);
    const pictureError = pictures.length > MAX_IMAGES
      ? TOO_MANY_IMAGES
      : pictures.map(imageProblem).find((p) => p != null);
    setErrors({ ...(checked.ok ? {} : checked.errors), ...(pictureError ? { pictures: pictureError } : {}) });
    setWarned(true);
    if (!checked.ok || pictureError || save.busy) return;
    const form = new FormData();
    for (const [k, x] of Object.entries(fields)) form.append(k, String(x ?? ""));
    for (const p of pictures) form.append("pictures", p);
    save.save(form);
  };

  const mallOptions = (catalog?.malls ?? []).map((m) => ({ label: m.nombre, value: m.id }));
  const tipoOptions = (catalog?.tipos ?? []).map((t) => ({ label: t.nombre, value: t.id }));
  const motivoOptions = (tipo?.motivos ?? []).map((m) => ({ label: m.nombre, value: m.id }));
  const dropdownAria = (id: string, error?: string) => ({
    inputId: id,
    pt: { trigger: { "aria-label": "Mostrar opciones" } },
    className: error ? "p-invalid" : undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
  });

  return (
    <form className="card" onSubmit={submit} noValidate aria-label="Registro de Amonestación">
      <div className="reprimand-form">
        <FormField id="rep-mall" label="Mall" error={errors.unidadEconomica}>
          <Dropdown
            {...dropdownAria("rep-mall", errors.unidadEconomica)}
            value={v.mall}
            options={mallOptions}
            placeholder="Seleccione un mall"
            onChange={(e) => {
              set({ mall: e.value, local: "" });
              setTenant(null);
            }}
          />
        </FormField>
        <FormField id="rep-local" label="Local" error={errors.local} hint={TAB_HINT}>
          <InputText
            {...fieldAria("rep-local", errors.local, TAB_HINT)}
            value={v.local}
            list="rep-locals"
            autoComplete="off"
            maxLength={20}
            onKeyDown={autofill}
            onChange={(e) => {
              set({ local: e.target.value.toUpperCase() });
              setTenant(null);
            }}
          />
          <datalist id="rep-locals">
            {(locals.data ?? []).map((l) => <option key={l.local} value={l.local} />)}
          </datalist>
        </FormField>
        <dl className="reprimand-facts wide" aria-label="Datos del locatario">
          <dt>Locatario</dt>
          <dd data-testid="rep-locatario">{tenant?.locatario ?? "—"}</dd>
          <dt>Contrato</dt>
          <dd>{tenant ? `${tenant.contrato} · RUC ${tenant.ruc}` : "—"}</dd>
        </dl>
        <FormField id="rep-tipo" label="Tipo de Motivo" error={errors.tipoMotivo}>
          <Dropdown
            {...dropdownAria("rep-tipo", errors.tipoMotivo)}
            value={v.tipo}
            options={tipoOptions}
            placeholder="Seleccione un tipo"
            onChange={(e) => set({ tipo: e.value, motivo: null })}
          />
        </FormField>
        <FormField id="rep-motivo" label="Motivo" error={errors.motivo}>
          <Dropdown
            {...dropdownAria("rep-motivo", errors.motivo)}
            value={v.motivo}
            options={motivoOptions}
            emptyMessage="Seleccione primero un Tipo de Motivo"
            placeholder="Seleccione un motivo"
            onChange={(e) => set({ motivo: e.value })}
          />
        </FormField>
        {motivo && (
          <dl className="reprimand-facts wide" aria-label="Montos">
            <dt>Monto Base</dt>
            <dd>{formatMoney(motivo.montoBase)}</dd>
            <dt>Descuento (%)</dt>
            <dd>{motivo.descuentoPorcentaje}</dd>
          </dl>
        )}
        <FormField
          id="rep-responsable"
          label="Responsable"
          error={errors.responsable ?? warnings.responsable}
        >
          <InputText
            {...fieldAria("rep-responsable", errors.responsable ?? warnings.responsable)}
            value={v.responsable}
            maxLength={120}
            onChange={(e) => set({ responsable: e.target.value })}
          />
        </FormField>
        <FormField id="rep-dni" label="DNI" error={errors.dni ?? warnings.dni}>
          <InputText
            {...fieldAria("rep-dni", errors.dni ?? warnings.dni)}
            value={v.dni}
            inputMode="numeric"
            onChange={(e) => {
              // A DNI is 8 digits: anything else is refused aloud, never dropped silently.
              const text = e.target.value.trim();
              if (/^\d{0,8}$/.test(text)) set({ dni: text });
              else setErrors((x) => ({ ...x, dni: DNI_DIGITS }));
            }}
          />
        </FormField>
        <FormField id="rep-fecha" label="Fecha y hora" error={errors.fecha ?? errors.hora}>
          <Calendar
            inputId="rep-fecha"
            value={v.when}
            showTime
            hourFormat="24"
            dateFormat="dd/mm/yy"
            locale="es"
            showIcon
            maxDate={limaNow()}
            onChange={(e) => e.value instanceof Date && set({ when: e.value })}
          />
        </FormField>
        <div className="wide">
          <FormField id="rep-detalle" label="Detalle" error={errors.detalle}>
            <InputTextarea
              {...fieldAria("rep-detalle", errors.detalle)}
              value={v.detalle}
              rows={4}
              maxLength={2000}
              onChange={(e) => set({ detalle: e.target.value })}
            />
          </FormField>
        </div>
        <div className="wide">
          <Pictures
            files={pictures}
            error={errors.pictures}
            onChange={(files) => {
              setPictures(files);
              setDirty(true);
              setErrors((e) => ({ ...e, pictures: undefined }));
            }}
          />
        </div>
      </div>
      <div className="reprimand-actions">
        <Button type="submit" label="Registrar" icon="pi pi-save" loading={save.busy} />
      </div>
      <SavedDialog visible={saved} message="La amonestación se registró correctamente." onAccept={onDone} />
    </form>
  );
}

/** The chosen pictures: each checked by name and size when chosen ('Archivo no soportado'). */
function Pictures(
  { files, error, onChange }: { files: File[]; error?: string; onChange: (f: File[]) => void },
) {
  const [problem, setProblem] = useState<string | null>(null);
  const message = problem ?? error;
  return (
    <FormField id="rep-imagenes" label="Imágenes (.jpg, .gif, .png; hasta 5 MB cada una)" error={message}>
      <input
        {...fieldAria("rep-imagenes", message)}
        type="file"
        multiple
        accept={IMAGE_ACCEPT}
        onChange={(e) => {
          const chosen = [...(e.target.files ?? [])];
          e.target.value = "";
          const bad = chosen.map(imageProblem).find((p) =>
            p != null
          ) ?? null;
          setProblem(bad);
          if (!bad) {
            onChange([...files, ...chosen].slice(0, MAX_IMAGES));
          }
        }}
      />
      {files.length > 0 && (
        <ul className="reprimand-pictures" aria-label="Imágenes elegidas">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`}>
              <i className="pi pi-image" aria-hidden="true" /> {f.name}
              <IconButton
                icon="pi pi-times"
                ariaLabel={`Quitar ${f.name}`}
                onClick={() =>
                  onChange(files.filter((_, j) => j !== i))}
              />
            </li>
          ))}
        </ul>
      )}
    </FormField>
  );
}
