// /mapas/vistaGeneralReporteCierre (spec 2, Mapa de calor): the mall's plan coloured by how up to date each
// shop's closings are (Lista Roja's count of missing days, docs/metrics.md); a shop opens its closing status.
import { CLOSING_RANGES, type ClosingLocation, NOT_OPERATING } from "#contract/maps.ts";
import { NO_MALL_DATA } from "#contract/maps_all_in.ts";
import { formatDate } from "../../lib/format.ts";
import { closingMapQuery } from "./api.ts";
import { LocalDialog, MapFrame, useHeatMap } from "./map-screen.tsx";
import "./maps.css";

const rangeOf = (id: number) => CLOSING_RANGES.find((r) => r.id === id) ?? NOT_OPERATING;
const missingText = (l: ClosingLocation) =>
  l.cierre
    ? (l.cierre.diasFaltantes === 1 ? "1 día" : `${l.cierre.diasFaltantes} días`)
    : NOT_OPERATING.label;

export function ClosingMapScreen() {
  const { setOpen, map, data, v, items } = useHeatMap(closingMapQuery, (l) => {
    const r = rangeOf(l.cierre?.rango ?? 0);
    return { color: r.color, legend: r.label, figure: missingText(l) };
  });
  const chosen = v.chosen;
  const legend = [...CLOSING_RANGES, NOT_OPERATING].map((r) => ({ label: r.label, color: r.color }));
  return (
    <MapFrame
      view={v}
      filters={data && <p className="maps-note">Cierres hasta el {formatDate(data.diaAnterior)}</p>}
      map={map}
      empty={data?.mapaCalor.locations.length === 0 ? NO_MALL_DATA : null}
      plan={{ title: `Reporte de Cierre ${v.mallName}`, items, legend, figureLabel: "Días sin cierre" }}
    >
      {chosen && (
        <LocalDialog code={chosen.code} width="28rem" onClose={() => setOpen(null)}>
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
        </LocalDialog>
      )}
    </MapFrame>
  );
}
