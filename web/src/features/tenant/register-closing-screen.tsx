import { useQuery, useQueryClient } from "@tanstack/react-query";
import { VALIDATION_ERROR } from "#contract/errors.ts";
import { Button } from "primereact/button";
import { type FormEvent, useState } from "react";
import { type PendingClosing, registerClosingBody } from "#contract/tenant.ts";
import { extractsChanged } from "../../analytics/changes.ts";
import { LeaveGuard } from "../../components/leave-guard.tsx";
import { ApiError } from "../../lib/api.ts";
import { formatDate } from "../../lib/format.ts";
import { type FieldErrors, numberOfText } from "../../lib/forms.ts";
import { notificationsQueryOptions } from "../../lib/notifications.ts";
import { useSave } from "../../lib/save.ts";
import { pendingClosingQuery, registerClosing, TENANT_KEY } from "./api.ts";
import { FigureInput } from "../../components/closings/closing-inputs.tsx";
import { SavedDialog } from "../../components/dialogs/dialog-frame.tsx";

import "./tenant.css";

/** 'Registrar Cierre': the day's sales and transactions of every supply point of the session's contract. */
export function RegisterClosingScreen() {
  const { data } = useQuery(pendingClosingQuery);
  if (!data) return null;
  return (
    <div className="tenant-stack">
      <section className="card tenant-head" aria-label="Contrato">
        <div>
          <h2>{data.contrato.denominacion}</h2>
          <p className="muted">Contrato {data.contrato.nroContrato}</p>
        </div>
        {data.fechaPorRegistrar && (
          <div>
            <span className="muted">Fecha a registrar</span>
            <div className="closing-date" data-testid="fecha-por-registrar">
              {formatDate(data.fechaPorRegistrar)}
            </div>
          </div>
        )}
      </section>
      {data.fechaPorRegistrar
        ? <ClosingForm key={data.fechaPorRegistrar} pending={data} day={data.fechaPorRegistrar} />
        : (
          <section
            className={`card closing-done ${data.tipoMensaje ?? "info"}`}
            role="status"
            data-kind={data.tipoMensaje ?? "info"}
          >
            <i className={MESSAGE_ICONS[data.tipoMensaje ?? "info"]} aria-hidden="true" />
            <p>{data.mensaje}</p>
          </section>
        )}
    </div>
  );
}

/** The icon of the no-form message by its kind: a locked period is no success. */
const MESSAGE_ICONS = {
  success: "pi pi-check-circle",
  warning: "pi pi-lock",
  info: "pi pi-info-circle",
} as const;

type Entry = { venta: string; transacciones: string };

function ClosingForm({ pending, day }: { pending: PendingClosing; day: string }) {
  const queryClient = useQueryClient();
  const [entries, setEntries] = useState<Entry[]>(() =>
    pending.suministros.map(() => ({ venta: "", transacciones: "" }))
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSave({
    send: registerClosing,
    schema: registerClosingBody,
    values: {
      fechaRegistro: day,
      suministros: pending.suministros.map((s, i) => ({
        idSuministroPorLocatario: s.idSuministroPorLocatario,
        venta: numberOfText(entries[i].venta),
        transacciones: numberOfText(entries[i].transacciones),
      })),
    },
    wholePath: true,
    setErrors,
    onSaved: () => extractsChanged(queryClient),
    // Registered meanwhile (another tab, a colleague): the screen moves on to what is pending now.
    onFailed: (e) => {
      if (!(e instanceof ApiError && e.errorId === VALIDATION_ERROR)) {
        queryClient.invalidateQueries({ queryKey: TENANT_KEY });
      }
    },
  });
  const saved = save.saved;
  const submit = (e: FormEvent) => (saved || save.busy ? e.preventDefault() : save.submit(e));
  const set = (i: number, patch: Partial<Entry>) =>
    setEntries((all) => all.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const accept = () => {
    save.reset();
    queryClient.invalidateQueries({ queryKey: TENANT_KEY });
    // The bell's 'missing closing' may be gone now.
    queryClient.invalidateQueries({ queryKey: notificationsQueryOptions.queryKey });
  };

  return (
    <form className="tenant-stack" onSubmit={submit} noValidate aria-label="Registro del cierre de ventas">
      <section className="card">
        <h2 className="section-title">
          <i className="pi pi-calculator" aria-hidden="true" /> Cierre de ventas del {formatDate(day)}
        </h2>
        <div className="supply-grid">
          {pending.suministros.map((s, i) => (
            <section
              key={s.idSuministroPorLocatario}
              className="supply-card"
              aria-label={`Suministro ${s.codigo}`}
            >
              <h3>
                <i className="pi pi-bolt" aria-hidden="true" /> {s.codigo} <small>{s.descripcion}</small>
              </h3>
              <FigureInput
                id={`venta-${i}`}
                label="Venta sin IGV (S/)"
                kind="sale"
                placeholder="0.00"
                value={entries[i].venta}
                error={errors[`suministros.${i}.venta`]}
                disabled={saved}
                onChange={(venta) => set(i, { venta })}
              />
              <FigureInput
                id={`transacciones-${i}`}
                label="Número de transacciones"
                kind="count"
                placeholder="0"
                value={entries[i].transacciones}
                error={errors[`suministros.${i}.transacciones`]}
                disabled={saved}
                onChange={(transacciones) =>
                  set(i, { transacciones })}
              />
            </section>
          ))}
        </div>
      </section>
      <ClosingRules />
      {!saved && (
        <div className="closing-actions">
          <Button type="submit" label="Registrar" icon="pi pi-save" loading={save.busy} />
        </div>
      )}
      <LeaveGuard
        when={!saved && entries.some((x) =>
          x.venta !== "" || x.transacciones !== ""
        )}
      />
      <SavedDialog
        visible={saved}
        message={`El cierre de ventas del ${formatDate(day)} se registró correctamente.`}
        onAccept={accept}
      />
    </form>
  );
}

/** The closing rules shown to tenants (spec 1 section 9). */
function ClosingRules() {
  return (
    <section className="closing-rules" aria-label="Reglas del registro de ventas">
      <h3>
        <i className="pi pi-info-circle" aria-hidden="true" /> Tenga en cuenta
      </h3>
      <ul>
        <li>
          Las ventas se registran <strong>sin IGV</strong>.
        </li>
        <li>La información registrada debe ser veraz y corresponder a las ventas reales del día.</li>
        <li>
          Las ventas declaradas están sujetas a auditoría; la información inexacta o falsa será sancionada con
          las penalidades previstas en el contrato.
        </li>
        <li>
          El registro es diario, conforme a la cláusula séptima de las Condiciones Generales del contrato de
          arrendamiento.
        </li>
      </ul>
    </section>
  );
}
