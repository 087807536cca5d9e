// /mapas/vistaGeneralReporteCierre (spec 2, Mapa de calor): the mall's plan coloured by how up to date each
// shop's closings are (Lista Roja's count of missing days, docs/metrics.md); a shop opens its closing status.
import { useQuery } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import { useMemo, useState } from "react";
import { CLOSING_RANGES, type ClosingLocation, NOT_OPERATING } from "../../../../contract/maps.ts";
import { FloorMap, type MapItem } from "../../components/map/floor-map.tsx";
import { formatDate } from "../../lib/format.ts";
import { closingMapQuery, rememberedMall } from "./api.ts";
import { MapMallPicker } from "./mall-picker.tsx";
import "./maps.css";

const rangeOf = (id: number) => CLOSING_RANGES.find((r) => r.id === id) ?? NOT_OPERATING;
const missingText = (l: ClosingLocation) =>
  l.cierre
    ? (l.cierre.diasFaltantes === 1 ? "1 día" : `${l.cierre.diasFaltantes} días`)
    : NOT_OPERATING.label;

export function ClosingMapScreen() {
  const [mall, setMall] = useState(rememberedMall);
  const map = useQuery(closingMapQuery(mall));
  const data = map.data;
  const [open, setOpen] = useState<number | null>(null);
  const items: MapItem[] = useMemo(() =>
    (data?.mapaCalor.locations ?? []).map((l) => {
      const r = rangeOf(l.cierre?.rango ?? 0);
      return { ...l, color: r.color, legend: r.label, figure: missingText(l) };
    }), [data]);
  const legend = [...CLOSING_RANGES, NOT_OPERATING].map((r) => ({ label: r.label, color: r.color }));
  const chosen = data?.mapaCalor.locations.find((l) => l.id === open) ?? null;
  const mallName = data?.malls.find((m) => m.value === mall)?.label ?? "";
  return (
    <div className="card maps-screen">
      <div className="maps-filters">
        <MapMallPicker
          value={mall}
          malls={data?.malls ?? []}
          onChange={(m) => {
            setMall(m);
            setOpen(null);
          }}
        />
        {data && <p className="maps-note">Cierres hasta el {formatDate(data.diaAnterior)}</p>}
      </div>
      {map.isError && <p role="alert">Error, contactese con el administrador.</p>}
      {data && data.mapaCalor.locations.length === 0 && <p>Actualmente no existen datos para este Mall.</p>}
      {data && data.mapaCalor.locations.length > 0 && (
        <FloorMap
          key={data.mallId}
          title={`Reporte de Cierre ${mallName}`}
          levels={data.mapaCalor.levels}
          items={items}
          legend={legend}
          figureLabel="Días sin cierre"
          onOpen={(i) => setOpen(i.id)}
        />
      )}
      {chosen && (
        <Dialog
          visible
          modal
          draggable={false}
          onHide={() => setOpen(null)}
          header={`Local ${chosen.code}`}
          style={{ width: "28rem" }}
        >
          <dl className="maps-detail">
            <dt>Locatario</dt>
            <dd>{chosen.locatario ?? "—"}</dd>
            <dt>Contrato</dt>
            <dd>{chosen.numContrato ?? "—"}</dd>
            <dt>Último cierre</dt>
            <dd>{chosen.cierre?.ultimoCierre ? formatDate(chosen.cierre.ultimoCierre) : "—"}</dd>
            <dt>Días sin cierre</dt>
            <dd data-testid="dias-sin-cierre">{missingText(chosen)}</dd>
            <dt>Falta desde</dt>
            <dd>{chosen.cierre?.faltaDesde ? formatDate(chosen.cierre.faltaDesde) : "—"}</dd>
          </dl>
          <div className="dialog-footer">
            <Button type="button" label="Cerrar" severity="secondary" text onClick={() => setOpen(null)} />
          </div>
        </Dialog>
      )}
    </div>
  );
}
