// 'Requerimiento de CF' (spec 3 sections 2.3, 4, 5, 7): the approved bank letters about to expire grouped by
// bank with multi-select; 'Generar' (disabled until one is selected) makes one notarial requirement letter
// (PDF) per bank; the settings button opens the notarial configuration; the second grid lists the notarial
// letters with their download and 'Registrar Retorno de Carta'.
import { VALIDATION_ERROR } from "#contract/errors.ts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { useState } from "react";
import {
  type DeliveryBody,
  type ExpiringLetter,
  GENERATED_TITLE,
  generatedText,
  type GenerateResult,
  type NotarialLetter,
  REQUIREMENT_API,
} from "#contract/guarantees/requirements.ts";
import { type Column, columnsOf } from "../../components/data-table/columns.ts";
import { post, put } from "../../lib/api.ts";
import { formatDate, formatDateTime } from "../../lib/format.ts";
import type { FieldErrors } from "../../lib/forms.ts";
import { useSave, useVersion } from "../../lib/save.ts";
import { GUARANTEES_KEY } from "./api.ts";
import { groupings, RowAction } from "./columns.tsx";
import { GuaranteeGrid } from "./grid.tsx";
import { NotarialConfigDialog } from "./notarial-config.tsx";
import { DeliveryFields, useDelivery } from "./delivery-fields.tsx";
import { expiringLettersQuery, notarialLettersQuery } from "./requirement-api.ts";
import { money } from "./shared.tsx";
import "./reception.css";
import "./requirement.css";
import { NoticeDialog } from "../../components/dialogs/dialog-frame.tsx";
import { ActionDialog } from "./action-dialog.tsx";

const byBank = (rows: ExpiringLetter[]) => {
  const groups = new Map<number, { banco: string; rows: ExpiringLetter[] }>();
  for (const r of rows) {
    const g = groups.get(r.id_banco) ?? { banco: r.banco, rows: [] };
    g.rows.push(r);
    groups.set(r.id_banco, g);
  }
  return [...groups.entries()];
};

const days = (n: number) =>
  n < 0
    ? `Vencida hace ${-n} día${n === -1 ? "" : "s"}`
    : n === 0
    ? "Vence hoy"
    : `${n} día${n === 1 ? "" : "s"}`;

/** The delivery semaphore: PEN grey, APR green, REC red; grey while nothing is registered. */
function DeliveryLight({ letter }: { letter: NotarialLetter }) {
  const color = letter.semaforo_color ?? "gris";
  const text = letter.nombre_estado_entrega ?? "Sin retorno";
  return (
    <span className={`light light-${color} light-small`} data-delivery={letter.codigo_estado_entrega ?? ""}>
      <span className="light-dot" aria-hidden="true" />
      <span className="light-caption">{text}</span>
    </span>
  );
}

