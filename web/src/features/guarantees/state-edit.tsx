// update_estado on the staff detail: the state editor (SUPERADMIN_CONFIG) moves the guarantee one step of the
// review cycle (contract/guarantees/state.ts); the server's state machine decides and audits it. It sends the
// version the screen read: a move over a newer change is refused (448) and the chosen state stays.
import { STALE_EDIT, STATE_CONFLICT } from "#contract/errors.ts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { STATE_LABELS, STATE_UPDATED, stateSteps, type UpdateStateBody } from "#contract/guarantees/state.ts";
import type { StateCode } from "#contract/guarantees/guarantees.ts";
import { P } from "#contract/permissions.ts";
import { ApiError, put } from "../../lib/api.ts";
import { useSave } from "../../lib/save.ts";
import { hasAnyPermission, useSession } from "../../lib/session.ts";
import { guaranteeQuery, GUARANTEES_KEY } from "./api.ts";
import { Select } from "./shared.tsx";
import { SaveButton } from "../../components/save-button.tsx";

export function StateEditPanel({ id }: { id: number }) {
  const session = useSession();
  if (!hasAnyPermission(session, [P.SUPERADMIN_CONFIG])) return null;
  return <Editor id={id} />;
}

function Editor({ id }: { id: number }) {
  const { data } = useQuery(guaranteeQuery(id));
  const [to, setTo] = useState<StateCode | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The version read; after a 448 the newer one, so that saving again replaces it knowingly.
  const [newer, setNewer] = useState<number | null>(null);
  const action = useSave({
    send: (body: UpdateStateBody) =>
      put("/api/guarantees/update_estado", body, { quiet: [STATE_CONFLICT, STALE_EDIT], confirm: false }),
    invalidate: [GUARANTEES_KEY],
    onSaved: () => {
      setMessage(STATE_UPDATED);
      setTo(null);
      setNewer(null);
    },
    onStale: setNewer,
    onFailed: (e) => setError(e instanceof ApiError ? e.message : String(e)),
  });
  if (!data) return null;
  const current = data.detalle_garantia.estado.codigo;
  const options = stateSteps(current).map((s) => ({ label: STATE_LABELS[s], value: s }));
  const busy = action.busy;
  const save = () => {
    if (!to) return;
    setError(null);
    setMessage(null);
    action.save({
      id_detalle_garantia: id,
      codigo_estado_detalle_garantia: to,
      version: newer ?? data.version,
    });
  };
  return (
    <section className="card letter-panel" aria-label="Actualizar Estado">
      <h2 className="reception-title">Actualizar Estado</h2>
      <p>Estado actual: {STATE_LABELS[current]}</p>
      {options.length === 0
        ? <p>El estado de esta garantía no se puede cambiar directamente.</p>
        : (
          <div className="field">
            <label htmlFor="estado-nuevo">Nuevo estado</label>
            <Select inputId="estado-nuevo" value={to} options={options} onChange={setTo} />
            <SaveButton label="Actualizar Estado" busy={busy} ready={!!to} onClick={save} />
          </div>
        )}
      {message && <p role="status">{message}</p>}
      {error && <p className="p-error" role="alert">{error}</p>}
    </section>
  );
}
