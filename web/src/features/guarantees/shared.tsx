// Pieces every guarantee screen shares: the page header with its breadcrumbs, the state and exception
// badges, the LO / CO / TE lights and small formatting helpers.
import { Link } from "@tanstack/react-router";
import { Dropdown } from "primereact/dropdown";
import { InputText } from "primereact/inputtext";
import { Tag } from "primereact/tag";
import type { ReactNode } from "react";
import {
  type DetalleGarantia,
  type Excepcion,
  EXCEPTION_STATE_LABELS,
  type ExceptionState,
  type GuaranteeReview,
  type ReviewedDetalle,
  type ReviewKind,
  type StateCode,
} from "#contract/guarantees/guarantees.ts";
import { FormField } from "../../components/form-field.tsx";
import { formatDate, formatDateTime, formatMoney } from "../../lib/format.ts";
import "./guarantees.css";

export interface Crumb {
  label: string;
  /** The lists a detail screen goes back to. */
  to?: "/garantias" | "/garantias/listado_garantias_revision" | "/garantias/listado_garantias_excepcion";
}

/** 'Garantías > Revisión de Garantías': where a staff detail screen goes back to. */
export const REVIEW_CRUMBS: Crumb[] = [
  { label: "Garantías" },
  { label: "Revisión de Garantías", to: "/garantias/listado_garantias_revision" },
];

/** The toolbar of a detail screen: its title and 'Inicio > …' breadcrumbs (spec 3 section 2). */
export function PageHeader(
  { title, crumbs, children }: { title: string; crumbs: Crumb[]; children?: ReactNode },
) {
  return (
    <div className="page-toolbar guarantee-toolbar">
      <div>
        <h1 className="page-title">{title}</h1>
        <nav aria-label="Ruta de navegación">
          <ol className="breadcrumbs">
            <li>
              <Link to="/dashboard" aria-label="Inicio">
                <i className="pi pi-home" aria-hidden="true" /> Inicio
              </Link>
            </li>
            {crumbs.map((c) => <li key={c.label}>{c.to ? <Link to={c.to}>{c.label}</Link> : c.label}</li>)}
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
      </div>
      {children && <div className="guarantee-toolbar-actions">{children}</div>}
    </div>
  );
}

// Tag colours of their own: PrimeReact's info, success and warning tags miss the AA contrast with white text.
const STATE_TONE: Partial<Record<StateCode, string>> = {
  REC: "tag-danger",
  ENV: "tag-info",
  IOK: "tag-success",
};

/** Rejected red, in review blue, approved green, the others grey (spec 3 section 4). */
export function StateBadge({ code, label }: { code: StateCode; label: string }) {
  return <Tag className={`state-badge ${STATE_TONE[code] ?? "tag-grey"}`} data-state={code} value={label} />;
}

const EXC_TONE: Partial<Record<ExceptionState, string>> = { APR: "tag-success", REC: "tag-danger" };

/** The exception badge: approved green, rejected red, otherwise yellow; none grey 'Sin Excepción'. */
export function ExceptionBadge(
  { state, type }: { state: ExceptionState | null | undefined; type?: string | null },
) {
  if (!state) return <Tag className="tag-grey" value="Sin Excepción" />;
  return (
    <Tag
      className={EXC_TONE[state] ?? "tag-warning"}
      value={`${type ?? "Excepción"}: ${EXCEPTION_STATE_LABELS[state]}`}
    />
  );
}

/** The red 'Con Excepción: {tipo}' badge of a guarantee whose exception is approved. */
export function WithException(
  { excepcion, detalle }: { excepcion: Excepcion | null; detalle: DetalleGarantia },
) {
  if (!excepcion || !detalle.is_excepcion || excepcion.codigo_estado_excepcion !== "APR") return null;
  return (
    <Tag className="with-exception tag-danger" value={`Con Excepción: ${excepcion.nombre_tipo_excepcion}`} />
  );
}

