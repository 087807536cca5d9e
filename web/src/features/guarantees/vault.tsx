// 'Bóveda de Garantías' (spec 3 sections 2.3, 3, 5, 8): the received bank letters with where each is kept;
// Guardar needs file, letra y número, estado and autorización; every place is kept in the letter's history.
import { useQuery } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { useState } from "react";
import {
  RECEPTION_API,
  type Ubicacion,
  VAULT_SAVED_TITLE,
  type VaultBody,
  type VaultRow,
  type VaultSaved,
  vaultSavedText,
} from "#contract/guarantees/reception.ts";
import { type Column, columnsOf } from "../../components/data-table/columns.ts";
import { TextField } from "../../components/fields.tsx";
import { post } from "../../lib/api.ts";
import { formatDate, formatDateTime } from "../../lib/format.ts";
import { groupings, RowAction } from "./columns.tsx";
import { GuaranteeList } from "./grid.tsx";
import { receptionColumns } from "./reception.tsx";
import { receptionCatalogQuery, vaultHistoryQuery, vaultQuery } from "./reception-api.ts";
import { SelectField } from "./shared.tsx";
import { ActionDialog, useActionSave } from "./action-dialog.tsx";
import "./reception.css";
import { DialogFrame } from "../../components/dialogs/dialog-frame.tsx";

const GROUP_BY = groupings("mall", "banco");

const place = (pick: (u: Ubicacion) => string) => (v: unknown) => (v ? pick(v as Ubicacion) : "");

export function VaultScreen() {
  const vault = useQuery(vaultQuery);
  const [editing, setEditing] = useState<VaultRow | null>(null);
  const [history, setHistory] = useState<VaultRow | null>(null);
  const c = columnsOf<VaultRow>();
  const [contract, ...others] = receptionColumns<VaultRow>();
  const reception = { contract, rest: others.filter((col) => col.id !== "tipo_garantia") };
  const columns: Column<VaultRow>[] = [
    {
      ...c.action("acciones", "Acciones", (r) => {
        const n = r.numero ?? r.id_garantia_detalle;
        return (
          <span className="guarantee-actions">
            {r.puede_guardar && (
              <RowAction
                icon="pi-lock"
                title="Guardar en bóveda"
                name={n}
                onClick={() => setEditing(r)}
              />
            )}
            <RowAction
              icon="pi-history"
              title="Historial de ubicaciones"
              name={n}
              onClick={() => setHistory(r)}
            />
          </span>
        );
      }),
      size: 110,
    },
    // The vault's own columns first, after the contract: at 1366 px the place, its state and its
    // authorisation are in view without scrolling sideways (issue 38); the letter's columns follow, without
    // 'Tipo de Garantía' (the vault keeps letters only).
    reception.contract,
    { ...c.mapped("ubicacion", "File", place((u) => u.file)), id: "file" },
    { ...c.mapped("ubicacion", "Letra y Número", place((u) => u.letra_numero)), id: "letra_numero" },
    {
      ...c.mapped(
        "ubicacion",
        "Estado Ubicación",
        (v) => (v ? (v as Ubicacion).descripcion_estado : "Sin ubicación"),
      ),
      id: "estado_ubicacion",
    },
    {
      ...c.mapped("ubicacion", "Autorización", place((u) => u.descripcion_autorizacion)),
      id: "autorizacion",
    },
    {
      ...c.mapped("ubicacion", "Actualizado", place((u) => formatDate(u.updated_date))),
      id: "updated_date",
    },
    ...reception.rest,
  ];
  return (
    <GuaranteeList
      lead="Cartas fianza recepcionadas y el lugar donde se guardan. Cada cambio queda en el historial de la carta."
      title="Bóveda de Garantías"
      columns={columns}
      query={vault}
      groupBy={GROUP_BY}
      emptyMessage="No hay cartas fianza recepcionadas."
    >
      {editing && <VaultDialog row={editing} onClose={() => setEditing(null)} />}
      {history && <HistoryDialog row={history} onClose={() => setHistory(null)} />}
    </GuaranteeList>
  );
}

