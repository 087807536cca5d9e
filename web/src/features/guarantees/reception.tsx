// 'Recepción de Garantía' (spec 3 sections 2.3, 5, 8): the approved guarantees pending reception, the
// reception dialog (a state of the guarantee's type; for cash the account entry date, not before today) and
// 'Historial de Recepciones'. The server's state machine decides; the screen offers what it would allow.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import {
  entryDateProblem,
  type PendingReceptionRow,
  type Recepcion,
  RECEPTION_API,
  RECEPTION_SAVED_TITLE,
  RECEPTION_STATE_REQUIRED,
  type ReceptionBody,
  type ReceptionGuarantee,
  type ReceptionHistoryRow,
  type ReceptionSaved,
  receptionSavedText,
} from "#contract/guarantees/reception.ts";
import { type Column, columnsOf } from "../../components/data-table/columns.ts";
import { FormField } from "../../components/form-field.tsx";
import { post } from "../../lib/api.ts";
import { formatDate, formatDateTime, isoDate } from "../../lib/format.ts";
import { groupings, RowAction } from "./columns.tsx";
import { QueryGrid } from "./grid.tsx";
import { pendingReceptionsQuery, receptionCatalogQuery, receptionHistoryQuery } from "./reception-api.ts";
import { money, Select } from "./shared.tsx";
import { ActionDialog, useActionSave } from "./action-dialog.tsx";
import "./reception.css";

const GROUP_BY = groupings("mall", "tipo_garantia", "banco");

/** The reception semaphore: the last reception's colour, grey while there is none. */
export function ReceptionLight({ recepcion }: { recepcion: Recepcion | null }) {
  const color = recepcion?.semaforo_color ?? "gris";
  const text = recepcion ? recepcion.descripcion_recepcion_estado : "Sin recepción";
  return (
    <span className={`light light-${color} light-small`} data-reception={color} title={text}>
      <span className="light-dot" aria-hidden="true" />
      <span className="light-caption">{text}</span>
    </span>
  );
}

/** The guarantee columns both grids share (and the vault's). */
export function receptionColumns<R extends ReceptionGuarantee>(): Column<R>[] {
  const c = columnsOf<R>();
  return [
    c.text("nro_contrato", "Contrato"),
    c.text("razon_social", "Razón Social"),
    c.text("mall", "Mall"),
    c.text("tipo_garantia", "Tipo de Garantía"),
    c.text("numero", "Nro. Carta / Operación"),
    c.text("banco", "Banco"),
    {
      ...c.number("importe", "Importe"),
      cell: ({ row }) => money(row.original.importe, row.original.moneda),
    },
    c.date("fecha_vencimiento_carta_fianza", "Vencimiento"),
  ];
}

const recText = (v: unknown) => (v as Recepcion | null)?.descripcion_recepcion_estado ?? "Sin recepción";

