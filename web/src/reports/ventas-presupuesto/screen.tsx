import { getRouteApi } from "@tanstack/react-router";
import { Dialog } from "primereact/dialog";
import { useCallback, useMemo, useState } from "react";
import type { QueryClient } from "@tanstack/react-query";
import { startReport, useReport } from "../../analytics/use-report.ts";
import { type Column, columnsOf } from "../../components/data-table/columns.ts";
import { type Currency, formatDate, formatMoney, formatPercent } from "../../lib/format.ts";
import { type Base, withBase } from "../shared/base.ts";
import { addDays, MONTHS, parts } from "../shared/dates.ts";
import { lastSixYears, MallSelect, MonthPicker, Switch, YearPicker } from "../shared/filters.tsx";
import { ReportFrame, ReportPage } from "../shared/frame.tsx";
import { monthSteps } from "../shared/next.ts";
import { PivotTable } from "../shared/pivot-table.tsx";
import { CurrencyTables } from "../shared/currency.tsx";
import { splitByCurrency } from "../shared/money.ts";
import { nearestYear } from "../shared/report-states.tsx";
import {
  closingsSql,
  presupuestoSql,
  type VpDayRow,
  type VpFilters,
  vpPartitions,
  type VpPeriod,
  vpPeriod,
  type VpRow,
} from "./report.ts";
import { startsOnFilterChange } from "../shared/report-route.ts";
import { SCREENS } from "../../screens.ts";

const TITLE = SCREENS["/Reportes/VentaconContrato"].title;

const c = columnsOf<VpRow>();
function columns(y2: number, y1: number, cur: "S/" | "$", onDrill: (r: VpRow) => void): Column<VpRow>[] {
  return [
    c.text("contrato", "Contrato"),
    c.text("denominacion", "Denominación"),
    c.money("venta_anio2", `Venta ${y2}`, cur),
    c.money("venta_anio1", `Venta ${y1}`, cur),
    c.money("presupuesto_anio2", `Presupuesto ${y2}`, cur),
    c.money("presupuesto_anio1", `Presupuesto ${y1}`, cur),
    c.money("diferencia", "Diferencia", cur),
    c.percent("porcentaje", "%"),
    c.button("cierres", "Cierres", {
      icon: "pi pi-search",
      name: (r) => `Cierres de ${r.contrato}`,
      onClick: (r) => onDrill(r),
    }),
  ];
}

const route = getRouteApi("/_app/Reportes/VentaconContrato");
type Search = ReturnType<typeof route.useSearch>;

/** The comparison year offered: the last six years; the global one when among them, else the year before. */
export const defaultComparison = (base: Base, year: number) =>
  lastSixYears(base.today).includes(base.comparisonYear) ? base.comparisonYear : year - 1;

const filtersOf = (s: Search, base: Base): VpFilters => {
  // Default: the month of yesterday; never a month after it.
  const [y, m] = parts(addDays(base.today, -1));
  const picked = s.anio && s.mes && s.anio * 12 + s.mes <= y * 12 + m ? { year: s.anio, month: s.mes } : null;
  const year = picked?.year ?? y;
  return {
    mall: s.mall,
    inflation: s.inflacion,
    year,
    month: picked?.month ?? m,
    y1: s.anioComparativo ?? defaultComparison(base, year),
  };
};

/** A filter change (the route's beforeLoad): the table of the new filters starts before the screen is drawn. */
const startVentasPresupuesto = (client: QueryClient, s: Search) =>
  withBase(client, (base) => startReport(client, tableReport(base, filtersOf(s, base))));
startsOnFilterChange(route, startVentasPresupuesto);

/** /Reportes/VentaconContrato: per contract, a month's sales of two years against their budgets. */
export function VentasPresupuestoPage() {
  const s = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <ReportPage
      prefetch={(b) => {
        const [y, m] = parts(addDays(b.today, -1));
        return vpPartitions([s.mall || 3], {
          mall: s.mall,
          inflation: false,
          year: s.anio ?? y,
          month: m,
          y1: y - 1,
        });
      }}
    >
      {(base) => (
        <VentasPresupuestoScreen
          base={base}
          search={filtersOf(s, base)}
          onChange={(n) =>
            navigate({
              replace: true,
              search: (old) => ({
                ...old,
                ...(n.mall !== undefined ? { mall: n.mall } : {}),
                ...(n.inflation !== undefined ? { inflacion: n.inflation } : {}),
                ...(n.year !== undefined ? { anio: n.year, mes: n.month } : {}),
                ...(n.y1 !== undefined ? { anioComparativo: n.y1 } : {}),
              }),
            })}
        />
      )}
    </ReportPage>
  );
}

/** The table of a mall's contracts (all malls' with mall 0) for a month against the comparison year. */
const tableReport = (base: Base, f: VpFilters) => ({
  key: ["vp", base.today, f.mall, f.inflation, f.year, f.month, f.y1],
  partitions: vpPartitions(f.mall ? [f.mall] : base.malls.map((m) => m.id), f),
  statements: { rows: presupuestoSql(f, vpPeriod(f, base.today)) },
  select: (x: { rows: VpRow[] }) => x.rows,
});

