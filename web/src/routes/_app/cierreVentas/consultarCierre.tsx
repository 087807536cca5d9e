import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { Calendar } from "primereact/calendar";
import { Dialog } from "primereact/dialog";
import { InputText } from "primereact/inputtext";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { columnsOf } from "../../../components/data-table/columns.ts";
import { DataTable } from "../../../components/data-table/data-table.tsx";
import { fieldAria, FormField } from "../../../components/form-field.tsx";
import { ApiError, put } from "../../../lib/api.ts";
import { formatDate, formatDateTime, formatInteger, formatMoney, isoDate } from "../../../lib/format.ts";
import { hasAnyPermission, useSession } from "../../../lib/session.ts";
import { stripTableDefaults, tableSearchSchema } from "../../../lib/table-search.ts";
import { closingHistoryQuery, type ClosingRow, closingsQuery, TENANT_KEY } from "../-tenant/api.ts";
import {
  dateOfIso,
  limaToday,
  parseSale,
  parseTransactions,
  SavedDialog,
  tenantScreen,
} from "../-tenant/shared.tsx";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined);

/** 'Consultar Cierre': the session contract's closings in a date range, each editable. */
export const Route = createFileRoute("/_app/cierreVentas/consultarCierre")({
  staticData: { title: "Consultar Cierre de Ventas" },
  validateSearch: tableSearchSchema.extend({ desde: day, hasta: day }),
  search: { middlewares: [stripTableDefaults()] },
  beforeLoad: tenantScreen("CONSULTA_CIERRE_LOCATARIO"),
  component: ClosingHistory,
});

const MIN_DATE = new Date(2000, 0, 1);
const MAX_DATE = new Date(2100, 11, 31);
const c = columnsOf<ClosingRow>();
const PAGE_SIZE = 8;

function ClosingHistory() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const session = useSession();
  const canEdit = hasAnyPermission(session, ["REGISTRAR_CIERRE_VENTA_LOCATARIO"]);
  const today = limaToday();
  const desde = search.desde ?? `${today.slice(0, 7)}-01`;
  const hasta = search.hasta ?? today;
  const wrongOrder = desde > hasta;
  const { data, isFetching } = useQuery({ ...closingsQuery(desde, hasta), enabled: !wrongOrder });
  const [editing, setEditing] = useState<ClosingRow | null>(null);

  const setRange = (patch: { desde?: string; hasta?: string }) =>
    navigate({ search: (s) => ({ ...s, ...patch, page: 1 }), replace: true });

  const columns = [
    c.date("fechaVenta", "Fecha Venta"),
    c.text("suministro", "Suministro"),
    c.text("descripcion", "Descripción"),
    c.text("nombreCompleto", "Nombre Completo"),
    c.dateTime("registroFecha", "Registro"),
    c.money("ventasValor", "Ventas (S/)"),
    c.integer("numeroTransacciones", "Transacciones"),
    c.dateTime("modificacionFecha", "Modificación"),
    canEdit
      ? c.action("edit", "Editar", (r: ClosingRow) => (
        <Button
          type="button"
          icon="pi pi-pencil"
          rounded
          text
          aria-label={`Editar el cierre del ${formatDate(r.fechaVenta)} de ${r.suministro}`}
          tooltip="Editar"
          tooltipOptions={{ position: "left" }}
          onClick={() => setEditing(r)}
        />
      ))
      : c.action("history", "Historial", (r: ClosingRow) =>
        r.cambios > 0 && (
          <Button
            type="button"
            icon="pi pi-history"
            rounded
            text
            aria-label={`Ver el historial del cierre del ${formatDate(r.fechaVenta)} de ${r.suministro}`}
            tooltip="Historial"
            tooltipOptions={{ position: "left" }}
            onClick={() => setEditing(r)}
          />
        )),
  ];

  return (
    <div className="card">
      <div className="range-bar">
        <FormField id="fecha-inicial" label="Fecha inicial">
          <Calendar
            inputId="fecha-inicial"
            value={dateOfIso(desde)}
            dateFormat="dd/mm/yy"
            locale="es"
            showIcon
            minDate={MIN_DATE}
            maxDate={MAX_DATE}
            onChange={(e) => e.value instanceof Date && setRange({ desde: isoDate(e.value) })}
          />
        </FormField>
        <FormField
          id="fecha-final"
          label="Fecha final"
          error={wrongOrder ? "La fecha inicial no puede ser posterior a la fecha final." : undefined}
        >
          <Calendar
            inputId="fecha-final"
            value={dateOfIso(hasta)}
            dateFormat="dd/mm/yy"
            locale="es"
            showIcon
            minDate={MIN_DATE}
            maxDate={MAX_DATE}
            onChange={(e) => e.value instanceof Date && setRange({ hasta: isoDate(e.value) })}
          />
        </FormField>
        <div className="range-total" aria-live="polite">
          <span className="muted">Total de ventas del periodo</span>
          <strong data-testid="total-ventas">{formatMoney(data?.auxData.totalVentas ?? 0)}</strong>
        </div>
      </div>
      <div className="closing-grid">
        <DataTable
          title="Cierres de Venta"
          columns={columns}
          data={wrongOrder ? [] : data?.table}
          loading={isFetching && !data}
          pageSize={PAGE_SIZE}
          getRowId={(r) => String(r.cierreVentaId)}
          state={search}
          onStateChange={(next) => navigate({ search: (s) => ({ ...s, ...next }), replace: true })}
        />
      </div>
      {editing && <EditDialog row={editing} readOnly={!canEdit} onClose={() => setEditing(null)} />}
    </div>
  );
}

