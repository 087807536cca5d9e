// /mapas/vacancy (spec 2, Mapa de calor): the mall's plan coloured by the locals' status, the boxes 'Área
// Arrendable' and 'Vacancy', and the status change of a shop ('Locatario', 'Estado', 'Cerrar', 'Cambiar').
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { useState } from "react";
import { VACANCY_STATUSES, type VacancyStatus, vacancyStatusOf } from "#contract/maps.ts";
import { NO_MALL_DATA } from "#contract/maps_all_in.ts";
import { formatNumber, formatPercent } from "../../lib/format.ts";
import { useSave, useVersion } from "../../lib/save.ts";
import { changeVacancy, MAPS_KEY, vacancyQuery } from "./api.ts";
import { LocalDialog, MapFrame, useHeatMap } from "./map-screen.tsx";
import "./maps.css";

const TITLE = "Mapa de Vacancy";

export function VacancyScreen() {
  const { mall, setOpen, map, data, v, items } = useHeatMap(vacancyQuery, (l) => {
    const s = vacancyStatusOf(l.estado)!;
    return { color: s.color, legend: s.label, figure: s.label };
  });
  const legend = VACANCY_STATUSES.map((s) => ({ label: s.label, color: s.color }));
  return (
    <MapFrame
      view={v}
      filters={
        <>
          <div className="maps-box" data-testid="area-arrendable">
            <span className="maps-box-label">Área Arrendable</span>
            <span className="maps-box-value">
              {data ? `${formatNumber(data.vacancyData.areaArrendable)} m2` : "…"}
            </span>
          </div>
          <div className="maps-box" data-testid="vacancy">
            <span className="maps-box-label">Vacancy</span>
            <span className="maps-box-value">{data ? formatPercent(data.vacancyData.vacancy, 2) : "…"}</span>
          </div>
        </>
      }
      map={map}
      empty={data?.mapaCalor.locations.length === 0 ? NO_MALL_DATA : null}
      plan={{ title: `${TITLE} ${v.mallName}`, items, legend, figureLabel: "Estado" }}
    >
      {v.chosen && <StatusDialog mallId={mall} local={v.chosen} onClose={() => setOpen(null)} />}
    </MapFrame>
  );
}

/**
 * The status change sends the local's version the map read; a change made meanwhile (448) keeps the status
 * picked, shows the map as it is now and takes the newer version, so 'Cambiar' again replaces it knowingly.
 */
function StatusDialog(props: {
  mallId: number;
  local: {
    id: number;
    code: string;
    title: string;
    locatario: string | null;
    estado: VacancyStatus;
    version: number;
  };
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [estado, setEstado] = useState<VacancyStatus>(props.local.estado);
  const { version, onStale } = useVersion(props.local.version);
  const save = useSave({
    send: () =>
      changeVacancy({ unidadEconomicaId: props.mallId, idObj: props.local.id, newStatus: estado, version }),
    onSaved: async () => {
      await queryClient.invalidateQueries({ queryKey: MAPS_KEY });
      props.onClose();
    },
    onStale: (v) => {
      onStale(v);
      void queryClient.invalidateQueries({ queryKey: MAPS_KEY });
    },
  });
  return (
    <LocalDialog
      code={props.local.code}
      width="28rem"
      onClose={props.onClose}
      footer={
        <div className="dialog-footer">
          <Button type="button" label="Cerrar" severity="secondary" text onClick={props.onClose} />
          <Button
            type="button"
            label="Cambiar"
            icon="pi pi-check"
            loading={save.busy}
            disabled={estado === props.local.estado}
            onClick={() => save.save(undefined)}
          />
        </div>
      }
    >
      <dl className="maps-detail">
        <dt>Locatario</dt>
        <dd data-testid="locatario">{props.local.locatario ?? "—"}</dd>
      </dl>
      <fieldset className="maps-status">
        <legend>Estado</legend>
        {VACANCY_STATUSES.map((s) => (
          <label key={s.id} className="maps-status-option">
            <input
              type="radio"
              name="estado"
              value={s.id}
              checked={estado === s.id}
              onChange={() => setEstado(s.id)}
            />
            <span className="swatch" style={{ background: s.color }} aria-hidden="true" />
            {s.id} {s.label}
          </label>
        ))}
      </fieldset>
    </LocalDialog>
  );
}
