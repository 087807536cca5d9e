import { useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Dropdown } from "primereact/dropdown";
import { useMemo, useState } from "react";
import {
  SIMILAR_DELETE_CONFIRM,
  SIMILAR_MALLS,
  SIMILAR_SAVED,
  similarAddBody,
  type SimilarMallKey,
} from "#contract/similar_contracts.ts";
import { columnsOf } from "../../components/data-table/columns.ts";
import { iconColumnsOf } from "../../components/data-table/icon-columns.ts";
import { DataTable } from "../../components/data-table/data-table.tsx";
import { FormField } from "../../components/form-field.tsx";
import { showSuccess } from "../../lib/dialogs.ts";
import { FormDialog } from "../../components/dialogs/form-dialog.tsx";
import { type FieldErrors, useForm } from "../../lib/forms.ts";
import { useSave, useVersion } from "../../lib/save.ts";
import {
  addSimilar,
  editSimilar,
  removeSimilar,
  shopsQuery,
  SIMILAR_KEY,
  type SimilarContractListed,
  similarListQuery,
} from "./api.ts";
import { ConfirmRemove } from "../../components/dialogs/confirm-remove.tsx";
import { SCREENS } from "../../screens.ts";

const TITLE = SCREENS["/Admin/ContratosSimiles"].title;
const c = columnsOf<SimilarContractListed>();
const icons = iconColumnsOf<SimilarContractListed>();

/** 'Contratos Símiles' (admin utilities): the groups of similar contracts; add, edit, delete and refresh. */
export function SimilarContractsScreen() {
  const queryClient = useQueryClient();
  const list = useSuspenseQuery(similarListQuery);
  const [editing, setEditing] = useState<SimilarContractListed | null | undefined>(undefined);
  const [removing, setRemoving] = useState<SimilarContractListed | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: SIMILAR_KEY });
  // Removed or refused (gone meanwhile), the list is read again.
  const remove = useSave({
    send: (r: SimilarContractListed) => removeSimilar(r.id),
    onSaved: () => {
      showSuccess(0, SIMILAR_SAVED);
      return refresh();
    },
    onFailed: refresh,
  });
  const columns = useMemo(() => [
    c.integer("id", "Id"),
    ...SIMILAR_MALLS.flatMap((m) => [
      c.text(m.key, m.name),
      c.text(`${m.key}Denominacion`, `Denominación ${m.name}`),
    ]),
    icons.edit((r) => `Editar el grupo ${r.id}`, setEditing),
    icons.remove((r) => `Eliminar el grupo ${r.id}`, setRemoving),
  ], []);
  return (
    <div className="card">
      <DataTable
        title={TITLE}
        columns={columns}
        data={list.data.table}
        loading={list.isFetching}
        pageSize={10}
        getRowId={(r) => String(r.id)}
        actions={
          <>
            <Button
              type="button"
              label="Refrescar"
              icon="pi pi-refresh"
              outlined
              onClick={refresh}
            />
            <Button type="button" label="Agregar" icon="pi pi-plus" onClick={() => setEditing(null)} />
          </>
        }
      />
      {editing !== undefined && (
        <SimilarDialog
          row={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            showSuccess(0, SIMILAR_SAVED);
            refresh();
          }}
        />
      )}
      <ConfirmRemove
        row={removing}
        message={SIMILAR_DELETE_CONFIRM}
        onClose={() => setRemoving(null)}
        onRemove={remove.save}
      />
    </div>
  );
}

const initial = (row: SimilarContractListed | null) =>
  Object.fromEntries(SIMILAR_MALLS.map((m) => [m.key, row?.[m.key] ?? null])) as Record<
    SimilarMallKey,
    string | null
  >;

/** The add / edit dialog: one contract picker per mall (from that mall's contracts), at least two filled. */
function SimilarDialog(
  props: { row: SimilarContractListed | null; onClose: () => void; onSaved: () => void },
) {
  const start = useMemo(() => initial(props.row), [props.row]);
  const form = useForm(start);
  const dirty = JSON.stringify(form.values) !== JSON.stringify(start);
  // What was typed goes as typed: the schema only judges it first. An edit sends the group's version; a
  // change made meanwhile (448) keeps the dialog as typed and takes the newer version.
  const { version, onStale } = useVersion(props.row?.version ?? 0);
  const save = useSave({
    schema: similarAddBody,
    values: form.values,
    setErrors: form.setErrors,
    send: () => (props.row ? editSimilar(props.row.id, form.values, version) : addSimilar(form.values)),
    onSaved: props.onSaved,
    onStale,
  });
  const errors: FieldErrors = form.errors;
  return (
    <FormDialog
      id="similar-form"
      header={props.row ? `Editar grupo ${props.row.id}` : "Agregar grupo"}
      width="34rem"
      onClose={props.onClose}
      save={save}
      guard={dirty}
    >
      {SIMILAR_MALLS.map((m) => (
        <ShopPicker
          key={m.key}
          mallId={m.mallId}
          id={m.key}
          label={m.name}
          value={form.values[m.key]}
          error={errors[m.key]}
          onChange={(v) => form.set({ [m.key]: v } as Partial<Record<SimilarMallKey, string | null>>)}
        />
      ))}
      {errors.contratos && <small className="p-error field-error" role="alert">{errors.contratos}</small>}
    </FormDialog>
  );
}

function ShopPicker(props: {
  mallId: number;
  id: string;
  label: string;
  value: string | null;
  error?: string;
  onChange: (v: string | null) => void;
}) {
  const shops = useQuery(shopsQuery(props.mallId));
  return (
    <FormField id={props.id} label={props.label} error={props.error} optional>
      <Dropdown
        inputId={props.id}
        value={props.value}
        options={shops.data ?? []}
        filter
        showClear
        placeholder="Seleccione contrato"
        loading={shops.isLoading}
        onChange={(e) => props.onChange(e.value ?? null)}
        className={props.error ? "p-invalid" : undefined}
        pt={{ trigger: { "aria-label": props.label } }}
      />
    </FormField>
  );
}