export function RequirementScreen() {
  const expiring = useQuery(expiringLettersQuery);
  const letters = useQuery(notarialLettersQuery);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [generated, setGenerated] = useState<NotarialLetter[] | null>(null);
  const [config, setConfig] = useState(false);
  const [delivery, setDelivery] = useState<NotarialLetter | null>(null);
  const [status, setStatus] = useState("");
  const rows = expiring.data ?? [];

  const toggle = (ids: number[], on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids) on ? next.add(id) : next.delete(id);
      return next;
    });

  // A refused generation: the error dialog has shown the server's reason; the selection stays.
  const generating = useSave({
    send: (garantias: number[]) => post<GenerateResult>(REQUIREMENT_API.generate, { garantias }),
    invalidate: [GUARANTEES_KEY],
    onSaved: (r) => {
      setSelected(new Set());
      setGenerated(r.cartas);
    },
  });
  const busy = generating.busy;
  const generate = () => generating.save([...selected]);

  const c = columnsOf<NotarialLetter>();
  const letterColumns: Column<NotarialLetter>[] = [
    {
      ...c.action("acciones", "Acciones", (r) => (
        <span className="guarantee-actions">
          <a
            className="p-button p-component p-button-icon-only p-button-text p-button-rounded"
            href={r.url}
            download
            aria-label={`Descargar ${r.nro_carta}`}
            title="Descargar"
          >
            <span className="p-button-icon p-c pi pi-download" aria-hidden="true" />
          </a>
          <RowAction
            icon="pi-reply"
            title="Registrar Retorno de Carta"
            name={r.nro_carta}
            onClick={() => setDelivery(r)}
          />
        </span>
      )),
      size: 110,
    },
    c.text("nro_carta", "Nro. Carta"),
    c.text("banco", "Banco"),
    { ...c.mapped("cartas_fianza", "Cartas Fianza", (v) => (v as string[]).join(", ")), id: "cartas_fianza" },
    {
      ...c.mapped("fecha_generacion", "Fecha de Generación", (v) => formatDateTime(v as string)),
      id: "fecha_generacion",
    },
    c.text("generado_por", "Generado por"),
    c.date("fecha_entrega", "Fecha de Entrega"),
    {
      ...c.mapped("nombre_estado_entrega", "Estado de Entrega", (v) => (v as string | null) ?? "Sin retorno"),
      cell: ({ row }) => <DeliveryLight letter={row.original} />,
    },
  ];

  return (
    <div className="card">
      <p className="page-lead">
        Cartas fianza aprobadas próximas a vencer, agrupadas por banco. Seleccione las cartas y pulse Generar:
        se genera una carta notarial de requerimiento por banco.
      </p>
      <div className="requirement-toolbar">
        <Button
          type="button"
          label="Generar"
          icon="pi pi-file-pdf"
          onClick={generate}
          disabled={selected.size === 0 || busy}
          loading={busy}
        />
        <Button
          type="button"
          icon="pi pi-cog"
          severity="secondary"
          outlined
          aria-label="Configuración de cartas notariales"
          title="Configuración de cartas notariales"
          onClick={() => setConfig(true)}
        />
        <span className="requirement-count" aria-live="polite">
          {selected.size === 1 ? "1 carta seleccionada" : `${selected.size} cartas seleccionadas`}
        </span>
      </div>
      <section aria-label="Cartas Fianza por Vencer" className="requirement-groups">
        {expiring.isFetching && !expiring.data && <p role="status">Cargando…</p>}
        {expiring.data && rows.length === 0 && (
          <p>No hay cartas fianza por vencer pendientes de requerimiento.</p>
        )}
        {byBank(rows).map(([bankId, g]) => {
          const ids = g.rows.map((r) => r.id_garantia_detalle);
          const all = ids.every((id) => selected.has(id));
          return (
            <div className="scroll-x" key={bankId}>
              <table className="requirement-table">
                <caption>
                  <label>
                    <input
                      type="checkbox"
                      checked={all}
                      onChange={(e) => toggle(ids, e.target.checked)}
                      aria-label={`Seleccionar todas las cartas de ${g.banco}`}
                    />{" "}
                    {g.banco} ({g.rows.length})
                  </label>
                </caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <span className="sr-only">Seleccionar</span>
                    </th>
                    <th scope="col">Carta Fianza</th>
                    <th scope="col">RUC</th>
                    <th scope="col">Razón Social</th>
                    <th scope="col">Contrato</th>
                    <th scope="col">Mall</th>
                    <th scope="col" className="num">Importe</th>
                    <th scope="col">Vencimiento</th>
                    <th scope="col">Plazo</th>
                  </tr>
                </thead>
                <tbody>
                  {g.rows.map((r) => (
                    <tr
                      key={r.id_garantia_detalle}
                      className={selected.has(r.id_garantia_detalle) ? "selected" : ""}
                    >
                      <td>
                        <input
                          type="checkbox"
                          checked={selected.has(r.id_garantia_detalle)}
                          onChange={(e) => toggle([r.id_garantia_detalle], e.target.checked)}
                          aria-label={`Seleccionar ${r.nro_carta_fianza ?? r.id_garantia_detalle}`}
                        />
                      </td>
                      <td>{r.nro_carta_fianza}</td>
                      <td>{r.ruc}</td>
                      <td>{r.razon_social}</td>
                      <td>{r.nro_contrato}</td>
                      <td>{r.mall}</td>
                      <td className="num">{money(r.importe, r.moneda)}</td>
                      <td>{formatDate(r.fecha_vencimiento_carta_fianza)}</td>
                      <td className={r.dias_para_vencer < 0 ? "expired" : ""}>{days(r.dias_para_vencer)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          );
        })}
      </section>
      <h2 className="reception-title">Cartas Notariales</h2>
      {status && <p role="status" className="requirement-status">{status}</p>}
      <GuaranteeGrid
        title="Cartas Notariales"
        columns={letterColumns}
        data={letters.data}
        loading={letters.isFetching && !letters.data}
        groupBy={groupings("banco")}
        getRowId={(r) => String(r.id_carta)}
        onRefresh={letters.refetch}
        emptyMessage="Aún no se generan cartas notariales."
      />
      {generated && <GeneratedDialog letters={generated} onClose={() => setGenerated(null)} />}
      {config && <NotarialConfigDialog onClose={() => setConfig(false)} />}
      {delivery && (
        <DeliveryDialog
          letter={delivery}
          onClose={(message) => {
            setDelivery(null);
            if (message) setStatus(message);
          }}
        />
      )}
    </div>
  );
}

function GeneratedDialog({ letters, onClose }: { letters: NotarialLetter[]; onClose: () => void }) {
  return (
    <NoticeDialog
      onAccept={onClose}
      header={GENERATED_TITLE}
      width="34rem"
      maxWidth="94vw"
    >
      <div role="status">
        <p>{generatedText(letters.length)}</p>
        <ul className="generated-list">
          {letters.map((l) => (
            <li key={l.id_carta}>
              <a href={l.url} download>
                <i className="pi pi-download" aria-hidden="true" /> {l.nro_carta}
              </a>{" "}
              — {l.banco}: {l.cartas_fianza.join(", ")}
            </li>
          ))}
        </ul>
      </div>
    </NoticeDialog>
  );
}

function DeliveryDialog(
  { letter, onClose }: { letter: NotarialLetter; onClose: (message?: string) => void },
) {
  const queryClient = useQueryClient();
  const delivery = useDelivery({ fecha: letter.fecha_entrega, estado: letter.codigo_estado_entrega });
  const [errors, setErrors] = useState<FieldErrors>({});
  // The version the list read; after a 448 (its dialog names who and when) the newer one.
  const { version, onStale } = useVersion(letter.version);
  const action = useSave({
    send: async (body: DeliveryBody) => {
      await put<NotarialLetter>(REQUIREMENT_API.delivery(letter.id_carta), body, {
        quiet: [VALIDATION_ERROR],
      });
      await queryClient.invalidateQueries({ queryKey: GUARANTEES_KEY });
    },
    setErrors,
    onStale,
    onSaved: () => onClose(`Se registró el retorno de la carta ${letter.nro_carta}.`),
  });
  const save = () => {
    if (!delivery.ready || !delivery.estado) return;
    setErrors({});
    action.save({ fecha_entrega: delivery.fecha, codigo_estado_entrega: delivery.estado, version });
  };
  return (
    <ActionDialog
      header="Registrar Retorno de Carta"
      lead={
        <>
          Carta notarial <strong>{letter.nro_carta}</strong> a {letter.banco}.
        </>
      }
      width="30rem"
      busy={action.busy}
      onClose={onClose}
      onSave={save}
      canSave={delivery.ready}
    >
      <DeliveryFields prefix="del" errors={errors} {...delivery.fields} />
    </ActionDialog>
  );
}
