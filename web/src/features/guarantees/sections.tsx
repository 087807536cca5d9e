// The read-only sections of a guarantee: general data, the letter or cash operation, the approved
// exception, the review history (8 rows a page), and the head with the state, exception and the lights.
import { useQuery } from "@tanstack/react-query";
import { Tag } from "primereact/tag";
import {
  type DetalleGarantia,
  type Excepcion,
  EXCEPTION_STATE_LABELS,
  type Garantia,
  type GuaranteeView,
  type ReviewHistoryRow,
} from "#contract/guarantees/guarantees.ts";
import { columnsOf } from "../../components/data-table/columns.ts";
import { DataTable } from "../../components/data-table/data-table.tsx";
import { FileLink } from "../../components/file-link.tsx";
import { catalogQuery } from "./api.ts";
import { date, Field, Lights, money, NOT_APPLICABLE, StateBadge, WithException } from "./shared.tsx";

export function useBankName() {
  const { data } = useQuery(catalogQuery);
  return (id: number | null | undefined) => data?.bancos.find((b) => b.id_banco === id)?.nombre ?? "";
}

export function GuaranteeHead(
  { view, detailedLights = true }: { view: GuaranteeView; detailedLights?: boolean },
) {
  const d = view.detalle_garantia;
  return (
    <div className="card guarantee-head">
      <div className="guarantee-badges">
        <StateBadge code={d.estado.codigo} label={d.estado.label} />
        <WithException excepcion={view.excepcion} detalle={d} />
        {d.is_renovada && <Tag className="tag-grey" value="Renovada" />}
        <span className="muted">
          {d.tipo_garantia.nombre} · {view.garantia.nro_contrato} · {view.garantia.nombre_comercial}
        </span>
      </div>
      <Lights detalle={d} detailed={detailedLights} />
    </div>
  );
}

export function GeneralData({ g }: { g: Garantia }) {
  return (
    <div className="ro-grid">
      <Field label="Nro. Contrato">{g.nro_contrato}</Field>
      <Field label="RUC">{g.ruc}</Field>
      <Field label="Razón Social">{g.razon_social}</Field>
      <Field label="Nombre Comercial">{g.nombre_comercial}</Field>
      <Field label="Mall">{g.mall.nombre}</Field>
      <Field label="Moneda">{`${g.moneda.simbolo} (${g.moneda.codigo})`}</Field>
    </div>
  );
}

export function GuaranteeData({ d, g }: { d: DetalleGarantia; g: Garantia }) {
  const letter = d.tipo_garantia.codigo === "GAR1";
  const cash = d.tipo_garantia.codigo === "GAR2";
  const na = (applies: boolean, v: string | null | undefined) => (applies ? v ?? "" : NOT_APPLICABLE);
  return (
    <div className="ro-grid">
      <Field label="Tipo de Garantía">{d.tipo_garantia.nombre}</Field>
      <Field label="Origen">{d.origen.nombre}</Field>
      <Field label="Tipo de Carta Fianza">{na(letter, d.descripcion_tipo_carta_fianza)}</Field>
      <Field label="Nro. Carta Fianza">
        {letter && d.url_filename_carta_fianza
          ? (
            <FileLink
              url={d.url_filename_carta_fianza}
              label={d.nro_carta_fianza ?? d.filename_carta_fianza ?? ""}
            />
          )
          : na(letter, d.nro_carta_fianza)}
      </Field>
      <Field label="Vigencia">
        {letter
          ? `${date(d.fecha_emision_carta_fianza) || "—"} al ${date(d.fecha_vencimiento_carta_fianza) || "—"}`
          : NOT_APPLICABLE}
      </Field>
      <Field label="Nro. Operación">
        {cash && d.url_filename_operacion
          ? <FileLink url={d.url_filename_operacion} label={d.nro_operacion ?? d.filename_operacion ?? ""} />
          : na(cash, d.nro_operacion)}
      </Field>
      <Field label="Banco">{d.banco?.nombre ?? ""}</Field>
      <Field label="Importe">{money(d.importe, g.moneda.simbolo)}</Field>
    </div>
  );
}

