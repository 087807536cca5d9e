// Flash Semanal: the weeks of the range against the year before and the goal, and the projections of its
// last day's month and year (the dollar tables apart), for a mall and optionally one contract.

import { useCallback, useMemo } from "react";
import { columnsOf } from "../../components/data-table/columns.ts";
import { type Currency, formatDate, formatNumber } from "../../lib/format.ts";
import { type Base, mallOr } from "../shared/base.ts";
import { addDays } from "../shared/dates.ts";
import { MallFilter, RangeFilter } from "../shared/controls.tsx";
import { ContractCodeFilter } from "../shared/contract-code.tsx";
import { CurrencyTables } from "../shared/currency.tsx";
import { symbolOf } from "../shared/money.ts";
import { rangeSteps } from "../shared/next.ts";
import { rangeOf } from "../shared/range-search.ts";
import { defineReport, type ReportContext, ReportScreen } from "../shared/report-screen.tsx";
import {
  type FlashFilters,
  flashPartitions,
  type ProjectionRow,
  projectionSql,
  type WeekRow,
  weeksSql,
} from "./report.ts";
import type { FlashSearch } from "./search.ts";

const PROJECTION_TITLE = "Proyección";
const cw = columnsOf<WeekRow & { semana_label: string }>();
const cp = columnsOf<ProjectionRow & { metodo_texto: string; is_total: number }>();

/** How a projection is made, in the user's words. */
export const PROJECTION_NOTE =
  "Proyección (estimada): venta a la fecha + la venta del año anterior en los días que " +
  "faltan del periodo × (venta a la fecha / venta del año anterior a la misma fecha); sin ventas del año anterior, " +
  "el promedio diario a la fecha × los días que faltan. Las proyecciones solo se muestran en este reporte.";

/** The filters of the screen: the URL's search with the base's defaults (its range a Span). */
type Filters = { mall: number; start: string; end: string; contrato: string };

const filtersOf = (base: Base, s: FlashSearch): Filters => {
  const range = rangeOf(base.today, s.desde, s.hasta);
  return {
    mall: mallOr(base, s.mall),
    start: range.start,
    end: range.end,
    contrato: s.contrato,
  };
};

/** The filters report.ts reads. */
const reportFilters = (f: Filters): FlashFilters => ({
  mall: f.mall,
  range: { start: f.start, end: f.end },
  contract: f.contrato,
});

/** The weeks of the range and the projections of its last day's month and year. */
const flashReport = (_base: Base, filters: Filters) => {
  const f = reportFilters(filters);
  return {
    name: "flash",
    partitions: flashPartitions(f),
    statements: { weeks: weeksSql(f), projection: projectionSql(f) },
    select: (x: { weeks: WeekRow[]; projection: ProjectionRow[] }) => x,
  };
};

export const flashSemanal = defineReport({
  filters: filtersOf,
  urlNames: { start: "desde", end: "hasta" },
  report: flashReport,
  // The range moved a month later and earlier: a range is mostly a month (the default is the month to
  // yesterday) and the one looked at next is beside it. The contract code is typed: no click picks a next.
  next: (base, f) => rangeSteps(f, base.today),
  noData: (data) => data.weeks.some((w) => w.is_total && w.venta) ? null : { period: "month" },
  controls: (b) => (
    <>
      <MallFilter {...b} />
      <RangeFilter {...b} last={addDays(b.base.today, -1)} />
      <ContractCodeFilter value={b.filters.contrato} onApply={(contrato) => b.change({ contrato })} />
    </>
  ),
  View: (ctx) => <FlashView {...ctx} />,
});

export const FlashPage = () => <ReportScreen report={flashSemanal} />;

type Data = { weeks: WeekRow[]; projection: ProjectionRow[] };

function FlashView(props: ReportContext<FlashSearch, Filters, Data>) {
  const { title, filters: f, report: r } = props;
  const y = Number(f.start.slice(0, 4));
  const weekColumns = useCallback((cur: Currency) => [
    cw.text("semana_label", "Semana"),
    cw.money("venta", `Venta ${y}`, cur),
    cw.money("venta_anterior", `Venta ${y - 1}`, cur),
    cw.percent("variacion", "Var %"),
    cw.money("meta", "Meta", cur),
    cw.percent("cumplimiento", "Cumplimiento"),
  ], [y]);
  const projColumns = useCallback((cur: Currency) => [
    cp.text("periodo", "Periodo"),
    cp.money("a_la_fecha", "Venta a la fecha", cur),
    cp.money("proyeccion", "Proyección (estimada)", cur),
    cp.text("metodo_texto", "Cómo se estimó"),
    cp.money("meta", "Meta", cur),
    cp.percent("cumplimiento", "Cumplimiento proyectado"),
    cp.money("anterior_total", `Venta ${y - 1}`, cur),
    cp.percent("variacion", `Var % vs ${y - 1}`),
  ], [y]);
  const weeks = useMemo(() =>
    r.data?.weeks.map((w) => ({
      ...w,
      semana_label: w.is_total
        ? `Total ${symbolOf(w.moneda)}`
        : `Semana ${w.semana} (${formatDate(w.desde)} - ${formatDate(w.hasta)})`,
    })), [r.data]);
  const projection = useMemo(() =>
    r.data?.projection.map((p) => ({
      ...p,
      is_total: 0,
      metodo_texto: p.metodo === "estacionalidad"
        ? `Año anterior × ${formatNumber(p.factor, 4)} (${p.dias_resto} días por estimar)`
        : `Promedio diario × ${p.dias_resto} días por estimar`,
    })), [r.data]);
  return (
    <>
      <CurrencyTables title={title} columns={weekColumns} data={weeks} pageSize={8} loading={!r.data} />
      <CurrencyTables
        title={PROJECTION_TITLE}
        columns={projColumns}
        data={projection}
        pageSize={8}
        loading={!r.data}
      />
      <p className="card muted" data-testid="projection-note">{PROJECTION_NOTE}</p>
    </>
  );
}
