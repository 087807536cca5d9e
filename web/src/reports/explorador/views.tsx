// The person's saved views of the explorer (stored on the server, contract/explorer.ts): open one (its slice
// becomes the URL), save the slice on screen under a name, delete one.

import { useQuery } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Dropdown } from "primereact/dropdown";
import { InputText } from "primereact/inputtext";
import { useState } from "react";
import {
  EXPLORER_API,
  type ExplorerState,
  type ExplorerView,
  VIEW_DELETED,
  VIEW_SAVED,
  viewName,
} from "#contract/explorer.ts";
import { del, get, post } from "../../lib/api.ts";
import { useSave } from "../../lib/save.ts";

const VIEWS_KEY = ["explorer-views"];

export function SavedViews(props: { slice: ExplorerState | null; onOpen: (s: ExplorerState) => void }) {
  const views = useQuery({ queryKey: VIEWS_KEY, queryFn: () => get<ExplorerView[]>(EXPLORER_API.views) });
  const [picked, setPicked] = useState<number | null>(null);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const save = useSave({
    send: (b: { nombre: string; estado: ExplorerState }) => post<ExplorerView>(EXPLORER_API.views, b),
    invalidate: [VIEWS_KEY],
    onSaved: (v) => {
      setStatus(VIEW_SAVED);
      setPicked(v.id);
    },
  });
  const remove = useSave({
    send: (id: number) => del<null>(`${EXPLORER_API.views}/${id}`),
    invalidate: [VIEWS_KEY],
    onSaved: () => {
      setStatus(VIEW_DELETED);
      setPicked(null);
    },
  });
  const list = views.data ?? [];
  const current = list.find((v) => v.id === picked) ?? null;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setStatus(null);
    const n = viewName.safeParse(name);
    if (!n.success) return setError(n.error.issues[0].message);
    setError(null);
    // The name stays typed until the server answers (a failure keeps it to try again).
    if (props.slice) save.save({ nombre: n.data, estado: props.slice });
  };
  return (
    <section className="card explorer-views" aria-label="Vistas guardadas">
      <div className="filter-bar">
        <div className="filter">
          <label htmlFor="vista">Vistas guardadas</label>
          <Dropdown
            inputId="vista"
            value={picked}
            options={list.map((v) => ({ value: v.id, label: v.nombre }))}
            placeholder={list.length ? "Elegir una vista" : "Sin vistas guardadas"}
            onChange={(e) => setPicked(e.value)}
            pt={{ trigger: { "aria-label": "Vistas guardadas" } }}
          />
        </div>
        <Button
          type="button"
          label="Abrir vista"
          size="small"
          disabled={!current}
          onClick={() => {
            setStatus(null);
            if (current) props.onOpen(current.estado);
          }}
        />
        <Button
          type="button"
          label="Eliminar vista"
          size="small"
          severity="danger"
          outlined
          disabled={!current || remove.busy}
          onClick={() => current && remove.save(current.id)}
        />
        <form className="filter-bar" onSubmit={submit} noValidate>
          <div className="filter">
            <label htmlFor="vista-nombre">Nombre de la vista</label>
            <InputText
              id="vista-nombre"
              value={name}
              maxLength={80}
              invalid={!!error}
              aria-describedby={error ? "vista-nombre-error" : undefined}
              onChange={(e) => setName(e.target.value)}
            />
            {error && <small id="vista-nombre-error" className="filter-error" role="alert">{error}</small>}
          </div>
          <Button
            type="submit"
            label="Guardar vista"
            size="small"
            disabled={!props.slice}
            loading={save.busy}
          />
        </form>
        {status && <span role="status" className="muted">{status}</span>}
      </div>
    </section>
  );
}
