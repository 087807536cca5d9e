import {
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
  type UseQueryOptions,
} from "@tanstack/react-query";
import type { Table } from "../../../../contract/envelope.ts";
import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import { type FormEvent, useState } from "react";
import {
  type ClosingChange,
  type ClosingRow,
  type EditClosingBody,
  editClosingBody,
} from "../../../../contract/tenant.ts";
import { extractsChanged } from "../../analytics/changes.ts";
import { formatDate, formatDateTime, formatInteger, formatMoney } from "../../lib/format.ts";
import { serverFieldErrors, staleOf, useForm, validate } from "../../lib/forms.ts";
import { closingHistoryQuery, TENANT_KEY, updateClosing } from "./api.ts";
import { FigureInput } from "./closing-inputs.tsx";
import { SavedDialog } from "./saved-dialog.tsx";
import { numberOfText } from "./values.ts";
import "./tenant.css";

/** Where the dialog reads the history and sends the edit: the tenant's own calls, or staff's (Locatarios). */
export interface ClosingCalls {
  // deno-lint-ignore no-explicit-any
  history: (id: number) => UseQueryOptions<Table<ClosingChange>, Error, Table<ClosingChange>, any>;
  save: (id: number, body: EditClosingBody) => Promise<unknown>;
  /** The queries refreshed after 'Aceptar'. */
  invalidate: QueryKey;
}

const TENANT_CALLS: ClosingCalls = {
  history: closingHistoryQuery,
  save: updateClosing,
  invalidate: TENANT_KEY,
};

/** 'Actualizar Cierre de Venta': new sale and transactions, and the closing's history of changes. */
export function EditClosingDialog(
  { row, readOnly, onClose, calls = TENANT_CALLS }: {
    row: ClosingRow;
    readOnly: boolean;
    onClose: () => void;
    calls?: ClosingCalls;
  },
) {
  const queryClient = useQueryClient();
  const history = useQuery(calls.history(row.cierreVentaId));
  const form = useForm({
    ventasValor: row.ventasValor.toFixed(2),
    numeroTransacciones: String(row.numeroTransacciones),
  });
  const { values, errors } = form;
  const [saved, setSaved] = useState(false);
  // The version read with the row; after a 448 the newer one, so that saving again replaces it knowingly.
  const [version, setVersion] = useState(row.version);
  const save = useMutation({
    mutationFn: (body: EditClosingBody) => calls.save(row.cierreVentaId, body),
    onSuccess: () => {
      setSaved(true);
      extractsChanged(queryClient);
    },
    onError: (e) => {
      form.setErrors(serverFieldErrors(e));
      const stale = staleOf(e);
      if (stale) {
        setVersion(stale.version);
        history.refetch();
      }
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = validate(editClosingBody, {
      ventasValor: numberOfText(values.ventasValor),
      numeroTransacciones: numberOfText(values.numeroTransacciones),
      version,
    });
    form.setErrors(v.ok ? {} : v.errors);
    if (v.ok && !save.isPending) save.mutate(v.data);
  };
  const accept = () => {
    queryClient.invalidateQueries({ queryKey: calls.invalidate });
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
