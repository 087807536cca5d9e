// The editable fields of 'Actualizar Garantía': the main fields (general data and the letter or cash
// operation) and, once an exception is approved, only the exception's own fields.
import { useQuery } from "@tanstack/react-query";
import {
  CASH,
  FIRST_LETTER,
  type GuaranteeSaveBody,
  type GuaranteeView,
  LETTER,
  LETTER_KINDS,
  type LetterKindId,
  parseAmount,
  RENEWAL_LETTER,
} from "#contract/guarantees/guarantees.ts";
import { DateField, DateRangeField, TextField } from "../../components/fields.tsx";
import { NumberField } from "../../components/number-field.tsx";
import { isoDate } from "../../lib/format.ts";
import { catalogQuery } from "./api.ts";
import { SelectField } from "./shared.tsx";

export interface FormState {
  razon_social: string;
  nombre_comercial: string;
  id_banco: number | null;
  importe: string;
  id_tipo_carta_fianza: LetterKindId;
  nro_carta_fianza: string;
  nro_operacion: string;
  vigencia: (Date | null)[] | null;
  exc_banco: number | null;
  exc_nro: string;
  exc_fecha: Date | null;
  exc_vigencia: (Date | null)[] | null;
}

const toDate = (iso: string | null | undefined) => {
  if (!iso) return null;
  const [y, m, d] = iso.split("-").map(Number);
  return new Date(y, m - 1, d);
};
const amountText = (v: number | null) =>
  v == null ? "" : v.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function initialForm(view: GuaranteeView): FormState {
  const d = view.detalle_garantia;
  const e = view.excepcion;
  const cashExc = e?.codigo_tipo_garantia_excepcion === CASH;
  return {
    razon_social: view.garantia.razon_social,
    nombre_comercial: view.garantia.nombre_comercial,
    id_banco: d.banco?.id_banco ?? null,
    importe: amountText(d.importe),
    id_tipo_carta_fianza: d.id_tipo_carta_fianza === RENEWAL_LETTER ? RENEWAL_LETTER : FIRST_LETTER,
    nro_carta_fianza: d.nro_carta_fianza ?? "",
    nro_operacion: d.nro_operacion ?? "",
    vigencia: d.fecha_emision_carta_fianza || d.fecha_vencimiento_carta_fianza
      ? [toDate(d.fecha_emision_carta_fianza), toDate(d.fecha_vencimiento_carta_fianza)]
      : null,
    exc_banco: (cashExc ? e?.id_banco_efectivo : e?.id_banco_carta_fianza) ?? null,
    exc_nro: (cashExc ? e?.nro_operacion_efectivo : e?.nro_carta_fianza) ?? "",
    exc_fecha: toDate(e?.fecha_deposito_efectivo),
    exc_vigencia: e?.fecha_emision_carta_fianza
      ? [toDate(e.fecha_emision_carta_fianza), toDate(e.fecha_vencimiento_carta_fianza)]
      : null,
  };
}

const iso = (d: Date | null | undefined) => (d ? isoDate(d) : null);

/** The save payload (spec 3 section 3, 'Guarantee detail save payload'), with the version the form read. */
export function toBody(view: GuaranteeView, f: FormState, version: number): GuaranteeSaveBody {
  const e = view.excepcion;
  const cashExc = e?.codigo_tipo_garantia_excepcion === CASH;
  return {
    razon_social: f.razon_social,
    nombre_comercial: f.nombre_comercial,
    id_banco: f.id_banco,
    importe: parseAmount(f.importe),
    id_tipo_carta_fianza: f.id_tipo_carta_fianza,
    nro_carta_fianza: f.nro_carta_fianza || null,
    nro_operacion: f.nro_operacion || null,
    fecha_emision_carta_fianza: iso(f.vigencia?.[0]),
    fecha_vencimiento_carta_fianza: iso(f.vigencia?.[1]),
    excepcion: e
      ? cashExc
        ? {
          id_banco_efectivo: f.exc_banco,
          nro_operacion_efectivo: f.exc_nro || null,
          fecha_deposito_efectivo: iso(f.exc_fecha),
        }
        : {
          id_banco_carta_fianza: f.exc_banco,
          nro_carta_fianza: f.exc_nro || null,
          fecha_emision_carta_fianza: iso(f.exc_vigencia?.[0]),
          fecha_vencimiento_carta_fianza: iso(f.exc_vigencia?.[1]),
          id_tipo_carta_fianza: FIRST_LETTER,
        }
      : null,
    version,
  };
}

