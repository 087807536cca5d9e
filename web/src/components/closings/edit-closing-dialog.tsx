// 'Actualizar Cierre de Venta' (or its history alone): the tenant's closings and staff's 'Locatarios' open
// the same dialog, each with its own calls.
import { type QueryKey, useQuery, useQueryClient, type UseQueryOptions } from "@tanstack/react-query";
import { Button } from "primereact/button";
import type { Table } from "#contract/envelope.ts";
import {
  type ClosingChange,
  type ClosingRow,
  type EditClosingBody,
  editClosingBody,
} from "#contract/tenant.ts";
import { extractsChanged } from "../../analytics/changes.ts";
import { formatDate, formatDateTime, formatInteger, formatMoney } from "../../lib/format.ts";
import { numberOfText, useForm } from "../../lib/forms.ts";
import { useSave, useVersion } from "../../lib/save.ts";
import { DialogFrame, SavedDialog } from "../dialogs/dialog-frame.tsx";
import { FigureInput } from "./closing-inputs.tsx";
import "./closings.css";

/** Where the dialog reads the history and sends the edit: the tenant's own calls, or staff's (Locatarios). */
export interface ClosingCalls {
  // deno-lint-ignore no-explicit-any
  history: (id: number) => UseQueryOptions<Table<ClosingChange>, Error, Table<ClosingChange>, any>;
  save: (id: number, body: EditClosingBody) => Promise<unknown>;
  /** The queries refreshed after 'Aceptar'. */
  invalidate: QueryKey;
}

/** 'Actualizar Cierre de Venta': new sale and transactions, and the closing's history of changes. */
export function EditClosingDialog(
  { row, readOnly, onClose, calls }: {
    row: ClosingRow;
    readOnly: boolean;
    onClose: () => void;
    calls: ClosingCalls;
  },
) {
  const queryClient = useQueryClient();
  const history = useQuery(calls.history(row.cierreVentaId));
  const form = useForm({
    ventasValor: row.ventasValor.toFixed(2),
    numeroTransacciones: String(row.numeroTransacciones),
  });
  const { values, errors } = form;
  const { version, onStale } = useVersion(row.version);
  const save = useSave({
    schema: editClosingBody,
    values: {
      ventasValor: numberOfText(values.ventasValor),
      numeroTransacciones: numberOfText(values.numeroTransacciones),
      version,
    },
    setErrors: form.setErrors,
    send: (body: EditClosingBody) => calls.save(row.cierreVentaId, body),
    onSaved: () => extractsChanged(queryClient),
    onStale: (v) => {
      onStale(v);
      history.refetch();
    },
  });
  const accept = () => {
    queryClient.invalidateQueries({ queryKey: calls.invalidate });
    onClose();
  };

  return (
    <>
      <DialogFrame
        visible={!save.saved}
        onClose={onClose}
        header={readOnly ? "Historial del Cierre de Venta" : "Actualizar Cierre de Venta"}
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
          <form id="closing-edit" className="dialog-form" onSubmit={save.submit} noValidate>
            <FigureInput
              id="edit-venta"
              label="Ventas sin IGV (S/)"
              kind="sale"
              value={values.ventasValor}
              error={errors.ventasValor}
              onChange={(ventasValor) => form.set({ ventasValor })}
              autoFocus
            />
            <FigureInput
              id="edit-transacciones"
              label="Número de transacciones"
              kind="count"
              value={values.numeroTransacciones}
              error={errors.numeroTransacciones}
              onChange={(numeroTransacciones) => form.set({ numeroTransacciones })}
            />
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
              loading={save.busy}
            />
          )}
        </div>
      </DialogFrame>
      <SavedDialog
        visible={save.saved}
        message={`El cierre del ${
          formatDate(row.fechaVenta)
        } (${row.suministro}) se actualizó correctamente.`}
        onAccept={accept}
      />
    </>
  );
}
