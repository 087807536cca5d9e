// 'Recepción de Garantía' (spec 3 sections 2.3, 5, 8): the approved guarantees pending reception, the
// reception dialog (a state of the guarantee's type; for cash the account entry date, not before today) and
// 'Historial de Recepciones'. The server's state machine decides; the screen offers what it would allow.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
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
} from "../../../../contract/guarantees/reception.ts";
import { type Column, columnsOf } from "../../components/data-table/columns.ts";
import { FormField } from "../../components/form-field.tsx";
import { LeaveGuard } from "../../components/leave-guard.tsx";
import { ApiError, post } from "../../lib/api.ts";
import { formatDate, formatDateTime, isoDate } from "../../lib/format.ts";
import { GUARANTEES_KEY } from "./api.ts";
import { GuaranteeGrid } from "./grid.tsx";
import { pendingReceptionsQuery, receptionCatalogQuery, receptionHistoryQuery } from "./reception-api.ts";
import { money, Select } from "./shared.tsx";
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
      ...c.action("acciones", "Acciones", (r) =>
        r.puede_recepcionar && (
          <Button
            type="button"
            icon="pi pi-inbox"
            text
            rounded
            aria-label={`Recepcionar ${r.numero ?? r.id_garantia_detalle}`}
            title="Recepcionar"
            onClick={(e) => {
              e.stopPropagation();
              setOpen(r);
            }}
          />
        )),
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
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const today = isoDate(new Date());
  const cash = row.tipo_codigo === "GAR2";
  const states = (catalog?.estados_recepcion ?? []).filter((s) => s.codigo_tipo_garantia === row.tipo_codigo);
  const dateProblem = entryDateProblem(row.tipo_codigo, fecha || null, today);
  const canSave = stateId != null && !dateProblem && !busy;
  const dirty = stateId != null || fecha !== "";

  const save = async () => {
    if (stateId == null) return setErrors({ id_garantia_recepcion_estado: RECEPTION_STATE_REQUIRED });
    setBusy(true);
    setErrors({});
    try {
      const body: ReceptionBody = {
        id_garantia_recepcion_estado: stateId,
        fecha_ingreso_cuenta: cash ? fecha : null,
      };
      const r = await post<ReceptionSaved>(RECEPTION_API.receive(row.id_garantia_detalle), body, {
        quiet: true,
      });
      await queryClient.invalidateQueries({ queryKey: GUARANTEES_KEY });
      setSaved(
        receptionSavedText(
          row.tipo_codigo,
          row.numero ?? String(row.id_garantia_detalle),
          r.recepcion.descripcion_recepcion_estado,
        ),
      );
    } catch (e) {
      const fields = e instanceof ApiError ? (e.data as Record<string, string> | null) : null;
      const message = e instanceof ApiError ? e.message : "No se pudo guardar la recepción.";
      setErrors(
        fields && typeof fields === "object" && !Array.isArray(fields)
          ? { ...fields, _: message }
          : { _: message },
      );
    } finally {
      setBusy(false);
    }
  };

  if (saved) {
    return (
      <Dialog
        visible
        onHide={onClose}
        header={RECEPTION_SAVED_TITLE}
        style={{ width: "32rem", maxWidth: "94vw" }}
        draggable={false}
        modal
        footer={<Button type="button" label="Aceptar" onClick={onClose} autoFocus />}
      >
        <div className="dialog-center" role="status">
          <i className="pi pi-check-circle" style={{ color: "#1f9d55" }} aria-hidden="true" />
          <p>{saved}</p>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog
      visible
      onHide={() => !busy && onClose()}
      header="Recepción de Garantía"
      style={{ width: "34rem", maxWidth: "94vw" }}
      draggable={false}
      modal
      footer={
        <>
          <Button
            type="button"
            label="Cancelar"
            severity="secondary"
            text
            onClick={onClose}
            disabled={busy}
          />
          <Button
            type="button"
            label="Guardar"
            icon="pi pi-save"
            onClick={save}
            disabled={!canSave}
            loading={busy}
          />
        </>
      }
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
    </Dialog>
  );
}