export function ExceptionData({ e }: { e: Excepcion }) {
  const bankName = useBankName();
  return (
    <div className="ro-grid">
      <Field label="Tipo de Excepción">{e.nombre_tipo_excepcion}</Field>
      <Field label="Estado">
        {EXCEPTION_STATE_LABELS[e.codigo_estado_excepcion] ?? e.nombre_estado_excepcion}
      </Field>
      <Field label="Fecha de Vencimiento">{date(e.fecha_vencimiento)}</Field>
      <Field label="Importe">{money(e.importe, e.simbolo_moneda)}</Field>
      {e.numero_factura && <Field label="Nro. Factura">{e.numero_factura}</Field>}
      <Field label="Sustento">
        <FileLink url={e.url_file_name_adjunto} name={e.file_name_adjunto} />
      </Field>
      <div className="ro-field wide" style={{ gridColumn: "1 / -1" }}>
        <span className="ro-label">Motivo</span>
        <span className="ro-value">{e.motivo}</span>
      </div>
      {e.codigo_tipo_garantia_excepcion === "GAR2" && (
        <>
          <Field label="Nro. Operación">{e.nro_operacion_efectivo ?? ""}</Field>
          <Field label="Fecha de Depósito">{date(e.fecha_deposito_efectivo)}</Field>
          <Field label="Banco">{bankName(e.id_banco_efectivo)}</Field>
          <Field label="Voucher">
            <FileLink url={e.url_file_name_efectivo} name={e.file_name_efectivo} />
          </Field>
        </>
      )}
      {e.codigo_tipo_garantia_excepcion === "GAR1" && (
        <>
          <Field label="Nro. Carta Fianza">{e.nro_carta_fianza ?? ""}</Field>
          <Field label="Vigencia">
            {`${date(e.fecha_emision_carta_fianza) || "—"} al ${
              date(e.fecha_vencimiento_carta_fianza) || "—"
            }`}
          </Field>
          <Field label="Banco">{bankName(e.id_banco_carta_fianza)}</Field>
          <Field label="Carta Fianza">
            <FileLink url={e.url_file_name_carta_fianza} name={e.file_name_carta_fianza} />
          </Field>
        </>
      )}
    </div>
  );
}

export function ExceptionReviews({ e }: { e: Excepcion }) {
  return (
    <div className="ro-grid">
      <Field label="Revisión Cobranza">
        {e.nombre_estado_cobranza
          ? `${e.nombre_estado_cobranza} · ${e.usuario_revisor_cobranza} · ${date(e.fecha_revision_cobranza)}`
          : "Pendiente"}
      </Field>
      {e.requiere_tesoreria && (
        <Field label="Revisión Tesorería">
          {e.nombre_estado_tesoreria
            ? `${e.nombre_estado_tesoreria} · ${e.usuario_revisor_tesoreria} · ${
              date(e.fecha_revision_tesoreria)
            }`
            : "Pendiente"}
        </Field>
      )}
    </div>
  );
}

const h = columnsOf<ReviewHistoryRow>();
const colorText = (v: unknown) => (v === "verde" ? "Conforme" : v === "rojo" ? "Observado" : "");

/** Historial de Revisiones: role, user, date, observations and light, 8 rows a page. */
export function ReviewHistory({ rows }: { rows: ReviewHistoryRow[] }) {
  return (
    <DataTable
      title="Historial de Revisiones"
      pageSize={8}
      data={rows}
      getRowId={(r) => String(r.id)}
      emptyMessage="Aún no hay revisiones."
      columns={[
        h.text("nombre_rol_revisor", "Rol"),
        h.text("usuario_revisor", "Usuario"),
        h.dateTime("fecha_revision", "Fecha"),
        h.text("observaciones", "Observaciones"),
        {
          ...h.mapped("semaforo_color", "Semáforo", colorText),
          cell: ({ row }: { row: { original: ReviewHistoryRow } }) => (
            <span className={`light light-small light-${row.original.semaforo_color}`}>
              <span className="light-dot" aria-hidden="true" />
              <span className="light-caption">
                {row.original.tipo} {colorText(row.original.semaforo_color)}
              </span>
            </span>
          ),
        },
      ]}
    />
  );
}
