// The editable fields of 'Actualizar Garantía': the main fields (general data and the letter or cash
// operation) and, once an exception is approved, only the exception's own fields.
import { useQuery } from "@tanstack/react-query";
import { Calendar } from "primereact/calendar";
import { InputText } from "primereact/inputtext";
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
} from "../../../../contract/guarantees/guarantees.ts";
import { FormField } from "../../components/form-field.tsx";
import { NumberField } from "../../components/number-field.tsx";
import { isoDate } from "../../lib/format.ts";
import { catalogQuery } from "./api.ts";
import { Select } from "./shared.tsx";

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

function useBanks(kind: "letter" | "cash") {
  const { data } = useQuery(catalogQuery);
  return (data?.bancos ?? []).filter((b) => (kind === "letter" ? b.carta_fianza : b.efectivo)).map((b) => ({
    label: b.nombre,
    value: b.id_banco,
  }));
}

export function GeneralFields(
  { view, f, set, disabled }: { view: GuaranteeView; f: FormState; set: Set; disabled: boolean },
) {
  const g = view.garantia;
  return (
    <div className="form-grid">
      <FormField id="g-contrato" label="Nro. Contrato">
        <InputText id="g-contrato" value={g.nro_contrato} disabled />
      </FormField>
      <FormField id="g-ruc" label="RUC">
        <InputText id="g-ruc" value={g.ruc} disabled />
      </FormField>
      <FormField id="g-razon" label="Razón Social">
        <InputText
          id="g-razon"
          value={f.razon_social}
          disabled={disabled}
          maxLength={200}
          onChange={(e) => set({ razon_social: e.target.value })}
        />
      </FormField>
      <FormField id="g-comercial" label="Nombre Comercial">
        <InputText
          id="g-comercial"
          value={f.nombre_comercial}
          disabled={disabled}
          maxLength={200}
          onChange={(e) => set({ nombre_comercial: e.target.value })}
        />
      </FormField>
      <FormField id="g-mall" label="Mall">
        <InputText id="g-mall" value={g.mall.nombre} disabled />
      </FormField>
      <FormField id="g-moneda" label="Moneda">
        <InputText id="g-moneda" value={`${g.moneda.simbolo} (${g.moneda.codigo})`} disabled />
      </FormField>
    </div>
  );
}

export function GuaranteeFields(
  { view, f, set, disabled }: { view: GuaranteeView; f: FormState; set: Set; disabled: boolean },
) {
  const letter = view.detalle_garantia.tipo_garantia.codigo === LETTER;
  const banks = useBanks(letter ? "letter" : "cash");
  return (
    <div className="form-grid">
      {letter && (
        <>
          <FormField id="g-tipo-carta" label="Tipo de Carta Fianza">
            <Select
              inputId="g-tipo-carta"
              value={f.id_tipo_carta_fianza}
              options={[...LETTER_KINDS]}
              disabled={disabled}
              onChange={(v) => set({ id_tipo_carta_fianza: v ?? FIRST_LETTER })}
            />
          </FormField>
          <FormField id="g-nro-carta" label="Nro. Carta Fianza">
            <InputText
              id="g-nro-carta"
              value={f.nro_carta_fianza}
              maxLength={40}
              disabled={disabled}
              onChange={(e) => set({ nro_carta_fianza: e.target.value })}
            />
          </FormField>
          <FormField id="g-vigencia" label="Vigencia (emisión - vencimiento)">
            <Calendar
              inputId="g-vigencia"
              value={f.vigencia as Date[] | null}
              selectionMode="range"
              dateFormat="dd/mm/yy"
              readOnlyInput
              showIcon
              disabled={disabled}
              onChange={(e) => set({ vigencia: (e.value as (Date | null)[] | null) ?? null })}
            />
          </FormField>
        </>
      )}
      {!letter && (
        <FormField id="g-nro-op" label="Nro. Operación">
          <InputText
            id="g-nro-op"
            value={f.nro_operacion}
            keyfilter="int"
            maxLength={20}
            disabled={disabled}
            onChange={(e) => set({ nro_operacion: e.target.value })}
          />
        </FormField>
      )}
      <FormField id="g-banco" label="Banco">
        <Select
          inputId="g-banco"
          value={f.id_banco}
          options={banks}
          placeholder="Seleccione un banco"
          disabled={disabled}
          onChange={(v) => set({ id_banco: v })}
        />
      </FormField>
      <NumberField
        id="g-importe"
        label={`Importe (${view.garantia.moneda.simbolo})`}
        kind="decimal"
        value={f.importe}
        placeholder="0.00"
        disabled={disabled}
        onChange={(importe) => set({ importe })}
      />
    </div>
  );
}

/** The exception's own fields, editable while only they are (cash: operation; letter: letter). */
export function ExceptionFields(
  { view, f, set, disabled }: { view: GuaranteeView; f: FormState; set: Set; disabled: boolean },
) {
  const cash = view.excepcion?.codigo_tipo_garantia_excepcion === CASH;
  const banks = useBanks(cash ? "cash" : "letter");
  if (!view.excepcion?.codigo_tipo_garantia_excepcion) return null;
  return (
    <div className="form-grid">
      <FormField id="e-nro" label={cash ? "Nro. Operación en Efectivo" : "Nro. Carta Fianza"}>
        <InputText
          id="e-nro"
          value={f.exc_nro}
          keyfilter={cash ? "int" : undefined}
          maxLength={40}
          disabled={disabled}
          onChange={(e) => set({ exc_nro: e.target.value })}
        />
      </FormField>
      {cash
        ? (
          <FormField id="e-fecha" label="Fecha de Depósito">
            <Calendar
              inputId="e-fecha"
              value={f.exc_fecha}
              dateFormat="dd/mm/yy"
              showIcon
              disabled={disabled}
              onChange={(e) => set({ exc_fecha: (e.value as Date | null) ?? null })}
            />
          </FormField>
        )
        : (
          <FormField id="e-vigencia" label="Vigencia (emisión - vencimiento)">
            <Calendar
              inputId="e-vigencia"
              value={f.exc_vigencia as Date[] | null}
              selectionMode="range"
              dateFormat="dd/mm/yy"
              readOnlyInput
              showIcon
              disabled={disabled}
              onChange={(e) => set({ exc_vigencia: (e.value as (Date | null)[] | null) ?? null })}
            />
          </FormField>
        )}
      <FormField id="e-banco" label="Banco">
        <Select
          inputId="e-banco"
          value={f.exc_banco}
          options={banks}
          placeholder="Seleccione un banco"
          disabled={disabled}
          onChange={(v) => set({ exc_banco: v })}
        />
      </FormField>
    </div>
  );
}