type Set = (patch: Partial<FormState>) => void;
type FieldsProps = { view: GuaranteeView; f: FormState; set: Set; disabled: boolean };

const VIGENCIA = "Vigencia (emisión - vencimiento)";

/** A field's value, change and disabled state, bound to the form's key. */
const binder = ({ f, set, disabled }: FieldsProps) => <K extends keyof FormState>(key: K) => ({
  value: f[key],
  disabled,
  onChange: (v: FormState[K]) => {
    const patch: Partial<FormState> = {};
    patch[key] = v;
    set(patch);
  },
});

/** 'Banco': the banks that take letters or cash deposits. */
function BankField(
  { kind, ...field }: {
    id: string;
    kind: "letter" | "cash";
    value: number | null;
    disabled: boolean;
    onChange: (bank: number | null) => void;
  },
) {
  const { data } = useQuery(catalogQuery);
  const banks = (data?.bancos ?? [])
    .filter((b) => (kind === "letter" ? b.carta_fianza : b.efectivo))
    .map((b) => ({ label: b.nombre, value: b.id_banco }));
  return <SelectField label="Banco" options={banks} placeholder="Seleccione un banco" {...field} />;
}

export function GeneralFields(props: FieldsProps) {
  const g = props.view.garantia;
  const bind = binder(props);
  return (
    <div className="form-grid">
      <TextField id="g-contrato" label="Nro. Contrato" value={g.nro_contrato} />
      <TextField id="g-ruc" label="RUC" value={g.ruc} />
      <TextField id="g-razon" label="Razón Social" maxLength={200} {...bind("razon_social")} />
      <TextField id="g-comercial" label="Nombre Comercial" maxLength={200} {...bind("nombre_comercial")} />
      <TextField id="g-mall" label="Mall" value={g.mall.nombre} />
      <TextField id="g-moneda" label="Moneda" value={`${g.moneda.simbolo} (${g.moneda.codigo})`} />
    </div>
  );
}

export function GuaranteeFields(props: FieldsProps) {
  const letter = props.view.detalle_garantia.tipo_garantia.codigo === LETTER;
  const bind = binder(props);
  return (
    <div className="form-grid">
      {letter && (
        <>
          <SelectField
            id="g-tipo-carta"
            label="Tipo de Carta Fianza"
            options={[...LETTER_KINDS]}
            {...bind("id_tipo_carta_fianza")}
            onChange={(v) => props.set({ id_tipo_carta_fianza: v ?? FIRST_LETTER })}
          />
          <TextField
            id="g-nro-carta"
            label="Nro. Carta Fianza"
            maxLength={40}
            {...bind("nro_carta_fianza")}
          />
          <DateRangeField id="g-vigencia" label={VIGENCIA} {...bind("vigencia")} />
        </>
      )}
      {!letter && (
        <NumberField
          id="g-nro-op"
          label="Nro. Operación"
          kind="digits"
          maxLength={20}
          {...bind("nro_operacion")}
        />
      )}
      <BankField id="g-banco" kind={letter ? "letter" : "cash"} {...bind("id_banco")} />
      <NumberField
        id="g-importe"
        label={`Importe (${props.view.garantia.moneda.simbolo})`}
        kind="decimal"
        placeholder="0.00"
        {...bind("importe")}
      />
    </div>
  );
}

/** The exception's own fields, editable while only they are (cash: operation; letter: letter). */
export function ExceptionFields(props: FieldsProps) {
  const cash = props.view.excepcion?.codigo_tipo_garantia_excepcion === CASH;
  const bind = binder(props);
  if (!props.view.excepcion?.codigo_tipo_garantia_excepcion) return null;
  // The operation's number is digits (refused aloud otherwise); the letter's, any text.
  const nro = { id: "e-nro", maxLength: 40, ...bind("exc_nro") };
  return (
    <div className="form-grid">
      {cash
        ? <NumberField {...nro} label="Nro. Operación en Efectivo" kind="digits" />
        : <TextField {...nro} label="Nro. Carta Fianza" />}
      {cash
        ? <DateField id="e-fecha" label="Fecha de Depósito" {...bind("exc_fecha")} />
        : <DateRangeField id="e-vigencia" label={VIGENCIA} {...bind("exc_vigencia")} />}
      <BankField id="e-banco" kind={cash ? "cash" : "letter"} {...bind("exc_banco")} />
    </div>
  );
}
