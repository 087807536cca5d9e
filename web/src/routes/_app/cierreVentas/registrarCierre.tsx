import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { InputText } from "primereact/inputtext";
import { type FormEvent, useState } from "react";
import { fieldAria, FormField } from "../../../components/form-field.tsx";
import { ApiError, post } from "../../../lib/api.ts";
import { formatDate } from "../../../lib/format.ts";
import { notificationsQueryOptions } from "../../../lib/notifications.ts";
import { type PendingClosing, pendingClosingQuery, TENANT_KEY } from "../-tenant/api.ts";
import { parseSale, parseTransactions, SavedDialog, tenantScreen } from "../-tenant/shared.tsx";

/** 'Registrar Cierre': the day's sales and transactions of every supply point of the session's contract. */
export const Route = createFileRoute("/_app/cierreVentas/registrarCierre")({
  staticData: { title: "Registrar Cierre de Ventas" },
  beforeLoad: tenantScreen("REGISTRAR_CIERRE_VENTA_LOCATARIO"),
  loader: ({ context }) => context.queryClient.ensureQueryData(pendingClosingQuery),
  component: RegisterClosing,
});

function RegisterClosing() {
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
          <section className="card closing-done" role="status">
            <i className="pi pi-check-circle" aria-hidden="true" />
            <p>{data.mensaje}</p>
          </section>
        )}
    </div>
  );
}

type Entry = { venta: string; transacciones: string };
type Errors = Record<string, string>;

function ClosingForm({ pending, day }: { pending: PendingClosing; day: string }) {
  const queryClient = useQueryClient();
  const [entries, setEntries] = useState<Entry[]>(() =>
    pending.suministros.map(() => ({ venta: "", transacciones: "" }))
  );
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (body: unknown) => post("/api/tenant/closings", body, { confirm: false }),
    onSuccess: () => setSaved(true),
    onError: (e) => {
      if (e instanceof ApiError && e.errorId === 422) setErrors(e.fieldErrors);
      // Registered meanwhile (another tab, a colleague): the screen moves on to what is pending now.
      else queryClient.invalidateQueries({ queryKey: TENANT_KEY });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending || saved) return;
    const found: Errors = {};
    const suministros = pending.suministros.map((s, i) => {
      const venta = parseSale(entries[i].venta);
      const transacciones = parseTransactions(entries[i].transacciones);
      if (venta.error) found[`suministros.${i}.venta`] = venta.error;
      if (transacciones.error) found[`suministros.${i}.transacciones`] = transacciones.error;
      return {
        idSuministroPorLocatario: s.idSuministroPorLocatario,
        venta: venta.value ?? 0,
        transacciones: transacciones.value ?? 0,
      };
    });
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate({ fechaRegistro: day, suministros });
  };
  const set = (i: number, patch: Partial<Entry>) =>
    setEntries((all) => all.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const accept = () => {
    setSaved(false);
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
          {pending.suministros.map((s, i) => {
            const ve = errors[`suministros.${i}.venta`], te = errors[`suministros.${i}.transacciones`];
            return (
              <section
                key={s.idSuministroPorLocatario}
                className="supply-card"
                aria-label={`Suministro ${s.codigo}`}
              >
                <h3>
                  <i className="pi pi-bolt" aria-hidden="true" /> {s.codigo} <small>{s.descripcion}</small>
                </h3>
                <FormField id={`venta-${i}`} label="Venta sin IGV (S/)" error={ve}>
                  <InputText
                    {...fieldAria(`venta-${i}`, ve)}
                    inputMode="decimal"
                    placeholder="0.00"
                    autoComplete="off"
                    value={entries[i].venta}
                    disabled={saved}
                    onChange={(e) => set(i, { venta: e.target.value })}
                  />
                </FormField>
                <FormField id={`transacciones-${i}`} label="Número de transacciones" error={te}>
                  <InputText
                    {...fieldAria(`transacciones-${i}`, te)}
                    inputMode="numeric"
                    placeholder="0"
                    autoComplete="off"
                    value={entries[i].transacciones}
                    disabled={saved}
                    onChange={(e) =>
                      set(i, { transacciones: e.target.value })}
                  />
                </FormField>
              </section>
            );
          })}
        </div>
      </section>
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
            Las ventas declaradas están sujetas a auditoría; la información inexacta o falsa será sancionada
            con las penalidades previstas en el contrato.
          </li>
          <li>
            El registro es diario, conforme a la cláusula séptima de las Condiciones Generales del contrato de
            arrendamiento.
          </li>
        </ul>
      </section>
      {!saved && (
        <div className="closing-actions">
          <Button type="submit" label="Registrar" icon="pi pi-save" loading={save.isPending} />
        </div>
      )}
      <SavedDialog
        visible={saved}
        message={`El cierre de ventas del ${formatDate(day)} se registró correctamente.`}
        onAccept={accept}
      />
    </form>
  );
}
