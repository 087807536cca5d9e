// Ventas m2 por Locatario (/Reportes/VentasM2xLocatario): per tenant contract, area, sales and sales per m2
// of a range, soles and dollars apart; a row opens the contract's sales per day (a dialog of its own).

import { useCallback } from "react";
import { type Column, columnsOf } from "../../components/data-table/columns.ts";
import { type Currency, formatDate, formatMoney } from "../../lib/format.ts";
import { type Base, mallsOf } from "../shared/base.ts";
import { CurrencyTables } from "../shared/currency.tsx";
import { parts, type Span } from "../shared/dates.ts";
import { MallFilter, RangeFilter } from "../shared/controls.tsx";
import { DrillDialog, useDrill } from "../shared/drill-dialog.tsx";
import { splitByCurrency } from "../shared/money.ts";
import { rangeSteps } from "../shared/next.ts";
import { rangeOf } from "../shared/range-search.ts";
import { defineReport, type ReportContext, ReportScreen } from "../shared/report-screen.tsx";
import { dollarsApart } from "../shared/usd-note.tsx";
import { contractDaysSql, type DayRow, m2Partitions, type TenantRow, tenantsSql } from "./report.ts";
import type { VentasM2LocatarioSearch } from "./search.ts";

/** The filters of the screen: the URL's mall and its range, by default the month of yesterday to yesterday. */
interface Filters extends Span {
  mall: number;
}

const c = columnsOf<TenantRow>();
function tenantColumns(cur: "S/" | "$", onDrill: (r: TenantRow) => void): Column<TenantRow>[] {
  return [
    c.text("mall", "Mall"),
    c.text("contrato", "Contrato"),
    c.text("denominacion", "Denominación"),
    c.text("rubro", "Rubro"),
    c.area("area", "Área m2"),
    c.money("ventas", `Ventas (${cur})`, cur),
    c.integer("transacciones", "Transacciones"),
    c.money("venta_m2", `Venta m2 (${cur})`, cur),
    c.button("detalle", "Detalle", {
      icon: "pi pi-search",
      name: (r) => `Ventas por día de ${r.contrato}`,
      onClick: onDrill,
    }),
  ];
}

const partitionsOf = (base: Base, f: Filters) => m2Partitions(mallsOf(base, f.mall), parts(f.start)[0]);

const filtersOf = (base: Base, s: VentasM2LocatarioSearch): Filters => ({
  ...rangeOf(base.today, s.desde, s.hasta, base.today),
  mall: s.mall,
});

export const ventasM2Locatario = defineReport({
  filters: filtersOf,
  urlNames: { start: "desde", end: "hasta" },
  /** The mall's (or every mall's) tenant contracts over a range. */
  report: (base, f) => ({
    name: "m2-tenants",
    partitions: partitionsOf(base, f),
    statements: { rows: tenantsSql({ start: f.start, end: f.end }, f.mall) },
    select: (x: { rows: TenantRow[] }) => x.rows,
  }),
  // The same range a month later and earlier, the likeliest next ranges. No other mall: from 'Todas' no one
  // mall is more likely than the rest, and from one mall another needs its partitions downloaded.
  next: (base, f) => rangeSteps(f, base.today),
  noData: (data) => data.length === 0 ? { period: "month" } : null,
  controls: (b) => (
    <>
      <MallFilter {...b} all />
      <RangeFilter {...b} last={b.base.today} />
    </>
  ),
  headline: (data, f) => {
    const split = splitByCurrency(data);
    return {
      id: "m2-total",
      title: `Venta m2 del ${formatDate(f.start)} al ${formatDate(f.end)}`,
      value: formatMoney(split.PEN.total?.venta_m2),
      detail: `Ventas ${formatMoney(split.PEN.total?.ventas)}${
        dollarsApart(split.USD.total, (t) => t.ventas)
      }`,
    };
  },
  View: (ctx) => <VentasM2LocatarioView {...ctx} />,
});

export const VentasM2LocatarioPage = () => <ReportScreen report={ventasM2Locatario} />;

function VentasM2LocatarioView(props: ReportContext<VentasM2LocatarioSearch, Filters, TenantRow[]>) {
  const { title, base, filters: f, report: r } = props;
  const drill = useDrill<TenantRow>();
  const tableColumns = useCallback((cur: Currency) => tenantColumns(cur, drill.show), []);
  return (
    <>
      <CurrencyTables title={title} columns={tableColumns} data={r.data} loading={!r.data} />
      <DrillDialog
        drill={drill}
        header={(d) => `${d.contrato} · ${d.denominacion}`}
        title={(d) => `Ventas por día ${d.contrato}`}
        width="40rem"
        columns={(d) => dayColumns(d.moneda === "USD" ? "$" : "S/")}
        report={(d) => daysReport(base, f, d.contract_id)}
      />
    </>
  );
}

const cDay = columnsOf<DayRow>();
/** The columns of a contract's sales per day, in its currency. */
const dayColumns = (cur: Currency) => [
  cDay.mapped("fecha", "Fecha", (v) => (v === "Total" ? "Total" : formatDate(v))),
  cDay.money("ventas", `Ventas (${cur})`, cur),
  cDay.integer("transacciones", "Transacciones"),
];

/** The drill-down of a contract: its sales per day and their total, with the same export. */
const daysReport = (base: Base, f: Filters, contract: number) => ({
  name: "m2-days",
  partitions: partitionsOf(base, f),
  statements: { rows: contractDaysSql({ start: f.start, end: f.end }, contract) },
  select: (x: { rows: DayRow[] }) => ({
    rows: x.rows,
    total: {
      fecha: "Total",
      ventas: x.rows.reduce((n, d) => n + d.ventas, 0),
      transacciones: x.rows.reduce((n, d) => n + d.transacciones, 0),
    },
  }),
});