/** 'Actualizar Cierre de Venta': new sale and transactions, and the closing's history of changes. */
function EditDialog({ row, readOnly, onClose }: { row: ClosingRow; readOnly: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const history = useQuery(closingHistoryQuery(row.cierreVentaId));
  const [form, setForm] = useState({
    venta: row.ventasValor.toFixed(2),
    transacciones: String(row.numeroTransacciones),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (body: { ventasValor: number; numeroTransacciones: number }) =>
      put(`/api/tenant/closings/${row.cierreVentaId}`, body, { confirm: false }),
    onSuccess: () => setSaved(true),
    onError: (e) => setErrors(e instanceof ApiError ? e.fieldErrors : {}),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const venta = parseSale(form.venta), tx = parseTransactions(form.transacciones);
    const found: Record<string, string> = {};
    if (venta.error) found.ventasValor = venta.error;
    if (tx.error) found.numeroTransacciones = tx.error;
    setErrors(found);
    if (venta.value !== undefined && tx.value !== undefined && !save.isPending) {
      save.mutate({ ventasValor: venta.value, numeroTransacciones: tx.value });
    }
  };
  const accept = () => {
    queryClient.invalidateQueries({ queryKey: TENANT_KEY });
    onClose();
  };

  return (
    <>
      <Dialog
        visible={!saved}
        onHide={onClose}
        header={readOnly ? "Historial del Cierre de Venta" : "Actualizar Cierre de Venta"}
        style={{ width: "32rem", maxWidth: "95vw" }}
        draggable={false}
        modal
      >
        <dl className="edit-facts">
          <dt>Fecha de venta</dt>
          <dd>{formatDate(row.fechaVenta)}</dd>
          <dt>Suministro</dt>
          <dd>{row.suministro} · {row.descripcion}</dd>
          <dt>Registrado por</dt>
          <dd>{row.nombreCompleto ?? "—"} ({formatDateTime(row.registroFecha)})</dd>
        </dl>
        {!readOnly && (
          <form id="closing-edit" className="dialog-form" onSubmit={submit} noValidate>
            <FormField id="edit-venta" label="Ventas sin IGV (S/)" error={errors.ventasValor}>
              <InputText
                {...fieldAria("edit-venta", errors.ventasValor)}
                inputMode="decimal"
                value={form.venta}
                onChange={(e) => setForm((f) => ({ ...f, venta: e.target.value }))}
                autoFocus
              />
            </FormField>
            <FormField
              id="edit-transacciones"
              label="Número de transacciones"
              error={errors.numeroTransacciones}
            >
              <InputText
                {...fieldAria("edit-transacciones", errors.numeroTransacciones)}
                inputMode="numeric"
                value={form.transacciones}
                onChange={(e) => setForm((f) => ({ ...f, transacciones: e.target.value }))}
              />
            </FormField>
          </form>
        )}
        <section aria-label="Historial de cambios">
          <h3 className="section-title">Historial de cambios</h3>
          {history.data?.table.length
            ? (
              <ul className="history-list">
                {history.data.table.map((h, i) => (
                  <li key={i}>
                    <strong>{formatDateTime(h.fecha)}</strong> · {h.usuario ?? "—"}
                    <span className="muted">
                      Ventas {formatMoney(h.antes.ventasValor)} → {formatMoney(h.despues.ventasValor)}{" "}
                      · Transacciones {formatInteger(h.antes.numeroTransacciones)} →{" "}
                      {formatInteger(h.despues.numeroTransacciones)}
                    </span>
                  </li>
                ))}
              </ul>
            )
            : (
              <p className="muted">
                {history.isLoading ? "Cargando información ..." : "Sin cambios registrados."}
              </p>
            )}
        </section>
        <div className="dialog-footer">
          <Button
            type="button"
            label={readOnly ? "Cerrar" : "Cancelar"}
            severity="secondary"
            text
            onClick={onClose}
          />
          {!readOnly && (
            <Button
              type="submit"
              form="closing-edit"
              label="Guardar"
              icon="pi pi-check"
              loading={save.isPending}
            />
          )}
        </div>
      </Dialog>
      <SavedDialog
        visible={saved}
        message={`El cierre del ${
          formatDate(row.fechaVenta)
        } (${row.suministro}) se actualizó correctamente.`}
        onAccept={accept}
      />
    </>
  );
}
