// /configuracion-garantias (spec 3 sections 2.3, 5, 9): the general parameters of guarantees, each with the
// editor of its kind (percentage 0-100 with dot decimals, digits up to 3, a switch saved '1'/'0', the day
// list, free text), a save icon and a confirmation. The server checks the same rules. A digit is typed in the
// portal's number input: what cannot be a number is refused aloud, never dropped. A save sends the version
// read; a change made since is refused (448) and the typed value stays.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { InputText } from "primereact/inputtext";
import { useState } from "react";
import {
  checkParameter,
  confirmParameterText,
  daysSavable,
  type GeneralParameter,
  type ParameterBody,
  PARAMETERS_API,
} from "#contract/guarantees/parameters.ts";
import { NOT_A_NUMBER } from "#contract/number_text.ts";
import { VALIDATION_ERROR } from "#contract/errors.ts";
import { NumberInput } from "../../components/number-field.tsx";
import { put } from "../../lib/api.ts";
import type { FieldErrors } from "../../lib/forms.ts";
import { useSave } from "../../lib/save.ts";
import { parametersQuery } from "./requirement-api.ts";
import "./requirement.css";
import { ConfirmAsk } from "../../components/dialogs/confirm-ask.tsx";

export function ParametersScreen() {
  const { data, isFetching } = useQuery(parametersQuery);
  return (
    <div className="card">
      <p className="page-lead">
        Parámetros generales de las garantías. Edite un valor y guárdelo con su icono; se pide confirmación.
      </p>
      {isFetching && !data ? <p role="status">Cargando…</p> : (
        <table className="parameters-table">
          <caption className="sr-only">Parámetros generales</caption>
          <thead>
            <tr>
              <th scope="col">Parámetro</th>
              <th scope="col">Valor</th>
              <th scope="col">
                <span className="sr-only">Guardar</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(data ?? []).map((p) => <ParameterRow key={p.codigo} p={p} />)}
          </tbody>
        </table>
      )}
    </div>
  );
}

function ParameterRow({ p }: { p: GeneralParameter }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(p.value);
  const [confirm, setConfirm] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refused, setRefused] = useState(false);
  // The version read; after a 448 the newer one, so that saving again replaces it knowingly.
  const [newer, setNewer] = useState<number | null>(null);
  const id = `param-${p.codigo}`;
  const checked = checkParameter(p.tipo, value);
  const problem = "error" in checked ? checked.error : null;
  const changed = value !== p.value;
  // The day list's save button hides while it is empty or ends with a comma.
  const showSave = p.tipo !== "days" || daysSavable(value);
  const saving = useSave({
    // The list read again before the button is offered again (it compares with the stored value).
    send: async (body: ParameterBody) => {
      await put(PARAMETERS_API, body, { quiet: [VALIDATION_ERROR] });
      await queryClient.invalidateQueries({ queryKey: parametersQuery.queryKey });
    },
    setErrors,
    onSaved: () => setNewer(null),
    onStale: setNewer,
  });
  const busy = saving.busy;
  const save = () => {
    setErrors({});
    saving.save({ codigo: p.codigo, value, version: newer ?? p.version });
  };

  const shown = refused ? NOT_A_NUMBER : errors.value ?? (changed || p.tipo === "days" ? problem : null);
  return (
    <tr>
      <th scope="row">
        <label htmlFor={id}>{p.nombre}</label>
      </th>
      <td>
        {p.tipo === "switch"
          ? (
            <input
              id={id}
              type="checkbox"
              role="switch"
              className="param-switch"
              checked={value === "1"}
              onChange={(e) => setValue(e.target.checked ? "1" : "0")}
            />
          )
          : p.tipo === "digits" || p.tipo === "percent"
          ? (
            <NumberInput
              id={id}
              kind={p.tipo === "percent" ? "decimal" : "integer"}
              value={value}
              onChange={setValue}
              onRefused={setRefused}
              invalid={!!shown}
              describedBy={shown ? `${id}-error` : undefined}
            />
          )
          : (
            <InputText
              id={id}
              value={value}
              maxLength={p.tipo === "text" ? 200 : 60}
              onChange={(e) => setValue(e.target.value)}
              aria-invalid={shown ? true : undefined}
              aria-describedby={shown ? `${id}-error` : undefined}
            />
          )}
        {shown && <small id={`${id}-error`} className="p-error" role="alert">{shown}</small>}
      </td>
      <td>
        {showSave && (
          <Button
            type="button"
            icon="pi pi-save"
            text
            rounded
            aria-label={`Guardar ${p.nombre}`}
            title="Guardar"
            disabled={!changed || !!problem || busy}
            loading={busy}
            onClick={() => setConfirm(true)}
          />
        )}
        <ConfirmAsk
          visible={confirm}
          onClose={() => setConfirm(false)}
          header="Confirmación"
          message={confirmParameterText(p.nombre)}
          onAccept={save}
        />
      </td>
    </tr>
  );
}