/**
 * The filters likely picked next, most likely first: the month after and before (the report's own filter),
 * then 'Inflación' flipped (the same partitions). Not the comparison year: a dropdown's pick, and its
 * budgets are not loaded ahead.
 */
const steps = (base: Base, f: VpFilters): VpFilters[] => [
  ...monthSteps(f, base.today).map((m) => ({ ...f, ...m })),
  { ...f, inflation: !f.inflation },
];

export function VentasPresupuestoScreen(
  props: { base: Base; search: VpFilters; onChange: (s: Partial<VpFilters>) => void },
) {
  const { base, search } = props;
  const p = vpPeriod(search, base.today);
  const table = tableReport(base, search);
  const { partitions } = table;
  const r = useReport({ ...table, next: () => steps(base, search).map((n) => tableReport(base, n)) });
  const [drill, setDrill] = useState<VpRow | null>(null);
  const split = useMemo(() => splitByCurrency(r.data), [r.data]);
  const tableColumns = useCallback((cur: Currency) => columns(search.year, search.y1, cur, setDrill), [
    search.year,
    search.y1,
  ]);
  const [warned, setWarned] = useState<string | null>(null);
  const key = `${search.year}-${search.month}-${search.y1}-${search.mall}`;
  const emptyMonth = !!r.data && !r.pending && !r.data.some((x) => x.is_total && x.venta_anio2);
  const noComparison = base.salesYears.length > 0 && !base.salesYears.includes(search.y1);
  const suggestion = nearestYear(search.y1, base.salesYears);
  const warning = warned === key ? null : noComparison
    ? {
      message: `El año ${search.y1} no tiene datos registrados.`,
      detail: suggestion ? `Se encontro datos en el año ${suggestion}` : undefined,
      onAccept: suggestion ? () => props.onChange({ y1: suggestion }) : undefined,
    }
    : emptyMonth
    ? { message: "El mes seleccionado no tiene data registrada." }
    : null;
  // Drawn again only when a filter's value changes, not when the figures arrive.
  const filters = useMemo(() => (
    <>
      <MallSelect
        id="mall"
        value={search.mall}
        malls={base.malls}
        all
        onChange={(mall) => props.onChange({ mall })}
      />
      <Switch
        id="inflacion"
        label="Inflación"
        checked={search.inflation}
        onChange={(v) => props.onChange({ inflation: v })}
      />
      <MonthPicker
        id="mes"
        label="Mes"
        year={search.year}
        month={search.month}
        today={addDays(base.today, -1)}
        onChange={(year, month) => props.onChange({ year, month })}
      />
      <YearPicker
        id="anioComparativo"
        label="Año comparativo"
        value={search.y1}
        years={lastSixYears(base.today)}
        onChange={(y1) => props.onChange({ y1 })}
      />
    </>
  ), [search, base, props.onChange]);
  return (
    <ReportFrame
      filters={filters}
      progress={r.progress}
      pending={r.pending}
      failed={!!r.error}
      headline={{
        id: "vp-total",
        title: `Venta ${MONTHS[search.month - 1]} ${search.year} al ${formatDate(p.act.end)}`,
        value: formatMoney(split.PEN.total?.venta_anio2),
        detail: `Presupuesto ${formatMoney(split.PEN.total?.presupuesto_anio2)} · ${
          formatPercent(split.PEN.total?.porcentaje)
        }${
          split.USD.total
            ? ` · contratos en dólares ${formatMoney(split.USD.total.venta_anio2, "$")} (aparte)`
            : ""
        }`,
      }}
      warning={warning}
      onWarningClose={() => setWarned(key)}
    >
      <CurrencyTables title={TITLE} columns={tableColumns} data={r.data} loading={!r.data} />
      <Closings drill={drill} period={p} partitions={partitions} onHide={() => setDrill(null)} />
    </ReportFrame>
  );
}

const cDay = columnsOf<VpDayRow>();

/** The drill-down of a contract's figures: its closings of both periods, with the same export. */
function Closings(
  props: { drill: VpRow | null; period: VpPeriod; partitions: string[]; onHide: () => void },
) {
  const { drill, period } = props;
  const r = useReport({
    key: ["vp-days", period.act.start, period.act.end, period.cmp.start, drill?.contrato],
    partitions: props.partitions,
    enabled: !!drill,
    statements: { rows: closingsSql(period, drill?.contrato ?? "X") },
    select: (x) => x.rows,
  });
  const cur = drill?.moneda === "USD" ? "$" : "S/";
  const cols = useMemo(() => [
    cDay.date("dia", "Fecha"),
    cDay.integer("anio", "Año"),
    cDay.money("monto", "Monto", cur),
    cDay.integer("transacciones", "Transacciones"),
  ], [cur]);
  return (
    <Dialog
      header={`Cierres · ${drill?.contrato ?? ""} ${drill?.denominacion ?? ""}`}
      visible={!!drill}
      onHide={props.onHide}
      style={{ width: "40rem" }}
    >
      <PivotTable
        title={`Cierres ${drill?.contrato ?? ""}`}
        columns={cols}
        rows={r.data}
        loading={r.pending}
      />
    </Dialog>
  );
}
