// /Mapas/ModificarMapas (spec 2, Mapa de calor: Mantenimiento): the mall's rental objects with their contract;
// the search box locates one by id and opens it on Enter; a shop opens the contract-to-local assignment
// ('Ingrese contrato', 'Ingrese Local', both uppercased; a known local fills its contract; 'Limpiar' clears
// both and saves). The assignment is saved on the server (audited maps.assign) and every map follows. A save
// sends the version of the local as the map read it; a newer change is refused (448) and the dialog keeps
// what was typed.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { AutoComplete } from "primereact/autocomplete";
import { Button } from "primereact/button";
import { InputText } from "primereact/inputtext";
import { useMemo, useState } from "react";
import {
  CONTRACT_REQUIRED,
  LOCAL_REQUIRED,
  type MaintenanceLocation,
  type MaintenanceMap,
  NO_MALL_DATA,
} from "#contract/maps_all_in.ts";
import { DialogFrame } from "../../components/dialogs/dialog-frame.tsx";
import { formatDate } from "../../lib/format.ts";
import type { FieldErrors } from "../../lib/forms.ts";
import { useSave } from "../../lib/save.ts";
import { assignContract, clearAssignment, localHistoryQuery, maintenanceQuery, MAPS_KEY } from "./api.ts";
import { MapFrame, useHeatMap } from "./map-screen.tsx";
import "./maps.css";

const WITH = { label: "Con contrato", color: "#87c141" };
const WITHOUT = { label: "Sin contrato", color: "#b0b0b0" };

export function MaintenanceScreen() {
  const { setOpen, map, data, v, items } = useHeatMap(maintenanceQuery, (l) => {
    const k = l.numContrato ? WITH : WITHOUT;
    return { color: k.color, legend: k.label, figure: l.numContrato ?? WITHOUT.label };
  });
  return (
    <MapFrame
      view={v}
      map={map}
      empty={data?.mapaCalor.locations.length === 0 ? NO_MALL_DATA : null}
      plan={{ title: `Mantenimiento ${v.mallName}`, items, legend: [WITH, WITHOUT], figureLabel: "Contrato" }}
    >
      {data && v.chosen && <AssignDialog data={data} local={v.chosen} onClose={() => setOpen(null)} />}
    </MapFrame>
  );
}

function AssignDialog(props: { data: MaintenanceMap; local: MaintenanceLocation; onClose: () => void }) {
  const { data, local } = props;
  const queryClient = useQueryClient();
  const [contrato, setContrato] = useState(local.numContrato ?? "");
  const [code, setCode] = useState(local.code);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const byCode = useMemo(() => new Map(data.mapaCalor.locations.map((l) => [l.code.toUpperCase(), l])), [
    data,
  ]);
  // The versions of the locals as read; after a 448 the newer one, so that saving again replaces it knowingly.
  const [newer, setNewer] = useState<Record<number, number>>({});
  const versionOf = (l: MaintenanceLocation) => newer[l.id] ?? l.version;
  const target = byCode.get(code.trim()) ?? local;
  const done = async () => {
    await queryClient.invalidateQueries({ queryKey: MAPS_KEY });
    props.onClose();
  };
  const newerOf = (of: MaintenanceLocation) => (version: number) =>
    setNewer((n) => ({ ...n, [of.id]: version }));
  const save = useSave({
    send: (of: MaintenanceLocation) =>
      assignContract({ unidadEconomicaId: data.mallId, contrato, local: code, version: versionOf(of) }),
    setErrors,
    onSaved: done,
    onStale: (version, of) => newerOf(of)(version),
  });
  const clear = useSave({
    send: () =>
      clearAssignment({ unidadEconomicaId: data.mallId, idObj: local.id, version: versionOf(local) }),
    setErrors,
    onSaved: done,
    onStale: newerOf(local),
  });
  const submit = () => {
    const e: Record<string, string> = {};
    if (!contrato.trim()) e.contrato = CONTRACT_REQUIRED;
    if (!code.trim()) e.local = LOCAL_REQUIRED;
    setErrors(e);
    if (!Object.keys(e).length) save.save(target);
  };
  const onLocal = (value: string) => {
    const v = value.toUpperCase();
    setCode(v);
    const known = byCode.get(v.trim());
    if (known) setContrato(known.numContrato ?? "");
  };
  return (
    <DialogFrame header={`Local ${local.code}`} width="28rem" onClose={props.onClose}>
      <form
        className="maps-assign"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="field">
          <label htmlFor="assign-contrato">Contrato</label>
          <AutoComplete
            inputId="assign-contrato"
            value={contrato}
            suggestions={suggestions}
            completeMethod={(e) => {
              const q = e.query.trim().toUpperCase();
              setSuggestions(
                data.contratos.filter((c) => c.code.includes(q)).slice(0, 10).map((c) => c.code),
              );
            }}
            onChange={(e) => setContrato(String(e.value ?? "").toUpperCase())}
            invalid={!!errors.contrato}
            aria-describedby={errors.contrato ? "assign-contrato-error" : undefined}
          />
          {errors.contrato && <small id="assign-contrato-error" className="p-error">{errors.contrato}</small>}
        </div>
        <div className="field">
          <label htmlFor="assign-local">Local</label>
          <InputText
            id="assign-local"
            value={code}
            onChange={(e) => onLocal(e.target.value)}
            invalid={!!errors.local}
            aria-describedby={errors.local ? "assign-local-error" : undefined}
          />
          {errors.local && <small id="assign-local-error" className="p-error">{errors.local}</small>}
        </div>
        <div className="dialog-footer">
          <Button type="button" label="Cerrar" severity="secondary" text onClick={props.onClose} />
          <Button
            type="button"
            label="Limpiar"
            severity="secondary"
            outlined
            loading={clear.busy}
            onClick={() => {
              setContrato("");
              setCode("");
              setErrors({});
              clear.save(undefined);
            }}
          />
          <Button type="submit" label="Guardar" icon="pi pi-check" loading={save.busy} />
        </div>
      </form>
      <LocalHistory mallId={data.mallId} localId={local.id} />
    </DialogFrame>
  );
}

/** The contracts the local has held, the latest first ('Vigente' while it holds it). */
function LocalHistory(props: { mallId: number; localId: number }) {
  const history = useQuery(localHistoryQuery(props.mallId, props.localId));
  if (!history.data?.length) return null;
  return (
    <table className="maps-compare maps-history" data-testid="local-history">
      <caption>Historial de contratos</caption>
      <thead>
        <tr>
          <th scope="col">Contrato</th>
          <th scope="col">Locatario</th>
          <th scope="col">Desde</th>
          <th scope="col">Hasta</th>
        </tr>
      </thead>
      <tbody>
        {history.data.map((h, i) => (
          <tr key={i}>
            <th scope="row">{h.contrato}</th>
            <td>{h.locatario ?? "—"}</td>
            <td>{formatDate(h.desde)}</td>
            <td>{h.hasta ? formatDate(h.hasta) : "Vigente"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
