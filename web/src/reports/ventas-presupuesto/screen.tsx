// Ventas Presupuesto: per contract, a month's sales of two years against their budgets, a table per
// currency; a row's 'Cierres' opens the contract's closings of both periods (the shared drill-down).

import { useCallback } from "react";
import { type Column, columnsOf } from "../../components/data-table/columns.ts";
import { type Currency, formatDate, formatMoney, formatPercent } from "../../lib/format.ts";
import { type Base, mallsOf } from "../shared/base.ts";
import { CurrencyTables } from "../shared/currency.tsx";
import { askedMonth, MONTHS } from "../shared/dates.ts";
import { DrillDialog, useDrill } from "../shared/drill-dialog.tsx";
import { ComparisonYearFilter, InflationSwitch, MallFilter, MonthFilter } from "../shared/controls.tsx";
import { splitByCurrency } from "../shared/money.ts";
import { monthSteps } from "../shared/next.ts";
import {
  comparisonWithoutSales,
  defineReport,
  type ReportContext,
  ReportScreen,
} from "../shared/report-screen.tsx";
import { dollarsApart } from "../shared/usd-note.tsx";
import { lastSixYears } from "../shared/years.ts";
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
import type { PresupuestoSearch } from "./search.ts";

/**
 * The comparison year offered (spec: up to six years back): the stored global one when among the last six
 * years, else the year before the report's.
 */
const comparisonOf = (base: Base, year: number) =>
  lastSixYears(base.today).includes(base.comparisonYear) ? base.comparisonYear : year - 1;

function filtersOf(base: Base, s: PresupuestoSearch): VpFilters {
  // Default: the month of yesterday; never a month after it.
  const { year, month } = askedMonth(base.today, s.anio, s.mes);
  return {
    mall: s.mall,
    inflation: s.inflacion,
    year,
    month,
    comparisonYear: s.anioComparativo ?? comparisonOf(base, year),
  };
}

const partitionsOf = (base: Base, f: VpFilters) => vpPartitions(mallsOf(base, f.mall), f);

/** /Reportes/VentaconContrato: per contract, a month's sales of two years against their budgets. */
export const ventasPresupuesto = defineReport({
  filters: filtersOf,
  urlNames: { inflation: "inflacion", year: "anio", month: "mes", comparisonYear: "anioComparativo" },
  // The table of a mall's contracts (all malls' with mall 0) for a month against the comparison year.
  report: (base, f) => ({
    name: "vp",
    partitions: partitionsOf(base, f),
    statements: { rows: presupuestoSql(f, vpPeriod(f, base.today)) },
    select: (x: { rows: VpRow[] }) => x.rows,
  }),
  // The month after and before (the report's own filter), then 'Inflación' flipped (the same partitions).
  // Not the comparison year: a dropdown's pick, and its budgets are not loaded ahead.
  next: (base, f) => [
    ...monthSteps(f, base.today),
    { inflation: !f.inflation },
  ],
  noData: (data, f, base) =>
    comparisonWithoutSales(base, f.comparisonYear) ??
      (data.some((x) => x.is_total && x.venta_act) ? null : { period: "month" }),
  controls: (b) => (
    <>
      <MallFilter {...b} all />
      <InflationSwitch {...b} />
      <MonthFilter {...b} />
      <ComparisonYearFilter {...b} years={lastSixYears(b.base.today)} />
    </>
  ),
  headline: (data, f, base) => {
    const split = splitByCurrency(data), pen = split.PEN.total;
    return {
      id: "vp-total",
      title: `Venta ${MONTHS[f.month - 1]} ${f.year} al ${formatDate(vpPeriod(f, base.today).act.end)}`,
      value: formatMoney(pen?.venta_act),
      detail: `Presupuesto ${formatMoney(pen?.presupuesto_act)} · ${formatPercent(pen?.porcentaje)}${
        dollarsApart(split.USD.total, (t) => t.venta_act)
      }`,
    };
  },
  View: (ctx) => <VentasPresupuestoView {...ctx} />,
});

export const VentasPresupuestoPage = () => <ReportScreen report={ventasPresupuesto} />;

const c = columnsOf<VpRow>();
function columns(
  year: number,
  comparisonYear: number,
  cur: Currency,
  onDrill: (r: VpRow) => void,
): Column<VpRow>[] {
  return [
    c.text("contrato", "Contrato"),
    c.text("denominacion", "Denominación"),
    c.money("venta_act", `Venta ${year}`, cur),
    c.money("venta_cmp", `Venta ${comparisonYear}`, cur),
    c.money("presupuesto_act", `Presupuesto ${year}`, cur),
    c.money("presupuesto_cmp", `Presupuesto ${comparisonYear}`, cur),
    c.money("diferencia", "Diferencia", cur),
    c.percent("porcentaje", "%"),
    c.button("cierres", "Cierres", {
      icon: "pi pi-search",
      name: (r) => `Cierres de ${r.contrato}`,
      onClick: onDrill,
    }),
  ];
}

function VentasPresupuestoView(props: ReportContext<PresupuestoSearch, VpFilters, VpRow[]>) {
  const { title, base, filters: f, report: r } = props;
  const drill = useDrill<VpRow>();
  const tableColumns = useCallback(
    (cur: Currency) => columns(f.year, f.comparisonYear, cur, drill.show),
    [f.year, f.comparisonYear],
  );
  return (
    <>
      <CurrencyTables title={title} columns={tableColumns} data={r.data} loading={!r.data} />
      <DrillDialog
        drill={drill}
        header={(d) => `Cierres · ${d.contrato} ${d.denominacion}`}
        title={(d) => `Cierres ${d.contrato}`}
        width="40rem"
        columns={(d) => closingColumns(d.moneda === "USD" ? "$" : "S/")}
        report={(d) => closingsReport(vpPeriod(f, base.today), partitionsOf(base, f), d.contrato)}
      />
    </>
  );
}

const cDay = columnsOf<VpDayRow>();
/** The columns of a contract's closings, in its currency. */
const closingColumns = (cur: Currency) => [
  cDay.date("dia", "Fecha"),
  cDay.text("anio", "Año"),
  cDay.money("monto", "Monto", cur),
  cDay.integer("transacciones", "Transacciones"),
];

/** The drill-down of a contract's figures: its closings of both periods, with the same export. */
const closingsReport = (period: VpPeriod, partitions: string[], contrato: string) => ({
  name: "vp-days",
  partitions,
  statements: { rows: closingsSql(period, contrato) },
  select: (x: { rows: VpDayRow[] }) => x,
});
