// Venta General (/ventaGeneral): the month's and the year's sales against the budgets, per mall, in soles or
// per m2, the dollar contracts apart in the headline, and the chart of the year's months against the year
// before.

import { useMemo } from "react";
import { columnsOf } from "../../components/data-table/columns.ts";
import { formatDate, formatMoney } from "../../lib/format.ts";
import type { Base } from "../shared/base.ts";
import { askedMonth, MONTHS_SHORT } from "../shared/dates.ts";
import { ModeFilter, MonthFilter } from "../shared/controls.tsx";
import { TotalsTable } from "../shared/totals-table.tsx";
import { monthSteps, type YearMonth } from "../shared/next.ts";
import { defineReport, type ReportContext, ReportScreen, useViewReport } from "../shared/report-screen.tsx";
import { YearsChart } from "../shared/years-chart.tsx";
import {
  type Amount,
  type MallRow,
  type MonthlyRow,
  monthlySql,
  period,
  perMallSql,
  type UsdRow,
  usdSql,
  vgPartitions,
} from "./report.ts";
import type { VentaGeneralSearch, VgMode } from "./search.ts";

/** The filters of the screen: the URL's, with the month defaulted. */
interface Filters {
  mode: VgMode;
  year: number;
  month: number;
}

const c = columnsOf<MallRow>();
const MODES: { value: VgMode; label: string }[] = [
  { value: "ventaMensual", label: "Venta Mensual" },
  { value: "ventaMensualM2", label: "Venta Mensual m2" },
];

/** The filters of the URL's search. */
// Default: the month of yesterday (month to date); never a month after it.
const filtersOf = (base: Base, s: VentaGeneralSearch): Filters => ({
  mode: s.tipo,
  ...askedMonth(base.today, s.anio, s.mes),
});

/** An amount's column in the mode shown: soles, or soles per m2. */
const amountOf = (f: Filters, name: Amount): Amount | `${Amount}_m2` =>
  f.mode === "ventaMensualM2" ? `${name}_m2` : name;

const partitionsOf = (base: Base, at: YearMonth) => vgPartitions(base.mallIds, at.year);

/** The table per mall of a month. */
const tableReport = (base: Base, at: YearMonth) => ({
  name: "vg",
  partitions: partitionsOf(base, at),
  statements: {
    malls: perMallSql(period(at.year, at.month, base.today)),
    usd: usdSql(period(at.year, at.month, base.today)),
  },
  select: (x: { malls: MallRow[]; usd: UsdRow[] }) => x,
});

/** The chart of the year's months against the year before (the view's own report, after the table). */
const chartReport = (base: Base, at: YearMonth) => ({
  name: "vg-chart",
  partitions: partitionsOf(base, at),
  statements: { monthly: monthlySql(period(at.year, at.month, base.today)) },
  select: (x: { monthly: MonthlyRow[] }) => x.monthly,
});

export const ventaGeneral = defineReport({
  filters: filtersOf,
  urlNames: { mode: "tipo", year: "anio", month: "mes" },
  report: tableReport,
  next: (base, f) => monthSteps(f, base.today),
  noData: (data) => {
    const total = data.malls.find((x) => x.is_total);
    return total && Number(total.acumulado_mes ?? 0) === 0 ? { period: "month" } : null;
  },
  controls: (b) => (
    <>
      <MonthFilter {...b} last={b.base.today} />
      <ModeFilter {...b} name="mode" options={MODES} />
    </>
  ),
  headline: (data, f, base) => {
    const total = data?.malls.find((x) => x.is_total), usd = data?.usd[0];
    return {
      id: "vg-national",
      title: `Venta nacional al ${formatDate(period(f.year, f.month, base.today).month_span.end)}`,
      value: formatMoney(total?.[amountOf(f, "acumulado_mes")]),
      detail: usd?.contracts
        ? `No incluye ${usd.contracts} contrato${usd.contracts === 1 ? "" : "s"} en dólares: ${
          formatMoney(usd.mes, "$")
        } en el mes y ${formatMoney(usd.anio, "$")} en el año (aparte).`
        : undefined,
    };
  },
  View: (ctx) => <VentaGeneralView {...ctx} />,
});

export const VentaGeneralPage = () => <ReportScreen report={ventaGeneral} />;

type Data = { malls: MallRow[]; usd: UsdRow[] };

function VentaGeneralView(props: ReportContext<VentaGeneralSearch, Filters, Data>) {
  const { base, filters: search, report: r } = props;
  const chart = useViewReport(props, (n) => chartReport(base, n));
  const k = (name: Amount) => amountOf(search, name);
  const columns = useMemo(() => [
    c.text("mall", "Mall"),
    c.money(k("acumulado_mes"), "Acumulado mes"),
    c.money(k("meta_mes"), "Meta Mes"),
    c.percent("cumplimiento_mes", "Cumplimiento mes"),
    c.money(k("acumulado_anio"), "Acumulado año"),
    c.money(k("meta_anio"), "Meta año"),
    c.percent("cumplimiento_anio", "Cumplimiento año"),
  ], [search.mode]);
  const chartData = useMemo(() =>
    (chart.data ?? []).map((x) => ({
      x: MONTHS_SHORT[x.mes - 1],
      act: x.monto_anio_actual,
      cmp: x.monto_anio_pasado,
    })), [chart.data]);
  return (
    <>
      <TotalsTable title="Venta General" columns={columns} data={r.data?.malls} pageSize={8} />
      <YearsChart
        id="vg-chart"
        heading={`Venta ${search.year} vs ${search.year - 1}`}
        title={`Venta ${search.year} y ${search.year - 1}`}
        data={chartData}
        labels={[search.year, search.year - 1]}
      >
        <p className="muted">En soles (S/); no incluye los contratos en dólares.</p>
      </YearsChart>
    </>
  );
}
