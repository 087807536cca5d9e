// /mapas/allInGestionCategoria (spec 2, Mapa de calor): the category traffic lights. Nombre with the green,
// yellow and red ranges (desde / hasta, %); add, edit and delete (not for 'Todos'); a two-handle slider 0–100
// sets the ranges (green 0..first, yellow first+1..second, red second+1..100), which the server checks too.
import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Slider } from "primereact/slider";
import { useMemo, useState } from "react";
import {
  CATEGORY_DELETE_CONFIRM,
  categoryAddBody,
  categoryBodyOf,
  type CategoryRow,
  LIGHT_COLORS,
  semaforoOf,
  SLIDER_DEFAULTS,
  TODOS_ID,
} from "#contract/maps.ts";
import { columnsOf } from "../../components/data-table/columns.ts";
import { iconColumnsOf } from "../../components/data-table/icon-columns.ts";
import { DataTable } from "../../components/data-table/data-table.tsx";
import { TextField } from "../../components/fields.tsx";
import { FormDialog } from "../../components/dialogs/form-dialog.tsx";
import { useForm } from "../../lib/forms.ts";
import { useSave, useVersion } from "../../lib/save.ts";
import { addCategory, categoriesQuery, editCategory, MAPS_KEY, removeCategory } from "./api.ts";
import "./maps.css";
import { ConfirmRemove } from "../../components/dialogs/confirm-remove.tsx";

interface Flat {
  value: number;
  label: string;
  verdeDesde: number;
  verdeHasta: number;
  amarilloDesde: number;
  amarilloHasta: number;
  rojoDesde: number;
  rojoHasta: number;
  version: number;
}
const flat = (r: CategoryRow): Flat => ({
  value: r.value,
  label: r.label,
  verdeDesde: r.semaforo.verde.desde,
  verdeHasta: r.semaforo.verde.hasta,
  amarilloDesde: r.semaforo.amarillo.desde,
  amarilloHasta: r.semaforo.amarillo.hasta,
  rojoDesde: r.semaforo.rojo.desde,
  rojoHasta: r.semaforo.rojo.hasta,
  version: r.version,
});
const c = columnsOf<Flat>();
const icons = iconColumnsOf<Flat>();

export function CategoriesScreen() {
  const queryClient = useQueryClient();
  const list = useSuspenseQuery(categoriesQuery);
  const rows = useMemo(() => list.data.map(flat), [list.data]);
  const [editing, setEditing] = useState<Flat | null | undefined>(undefined);
  const [removing, setRemoving] = useState<Flat | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...MAPS_KEY, "categories"] });
  // Removed or refused (gone meanwhile), the list is read again.
  const remove = useSave({ send: (r: Flat) => removeCategory(r.value), onSaved: refresh, onFailed: refresh });
  const columns = useMemo(() => [
    c.text("label", "Nombre"),
    c.integer("verdeDesde", "Verde desde (%)"),
    c.integer("verdeHasta", "Verde hasta (%)"),
    c.integer("amarilloDesde", "Amarillo desde (%)"),
    c.integer("amarilloHasta", "Amarillo hasta (%)"),
    c.integer("rojoDesde", "Rojo desde (%)"),
    c.integer("rojoHasta", "Rojo hasta (%)"),
    icons.edit((r) => `Editar la categoría ${r.label}`, setEditing),
    icons.remove((r) => `Eliminar la categoría ${r.label}`, setRemoving, {
      keep: (r) => r.value === TODOS_ID,
    }),
  ], []);
  return (
    <div className="card">
      <DataTable
        title="Gestión de Categorías"
        columns={columns}
        data={rows}
        loading={list.isFetching}
        pageSize={10}
        getRowId={(r) => String(r.value)}
        actions={<Button type="button" label="Agregar" icon="pi pi-plus" onClick={() => setEditing(null)} />}
      />
      {editing !== undefined && (
        <CategoryDialog
          row={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            refresh();
          }}
        />
      )}
      <ConfirmRemove
        row={removing}
        message={CATEGORY_DELETE_CONFIRM}
        onClose={() => setRemoving(null)}
        onRemove={remove.save}
      />
    </div>
  );
}

function CategoryDialog(props: { row: Flat | null; onClose: () => void; onSaved: () => void }) {
  const start = useMemo(() => ({
    name: props.row?.label ?? "",
    handles: props.row
      ? [props.row.verdeHasta, props.row.amarilloHasta] as [number, number]
      : [...SLIDER_DEFAULTS] as [
        number,
        number,
      ],
  }), [props.row]);
  const form = useForm(start);
  const [a, b] = form.values.handles;
  const s = semaforoOf(a, b);
  const dirty = JSON.stringify(form.values) !== JSON.stringify(start);
  const isTodos = props.row?.value === TODOS_ID;
  // An edit sends the category's version; a change made meanwhile (448) keeps the dialog as typed.
  const { version, onStale } = useVersion(props.row?.version ?? 0);
  const save = useSave({
    schema: categoryAddBody,
    values: categoryBodyOf(form.values.name, a, b),
    setErrors: (f) => form.setErrors({ name: f.categoriaName, semaforo: f.semaforo }),
    send: (body) => props.row ? editCategory(props.row.value, body, version) : addCategory(body),
    onSaved: props.onSaved,
    onStale,
  });
  return (
    <FormDialog
      id="category-form"
      header={props.row ? "Editar categoría" : "Agregar categoría"}
      onClose={props.onClose}
      save={save}
      guard={dirty}
    >
      <TextField
        id="categoriaName"
        label="Nombre"
        error={form.errors.name}
        value={form.values.name}
        disabled={isTodos}
        maxLength={80}
        onChange={(name) => form.set({ name })}
      />
      <div className="field">
        <span id="semaforo-label">Rangos (%)</span>
        <Slider
          className="maps-slider"
          range
          min={0}
          max={100}
          step={1}
          value={[a, b]}
          aria-labelledby="semaforo-label"
          onChange={(e) => {
            const v = e.value as [number, number];
            if (Array.isArray(v)) form.set({ handles: [Math.min(v[0], v[1]), Math.max(v[0], v[1])] });
          }}
        />
        <div className="maps-ranges" data-testid="category-ranges">
          {(["verde", "amarillo", "rojo"] as const).map((k) => (
            <span key={k} className="maps-range">
              <span className="swatch" style={{ background: LIGHT_COLORS[k] }} aria-hidden="true" />
              {k === "verde" ? "Verde" : k === "amarillo" ? "Amarillo" : "Rojo"}: {s[k].desde} – {s[k].hasta}
            </span>
          ))}
        </div>
        {form.errors.semaforo && (
          <small className="p-error field-error" role="alert">{form.errors.semaforo}</small>
        )}
      </div>
    </FormDialog>
  );
}
