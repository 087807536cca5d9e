// /mapas/allInVista (spec 2, Mapa de calor): mall, closing month, comparison year and category; the shops
// coloured by their All-In (occupancy cost over sales of the year to date, docs/metrics.md) against the
// traffic lights of 'Gestión de Categorías'; a shop opens both years' indicators side by side.
import { Calendar } from "primereact/calendar";
import { Dropdown } from "primereact/dropdown";
import { useMemo, useState } from "react";
import {
  ALL_IN_COLORS,
  allInColorOf,
  type AllInLocation,
  type AllInYear,
  FIRST_YEAR,
} from "#contract/maps_all_in.ts";
import { NO_SALES_DATA } from "#contract/maps.ts";
import { formatDate, formatMoney, formatNumber, formatPercent } from "../../lib/format.ts";
import { type AllInFilters, allInMapQuery } from "./api.ts";
import { useStableDates } from "../../components/stable-date.ts";
import { LocalDialog, MapFrame, useHeatMap } from "./map-screen.tsx";
import "./maps.css";

/** Today in Lima, yyyy-mm-dd (the month picker's maximum is the current month). */
export const limaToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Lima" }).format(new Date());

export function AllInScreen() {
  const [filters, setFilters] = useState<AllInFilters>({});
  const { setOpen, map, data, v, items } = useHeatMap((m) => allInMapQuery(m, filters), (l) => {
    const c = allInColorOf(l.color);
    const pct = l.actual?.allIn;
    return { color: c.color, legend: c.label, figure: pct == null ? c.label : formatPercent(pct, 2) };
  });
  const today = limaToday();
  const currentYear = Number(today.slice(0, 4));
  const years = useMemo(
    () =>
      Array.from({ length: currentYear - FIRST_YEAR + 1 }, (_, i) => currentYear - i)
        .map((y) => ({ value: y, label: String(y) })),
    [currentYear],
  );
  const legend = ALL_IN_COLORS.map((c) => ({ label: c.label, color: c.color }));
  const mes = data?.mes ?? filters.mes;
  const mesDate = useStableDates(
    mes ? new Date(Number(mes.slice(0, 4)), Number(mes.slice(5, 7)) - 1, 1) : null,
  );
  return (
    <MapFrame
      view={v}
      filters={
        <>
          {mes && (
            <div className="field">
              <label htmlFor="all-in-mes">Mes de cierre</label>
              <Calendar
                inputId="all-in-mes"
                view="month"
                dateFormat="mm/yy"
                value={mesDate}
                minDate={new Date(FIRST_YEAR, 0, 1)}
                maxDate={new Date(currentYear, Number(today.slice(5, 7)) - 1, 1)}
                readOnlyInput
                onChange={(e) => {
                  const d = e.value;
                  if (!(d instanceof Date)) return;
                  const m = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}`;
                  setFilters((f) => ({ ...f, mes: m }));
                }}
              />
            </div>
          )}
          <div className="field">
            <label htmlFor="all-in-anio">Año de comparación</label>
            <Dropdown
              inputId="all-in-anio"
              value={data?.anioComparativo ?? filters.anioComparativo}
              options={years}
              onChange={(e) => {
                if (typeof e.value === "number") setFilters((f) => ({ ...f, anioComparativo: e.value }));
              }}
              pt={{ trigger: { "aria-label": "Año de comparación" } }}
            />
          </div>
          <div className="field">
            <label htmlFor="all-in-categoria">Categoría</label>
            <Dropdown
              inputId="all-in-categoria"
              value={data?.categoriaId ?? filters.categoriaId ?? 0}
              options={data?.categorias ?? []}
              onChange={(e) => {
                if (typeof e.value === "number") setFilters((f) => ({ ...f, categoriaId: e.value }));
              }}
              pt={{ trigger: { "aria-label": "Categoría" } }}
              style={{ minWidth: "14rem" }}
            />
          </div>
        </>
      }
      map={map}
      empty={data?.hayVentas ? null : NO_SALES_DATA}
      plan={{ title: `All In ${v.mallName}`, items, legend, figureLabel: "All-In (%)" }}
    >
      {v.chosen && <AllInDialog local={v.chosen} onClose={() => setOpen(null)} />}
    </MapFrame>
  );
}

const money = (
  v: number | null | undefined,
  currency: "S/" | "$",
) => (v == null ? "—" : formatMoney(v, currency));
const ROWS: [string, (y: AllInYear, c: "S/" | "$") => string][] = [
  ["Período", (y) => `${formatDate(y.desde)} – ${formatDate(y.hasta)}`],
  ["Ventas", (y, c) => money(y.ventas, c)],
  ["Venta m2", (y, c) => money(y.ventasM2, c)],
  ["Carga All-In", (y) => (y.anioCarga == null ? "Sin carga" : String(y.anioCarga))],
  ["Renta m2 (anual)", (y, c) => money(y.rentaM2, c)],
  ["Fondo m2 (anual)", (y, c) => money(y.fondoM2, c)],
  ["Gasto común m2 (anual)", (y, c) => money(y.gastoComunM2, c)],
  ["Costo de ocupación", (y, c) => money(y.costoOcupacion, c)],
  ["All-In", (y) => (y.allIn == null ? "—" : formatPercent(y.allIn, 2))],
];

function AllInDialog(props: { local: AllInLocation; onClose: () => void }) {
  const { local } = props;
  const currency = local.moneda === "USD" ? "$" : "S/";
  const years = [local.actual, local.comparativo].filter((y): y is AllInYear => y != null);
  return (
    <LocalDialog code={local.code} width="40rem" onClose={props.onClose}>
      <dl className="maps-detail">
        <dt>Locatario</dt>
        <dd>{local.locatario ?? "—"}</dd>
        <dt>Contrato</dt>
        <dd data-testid="contrato">{local.numContrato ?? "—"}</dd>
        <dt>Categoría</dt>
        <dd>{local.categoria ?? "—"}</dd>
        <dt>Área</dt>
        <dd>{formatNumber(local.area, 2)} m2</dd>
      </dl>
      {years.length === 0
        ? <p>{NO_SALES_DATA}</p>
        : (
          <table className="maps-compare" data-testid="all-in-figures">
            <caption>Indicadores All-In por año</caption>
            <thead>
              <tr>
                <th scope="col">Indicador</th>
                {years.map((y, i) => <th key={i} scope="col">{y.anio}</th>)}
              </tr>
            </thead>
            <tbody>
              {ROWS.map(([label, f]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  {years.map((y, i) => <td key={i} data-year={y.anio} data-row={label}>{f(y, currency)}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        )}
    </LocalDialog>
  );
}
