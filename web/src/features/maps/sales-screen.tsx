// /mapas/vistaGeneralIndicadorVentas (spec 2, Mapa de calor): the mall's plan coloured in six ranges by the
// shops' sales per m2 against their category's (docs/metrics.md); a shop opens its sales figures.
import { Fragment } from "react";
import {
  NO_SALES,
  NO_SALES_DATA,
  SALES_RANGES,
  type SalesIndicators,
  type SalesLocation,
} from "#contract/maps.ts";
import { formatArea, formatDate, formatMoney, formatPercent } from "../../lib/format.ts";
import { salesMapQuery } from "./api.ts";
import { LocalDialog, MapFrame, useHeatMap } from "./map-screen.tsx";
import "./maps.css";

const rangeOf = (id: number) => SALES_RANGES.find((r) => r.id === id) ?? NO_SALES;

export function SalesMapScreen() {
  const { setOpen, map, data, v, items } = useHeatMap(salesMapQuery, (l) => {
    const r = rangeOf(l.indicadores?.rango ?? 0);
    const ratio = l.indicadores?.ratio;
    return {
      color: r.color,
      legend: r.label,
      figure: ratio == null ? r.label : formatPercent(ratio),
    };
  });
  const legend = [...SALES_RANGES, NO_SALES].map((r) => ({ label: r.label, color: r.color }));
  return (
    <MapFrame
      view={v}
      filters={data && <p className="maps-note">Ventas al {formatDate(data.diaAnterior)}</p>}
      map={map}
      empty={data?.hayVentas ? null : NO_SALES_DATA}
      plan={{
        title: `Indicador de Ventas ${v.mallName}`,
        items,
        legend,
        figureLabel: "Venta m2 vs. categoría",
      }}
    >
      {v.chosen && <SalesDialog local={v.chosen} onClose={() => setOpen(null)} />}
    </MapFrame>
  );
}

const ROWS: [keyof SalesIndicators, string][] = [
  ["ventaDiaAnterior", "Venta día anterior"],
  ["ventaDiaAnteriorM2", "Venta m2 día anterior"],
  ["ventaM2MesActual", "Venta m2 mes actual"],
  ["ventaM2MesAnterior", "Venta m2 mes anterior"],
  ["promedioVentaMesActual", "Promedio venta mes actual"],
  ["ventaMesAnterior", "Venta mes anterior"],
];

function SalesDialog(props: { local: SalesLocation; onClose: () => void }) {
  const { local } = props;
  const ind = local.indicadores;
  const currency = ind?.moneda === "USD" ? "$" : "S/";
  return (
    <LocalDialog code={local.code} width="30rem" onClose={props.onClose}>
      <dl className="maps-detail" data-testid="sales-figures">
        <dt>Locatario</dt>
        <dd>{local.locatario ?? "—"}</dd>
        <dt>Contrato</dt>
        <dd>{local.numContrato ?? "—"}</dd>
        <dt>Área</dt>
        <dd>{formatArea(ind?.area ?? local.area, "staff")} m2</dd>
        {ROWS.map(([k, label]) => (
          <Fragment key={k}>
            <dt>{label}</dt>
            <dd data-figure={k}>{ind ? formatMoney(ind[k], currency) : "—"}</dd>
          </Fragment>
        ))}
      </dl>
    </LocalDialog>
  );
}
