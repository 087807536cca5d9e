// 'Recepción de Garantía' (spec 3 sections 2.3, 5, 8): the approved guarantees pending reception, the
// reception dialog (a state of the guarantee's type; for cash the account entry date, not before today) and
// 'Historial de Recepciones'. The server's state machine decides; the screen offers what it would allow.
import { useQuery, useQueryClient } from "@tanstack/react-query";
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
import { LeaveGuard } from "../../components/leave-guard.tsx";
import { post } from "../../lib/api.ts";
import { formatDate, formatDateTime, isoDate } from "../../lib/format.ts";
import { GUARANTEES_KEY } from "./api.ts";
import { RowAction } from "./columns.tsx";
import { GuaranteeGrid } from "./grid.tsx";
import { pendingReceptionsQuery, receptionCatalogQuery, receptionHistoryQuery } from "./reception-api.ts";
import { money, Select } from "./shared.tsx";
import { useSave, useVersion } from "../../lib/save.ts";
import { ActionDialog, DoneDialog, DoneMessage, failureErrors } from "./action-dialog.tsx";
import "./reception.css";

const GROUP_BY = [
  { id: "mall", label: "Mall" },
  { id: "tipo_garantia", label: "Tipo de Garantía" },
  { id: "banco", label: "Banco" },
];

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
      <GuaranteeGrid
        title="Garantías Pendientes de Recepción"
        columns={pendingColumns}
        data={pending.data}
        loading={pending.isFetching && !pending.data}
        groupBy={GROUP_BY}
        getRowId={(r) => String(r.id_garantia_detalle)}
        onRefresh={pending.refetch}
        emptyMessage="No hay garantías pendientes de recepción."
      />
      <h2 className="reception-title">Historial de Recepciones</h2>
      <GuaranteeGrid
        title="Historial de Recepciones"
        columns={historyColumns}
        data={history.data}
        loading={history.isFetching && !history.data}
        groupBy={GROUP_BY}
        getRowId={(r) => String(r.recepcion.id_garantia_recepcion)}
        onRefresh={history.refetch}
        emptyMessage="Aún no se registran recepciones."
      />
      {open && <ReceptionDialog row={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

function ReceptionDialog({ row, onClose }: { row: PendingReceptionRow; onClose: () => void }) {
  const { data: catalog } = useQuery(receptionCatalogQuery);
  const queryClient = useQueryClient();
  const [stateId, setStateId] = useState<number | null>(null);
  const [fecha, setFecha] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string | null>(null);
  // The version the list read; after a 448 the newer one, so that saving again replaces it knowingly.
  const { version, onStale } = useVersion(row.version);
  const action = useSave({
    send: async (body: ReceptionBody) => {
      const r = await post<ReceptionSaved>(RECEPTION_API.receive(row.id_garantia_detalle), body, {
        quiet: true,
      });
      await queryClient.invalidateQueries({ queryKey: GUARANTEES_KEY });
      return r;
    },
    onSaved: (r) =>
      setSaved(
        receptionSavedText(
          row.tipo_codigo,
          row.numero ?? String(row.id_garantia_detalle),
          r.recepcion.descripcion_recepcion_estado,
        ),
      ),
    onStale,
    onFailed: (e) => setErrors(failureErrors(e, "No se pudo guardar la recepción.")),
  });
  const busy = action.busy;
  const today = isoDate(new Date());
  const cash = row.tipo_codigo === "GAR2";
  const states = (catalog?.estados_recepcion ?? []).filter((s) => s.codigo_tipo_garantia === row.tipo_codigo);
  const dateProblem = entryDateProblem(row.tipo_codigo, fecha || null, today);
  const canSave = stateId != null && !dateProblem && !busy;
  const dirty = stateId != null || fecha !== "";

  const save = () => {
    if (stateId == null) return setErrors({ id_garantia_recepcion_estado: RECEPTION_STATE_REQUIRED });
    setErrors({});
    action.save({
      id_garantia_recepcion_estado: stateId,
      fecha_ingreso_cuenta: cash ? fecha : null,
      version,
    });
  };

  if (saved) {
    return (
      <DoneDialog title={RECEPTION_SAVED_TITLE} onClose={onClose}>
        <DoneMessage>{saved}</DoneMessage>
      </DoneDialog>
    );
  }
  return (
    <ActionDialog
      header="Recepción de Garantía"
      width="34rem"
      busy={busy}
      onClose={onClose}
      onSave={save}
      canSave={canSave}
    >
      <LeaveGuard when={dirty} />
      <p>
        {cash ? "Garantía en Efectivo Nro" : "Carta Fianza"} <strong>{row.numero ?? "—"}</strong> de{" "}
        {row.razon_social} ({row.mall}), {money(row.importe, row.moneda)}.
      </p>
      {errors._ && <p className="p-error" role="alert">Error: {errors._}</p>}
      <div className="form-grid reception-form">
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
      </div>
    </ActionDialog>
  );
}