// The place's fields: its two texts, then its two choices from the catalog's lists.
const TEXTS = [["file", "vault-file", "File"], ["letra_numero", "vault-letra", "Letra y Número"]] as const;
const CHOICES = [
  ["codigo_estado", "vault-estado", "Estado", "estados_ubicacion"],
  ["codigo_autorizacion", "vault-autorizacion", "Autorización", "autorizaciones"],
] as const;

function VaultDialog({ row, onClose }: { row: VaultRow; onClose: () => void }) {
  const { data: catalog } = useQuery(receptionCatalogQuery);
  const initial: Omit<VaultBody, "version"> = {
    file: row.ubicacion?.file ?? "",
    letra_numero: row.ubicacion?.letra_numero ?? "",
    codigo_estado: row.ubicacion?.codigo_estado ?? "",
    codigo_autorizacion: row.ubicacion?.codigo_autorizacion ?? "",
  };
  const [f, setF] = useState(initial);
  const action = useActionSave({
    read: row.version,
    send: (body: VaultBody) =>
      post<VaultSaved>(RECEPTION_API.store(row.id_garantia_detalle), body, { quiet: true }),
    done: (_, body) =>
      vaultSavedText(
        row.numero ?? String(row.id_garantia_detalle),
        body.file.trim(),
        body.letra_numero.trim(),
      ),
    failure: "No se pudo guardar la ubicación.",
  });
  const { errors } = action;
  const set = (patch: Partial<typeof initial>) => setF((x) => ({ ...x, ...patch }));
  return (
    <ActionDialog
      header="Bóveda de Garantías"
      lead={
        <>
          Carta Fianza <strong>{row.numero ?? "—"}</strong> de {row.razon_social} ({row.mall}).
        </>
      }
      width="34rem"
      busy={action.busy}
      onClose={onClose}
      onSave={() => action.save(f)}
      canSave={Object.values(f).every((x) => x.trim() !== "")}
      dirty={JSON.stringify(f) !== JSON.stringify(initial)}
      error={errors._}
      done={action.saved}
      doneTitle={VAULT_SAVED_TITLE}
    >
      {TEXTS.map(([key, id, label]) => (
        <TextField
          key={key}
          id={id}
          label={label}
          error={errors[key]}
          value={f[key]}
          maxLength={40}
          onChange={(text) => set({ [key]: text })}
        />
      ))}
      {CHOICES.map(([key, id, label, list]) => (
        <SelectField
          key={key}
          id={id}
          label={label}
          error={errors[key]}
          value={f[key] || null}
          options={(catalog?.[list] ?? []).map((x) => ({ label: x.descripcion, value: x.codigo }))}
          onChange={(v) => set({ [key]: v ?? "" })}
        />
      ))}
    </ActionDialog>
  );
}

function HistoryDialog({ row, onClose }: { row: VaultRow; onClose: () => void }) {
  const { data, isFetching } = useQuery(vaultHistoryQuery(row.id_garantia_detalle));
  const list = data?.historial ?? [];
  return (
    <DialogFrame
      onClose={onClose}
      header={`Historial de Ubicaciones: Carta Fianza ${row.numero ?? row.id_garantia_detalle}`}
      width="46rem"
      maxWidth="94vw"
      footer={<Button type="button" label="Cerrar" onClick={onClose} autoFocus />}
    >
      {isFetching && !data
        ? <p role="status">Cargando…</p>
        : list.length === 0
        ? <p>La carta fianza aún no tiene ubicación registrada.</p>
        : (
          <table className="vault-history">
            <caption className="sr-only">Historial de ubicaciones</caption>
            <thead>
              <tr>
                <th scope="col">Fecha</th>
                <th scope="col">File</th>
                <th scope="col">Letra y Número</th>
                <th scope="col">Estado</th>
                <th scope="col">Autorización</th>
                <th scope="col">Usuario</th>
              </tr>
            </thead>
            <tbody>
              {list.map((u, i) => (
                <tr key={i}>
                  <td>{formatDateTime(u.updated_date)}</td>
                  <td>{u.file}</td>
                  <td>{u.letra_numero}</td>
                  <td>{u.descripcion_estado}</td>
                  <td>{u.descripcion_autorizacion}</td>
                  <td>{u.updated_by}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
    </DialogFrame>
  );
}