interface SelectProps<V extends string | number> {
  inputId: string;
  value: V | null;
  options: { label: string; value: V }[];
  placeholder?: string;
  disabled?: boolean;
  onChange: (v: V | null) => void;
}

/** A select that shows as plain disabled text when it cannot change (a disabled PrimeReact dropdown fails contrast). */
export function Select<V extends string | number>(
  { inputId, value, options, placeholder, disabled, onChange }: SelectProps<V>,
) {
  if (disabled) {
    return <InputText id={inputId} value={options.find((o) => o.value === value)?.label ?? ""} disabled />;
  }
  return (
    <Dropdown
      inputId={inputId}
      value={value}
      options={options}
      placeholder={placeholder ?? "Seleccione"}
      onChange={(e) => onChange(e.value ?? null)}
      pt={{ trigger: { "aria-label": "Mostrar opciones" } }}
    />
  );
}

/** A labelled Select. */
export function SelectField<V extends string | number>(
  { id, label, error, ...select }: Omit<SelectProps<V>, "inputId"> & {
    id: string;
    label: string;
    error?: string;
  },
) {
  return (
    <FormField id={id} label={label} error={error}>
      <Select inputId={id} {...select} />
    </FormField>
  );
}

const CAPTIONS = { LO: "Locatario", CO: "Cobranza", TE: "Tesorería" };

/** One light: the review's colour (grey while there is none), with its date, reviewer and observations. */
export function Light(
  { kind, review, detailed }: { kind: ReviewKind; review: GuaranteeReview | null; detailed?: boolean },
) {
  const color = review?.semaforo_color ?? "gris";
  const text = review
    ? `${kind}: ${color === "verde" ? "conforme" : "observado"} por ${review.usuario_revisor} el ${
      formatDateTime(review.fecha_revision)
    }`
    : `${kind}: sin revisión`;
  return (
    <div className={`light light-${color}`} data-light={kind} data-color={color} title={text}>
      <span className="light-dot" aria-hidden="true" />
      <span className="light-caption">{kind}</span>
      {detailed && (
        <span className="light-text">
          <strong>{CAPTIONS[kind]}</strong>
          {review
            ? (
              <>
                <span>{formatDateTime(review.fecha_revision)}</span>
                <span>{review.usuario_revisor}</span>
                <span className="light-obs">{review.observaciones}</span>
              </>
            )
            : <span className="muted">Sin revisión</span>}
        </span>
      )}
      <span className="sr-only">{text}</span>
    </div>
  );
}

/** LO, CO and TE (TE only where the treasury reviews: spec 3 section 4). */
export function Lights({ detalle, detailed }: { detalle: ReviewedDetalle; detailed?: boolean }) {
  return (
    <div className={`lights ${detailed ? "lights-detailed" : ""}`} aria-label="Semáforos de revisión">
      <Light kind="LO" review={detalle.revision_locatario} detailed={detailed} />
      <Light kind="CO" review={detalle.revision_cobranza} detailed={detailed} />
      {detalle.aplica_tesoreria && (
        <Light
          kind="TE"
          review={detalle.revision_tesoreria}
          detailed={detailed}
        />
      )}
    </div>
  );
}

/** A compact light for a grid cell. */
export function Dot({ color, kind }: { color: string | null; kind: ReviewKind }) {
  const c = color ?? "gris";
  return (
    <span className={`light light-${c} light-small`} data-light={kind} data-color={c} title={`${kind}: ${c}`}>
      <span className="light-dot" aria-hidden="true" />
      <span className="light-caption">{kind}</span>
    </span>
  );
}

export const NOT_APPLICABLE = "NO APLICA";

export const money = (
  v: number | null | undefined,
  symbol = "S/",
) => (v == null ? "" : formatMoney(v, symbol as "S/"));
export const date = (v: string | null | undefined) => formatDate(v) || "";

/** A read-only label and value pair. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="ro-field">
      <span className="ro-label">{label}</span>
      <span className="ro-value">{children === "" || children == null ? "—" : children}</span>
    </div>
  );
}