export function ReceptionScreen() {
  const pending = useQuery(pendingReceptionsQuery);
  const history = useQuery(receptionHistoryQuery);
  const [open, setOpen] = useState<PendingReceptionRow | null>(null);
  const c = columnsOf<PendingReceptionRow>();
  const pendingColumns: Column<PendingReceptionRow>[] = [
    {
      ...c.action(
        "acciones",
        "Acciones",
        (r) =>
          r.puede_recepcionar && (
            <RowAction
              icon="pi-inbox"
              title="Recepcionar"
              name={r.numero ?? r.id_garantia_detalle}
              onClick={() => setOpen(r)}
            />
          ),
      ),
      size: 90,
    },
    ...receptionColumns<PendingReceptionRow>(),
    {
      ...c.mapped("recepcion", "Recepción", recText),
      cell: ({ row }) => <ReceptionLight recepcion={row.original.recepcion} />,
    },
  ];
  const h = columnsOf<ReceptionHistoryRow>();
  const historyColumns: Column<ReceptionHistoryRow>[] = [
    ...receptionColumns<ReceptionHistoryRow>(),
    {
      ...h.mapped("recepcion", "Estado de Recepción", recText),
      cell: ({ row }) => <ReceptionLight recepcion={row.original.recepcion} />,
    },
    {
      ...h.mapped(
        "recepcion",
        "Fecha Ingreso a Cuenta",
        (v) => formatDate((v as Recepcion).fecha_ingreso_cuenta),
      ),
      id: "fecha_ingreso_cuenta",
    },
    {
      ...h.mapped("recepcion", "Recepcionado", (v) => formatDateTime((v as Recepcion).creation_date)),
      id: "creation_date",
    },
    { ...h.mapped("recepcion", "Usuario", (v) => (v as Recepcion).creation_by), id: "creation_by" },
  ];
  return (
    <div className="card">
      <p className="page-lead">
        Garantías aprobadas pendientes de recepción. Elija el estado de la recepción; para una garantía en
        efectivo, también la fecha de ingreso a cuenta.
      </p>
      <QueryGrid
        title="Garantías Pendientes de Recepción"
        columns={pendingColumns}
        query={pending}
        groupBy={GROUP_BY}
        getRowId={(r) => String(r.id_garantia_detalle)}
        emptyMessage="No hay garantías pendientes de recepción."
      />
      <h2 className="reception-title">Historial de Recepciones</h2>
      <QueryGrid
        title="Historial de Recepciones"
        columns={historyColumns}
        query={history}
        groupBy={GROUP_BY}
        getRowId={(r) => String(r.recepcion.id_garantia_recepcion)}
        emptyMessage="Aún no se registran recepciones."
      />
      {open && <ReceptionDialog row={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

function ReceptionDialog({ row, onClose }: { row: PendingReceptionRow; onClose: () => void }) {
  const { data: catalog } = useQuery(receptionCatalogQuery);
  const [stateId, setStateId] = useState<number | null>(null);
  const [fecha, setFecha] = useState("");
  const action = useActionSave({
    read: row.version,
    send: (body: ReceptionBody) =>
      post<ReceptionSaved>(RECEPTION_API.receive(row.id_garantia_detalle), body, { quiet: true }),
    done: (r) =>
      receptionSavedText(
        row.tipo_codigo,
        row.numero ?? String(row.id_garantia_detalle),
        r.recepcion.descripcion_recepcion_estado,
      ),
    failure: "No se pudo guardar la recepción.",
  });
  const { errors, busy } = action;
  const today = isoDate(new Date());
  const cash = row.tipo_codigo === "GAR2";
  const states = (catalog?.estados_recepcion ?? []).filter((s) => s.codigo_tipo_garantia === row.tipo_codigo);
  const dateProblem = entryDateProblem(row.tipo_codigo, fecha || null, today);

  const save = () => {
    if (stateId == null) return action.setErrors({ id_garantia_recepcion_estado: RECEPTION_STATE_REQUIRED });
    action.save({ id_garantia_recepcion_estado: stateId, fecha_ingreso_cuenta: cash ? fecha : null });
  };

  return (
    <ActionDialog
      header="Recepción de Garantía"
      lead={
        <>
          {cash ? "Garantía en Efectivo Nro" : "Carta Fianza"} <strong>{row.numero ?? "—"}</strong> de{" "}
          {row.razon_social} ({row.mall}), {money(row.importe, row.moneda)}.
        </>
      }
      width="34rem"
      busy={busy}
      onClose={onClose}
      onSave={save}
      canSave={stateId != null && !dateProblem && !busy}
      dirty={stateId != null || fecha !== ""}
      error={errors._}
      done={action.saved}
      doneTitle={RECEPTION_SAVED_TITLE}
    >
      <FormField id="rec-estado" label="Estado de Recepción" error={errors.id_garantia_recepcion_estado}>
        <Select
          inputId="rec-estado"
          value={stateId}
          options={states.map((s) => ({ label: s.descripcion, value: s.id_garantia_recepcion_estado }))}
          placeholder="Seleccione"
          onChange={setStateId}
        />
      </FormField>
      {cash && (
        <FormField
          id="rec-fecha"
          label="Fecha de Ingreso a Cuenta"
          error={errors.fecha_ingreso_cuenta ?? (fecha ? dateProblem ?? undefined : undefined)}
        >
          <input
            id="rec-fecha"
            type="date"
            className="p-inputtext"
            min={today}
            value={fecha}
            onChange={(e) => setFecha(e.target.value)}
          />
        </FormField>
      )}
    </ActionDialog>
  );
}
