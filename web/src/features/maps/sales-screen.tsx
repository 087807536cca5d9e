// /mapas/vistaGeneralIndicadorVentas (spec 2, Mapa de calor): the mall's plan coloured in six ranges by the
// shops' sales per m2 against their category's (docs/metrics.md); a shop opens its sales figures.
import { useQuery } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import { Fragment, useMemo, useState } from "react";
import {
  NO_SALES,
  NO_SALES_DATA,
  SALES_RANGES,
  type SalesIndicators,
  type SalesLocation,
} from "../../../../contract/maps.ts";
import { FloorMap, type MapItem } from "../../components/map/floor-map.tsx";
import { formatArea, formatDate, formatMoney, formatPercent } from "../../lib/format.ts";
import { rememberedMall, salesMapQuery } from "./api.ts";
import { MapMallPicker } from "./mall-picker.tsx";
import "./maps.css";

const rangeOf = (id: number) => SALES_RANGES.find((r) => r.id === id) ?? NO_SALES;

export function SalesMapScreen() {
  const [mall, setMall] = useState(rememberedMall);
  const map = useQuery(salesMapQuery(mall));
  const data = map.data;
  const [open, setOpen] = useState<number | null>(null);
  const items: MapItem[] = useMemo(() =>
    (data?.mapaCalor.locations ?? []).map((l) => {
      const r = rangeOf(l.indicadores?.rango ?? 0);
      const ratio = l.indicadores?.ratio;
      return {
        ...l,
        color: r.color,
        legend: r.label,
        figure: ratio == null ? r.label : formatPercent(ratio),
      };
    }), [data]);
  const legend = [...SALES_RANGES, NO_SALES].map((r) => ({ label: r.label, color: r.color }));
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
        {data && <p className="maps-note">Ventas al {formatDate(data.diaAnterior)}</p>}
      </div>
      {map.isError && <p role="alert">Error, contactese con el administrador.</p>}
      {data && !data.hayVentas && <p>{NO_SALES_DATA}</p>}
      {data && data.hayVentas && (
        <FloorMap
          key={data.mallId}
          title={`Indicador de Ventas ${mallName}`}
          levels={data.mapaCalor.levels}
          items={items}
          legend={legend}
          figureLabel="Venta m2 vs. categoría"
          onOpen={(i) => setOpen(i.id)}
        />
      )}
      {chosen && <SalesDialog local={chosen} onClose={() => setOpen(null)} />}
    </div>
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
    <Dialog
      visible
      modal
      draggable={false}
      onHide={props.onClose}
      header={`Local ${local.code}`}
      style={{ width: "30rem" }}
    >
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
      <div className="dialog-footer">
        <Button type="button" label="Cerrar" severity="secondary" text onClick={props.onClose} />
      </div>
    </Dialog>
  );
}
