// Evolución Ventas por CEBE and por Tienda (one report by CeBe or by contract): the 12 months of the closing
// month's year against the comparison year, their fulfilment, the closing month's weeks, and a chart of
// months or days; by contract, a row opens the contract's sales curve (a slot of its own).

import { useCallback, useMemo, useState } from "react";
import { type Column, columnsOf } from "../../components/data-table/columns.ts";
import { type Currency, formatPercent } from "../../lib/format.ts";
import { type Base, mallOr } from "../shared/base.ts";
import { ContractCurvePanel, curveColumn, type CurveContract } from "../shared/contract-curve-panel.tsx";
import { askedMonth, closedMonth, MONTHS, MONTHS_SHORT } from "../shared/dates.ts";
import { ComparisonYearFilter, MallFilter, ModeFilter, MonthFilter } from "../shared/controls.tsx";
import { CurrencyTables } from "../shared/currency.tsx";
import { splitByCurrency } from "../shared/money.ts";
import { monthSteps } from "../shared/next.ts";
import { defineReport, type ReportContext, ReportScreen, useViewReport } from "../shared/report-screen.tsx";
import { defaultComparison } from "../shared/years.ts";
import { YearsChart } from "../shared/years-chart.tsx";
import {
  type DailyRow,
  dailySql,
  type EvolutionBy,
  type EvolutionFilters,
  evolutionPartitions,
  type EvolutionRow,
  evolutionSql,
  monthWeeks,
  type WeeklyRow,
  weeklySql,
  windowMonths,
} from "./report.ts";
import type { EvolutionSearch, Frequency } from "./search.ts";
import "./evolucion.css";

/** The filters of the screen: the URL's, with the closing month and comparison year defaulted. */
export interface Filters {
  mall: number;
  year: number;
  month: number;
  comparisonYear: number;
  frequency: Frequency;
}

const FREQUENCIES: { value: Frequency; label: string }[] = [
  { value: "diaria", label: "Diaria" },
  { value: "mensual", label: "Mensual" },
];
const ce = columnsOf<EvolutionRow>();
const cw = columnsOf<WeeklyRow>();

/** The search of the URL with its defaults: the closed month (the one before today's), not after it. */
export function filtersOf(base: Base, s: EvolutionSearch): Filters {
  const { year, month } = askedMonth(base.today, s.anio, s.mes, closedMonth(base.today));
  return {
    mall: mallOr(base, s.mall),
    year,
    month,
    comparisonYear: s.anioComparativo ?? defaultComparison(base, year),
    frequency: s.frecuencia,
  };
}

/** The URL's names of the filters (the closing month is one picker: anio and mes change together). */
const urlNames = {
  year: "anio",
  month: "mes",
  comparisonYear: "anioComparativo",
  frequency: "frecuencia",
} as const;

/** The filters report.ts reads. */
const reportFilters = (by: EvolutionBy, f: Filters): EvolutionFilters => ({
  by,
  mall: f.mall,
  year: f.year,
  month: f.month,
  comparisonYear: f.comparisonYear,
});

/** The 12 months of both years and the closing month's weeks (the tables and the Mensual chart). */
const tableReport = (by: EvolutionBy) => (base: Base, filters: Filters) => {
  const f = reportFilters(by, filters);
  return {
    name: "evolucion",
    partitions: evolutionPartitions(f),
    statements: { months: evolutionSql(f, base.today), weeks: weeklySql(f, base.today) },
    select: (x: { months: EvolutionRow[]; weeks: WeeklyRow[] }) => x,
  };
};

/** The closing month's days of both years (the Diaria chart). */
const dailyReport = (by: EvolutionBy, base: Base, filters: Filters) => {
  const f = reportFilters(by, filters);
  return {
    name: "evolucion-diaria",
    partitions: evolutionPartitions(f),
    statements: { days: dailySql(f, base.today) },
    select: (x: { days: DailyRow[] }) => x.days,
  };
};

/** Evolución by CeBe or by contract: the same filters, tables and warnings. */
const evolution = (by: EvolutionBy) =>
  defineReport({
    filters: filtersOf,
    urlNames,
    report: tableReport(by),
    // The month after and before: the closing month is the filter stepped most. A comparison year next to
    // this one mostly needs a year not loaded; Diaria's days are not computed ahead under Mensual (a report
    // computes its next filters only once its own figures are shown).
    next: (base, f) => monthSteps(f, base.today),
    noData: (data, f, base) => {
      const totals = data.months.filter((x) => x.is_total);
      if (totals.every((t) => t.a11 == null)) return { period: "month" };
      if (totals.every((t) => t.b_tot == null)) {
        const withData = base.salesYears.filter((y) => y !== f.comparisonYear && y !== f.year);
        return { comparisonYear: f.comparisonYear, withData };
      }
      return null;
    },
    controls: (b) => (
      <>
        <MallFilter {...b} />
        <MonthFilter {...b} id="mesCorte" label="Mes de corte" />
        <ComparisonYearFilter {...b} />
        <ModeFilter {...b} name="frequency" id="frecuencia-label" label="Frecuencia" options={FREQUENCIES} />
      </>
    ),
    View: (ctx) => <EvolutionView by={by} {...ctx} />,
  });

export const evolucionVentas = evolution("cebe");
/** Evolución Ventas por Tienda: the CeBe screen by contract; a contract's row opens its sales curve. */
export const evolucionTienda = evolution("contract");

export const EvolucionVentasPage = () => <ReportScreen report={evolucionVentas} />;
export const EvolucionVentasTiendaPage = () => <ReportScreen report={evolucionTienda} />;

/** A fulfilment cell on the category traffic light: grey while the categories have no ranges. */
const light = (key: keyof EvolutionRow & string, header: string): Column<EvolutionRow> => {
  const base = ce.percent(key, header);
  return {
    ...base,
    meta: {
      ...base.meta,
      render: (_row, v) =>
        v == null
          ? ""
          : (
            <span className="semaforo semaforo-sin" title="Sin rangos de semáforo para la categoría">
              {formatPercent(v)}
            </span>
          ),
    },
  };
};

function EvolutionView(
  props: ReportContext<EvolutionSearch, Filters, { months: EvolutionRow[]; weeks: WeeklyRow[] }> & {
    by: EvolutionBy;
  },
) {
  const { base, by, filters: f, report: r } = props;
  const partitions = evolutionPartitions(reportFilters(by, f));
  const daily = useViewReport(props, (n) => dailyReport(by, base, n), { enabled: f.frequency === "diaria" });
  const [contract, setContract] = useState<CurveContract | null>(null);
  const months = windowMonths(f.year, f.month);
  const shift = f.year - f.comparisonYear;
  const weeks = monthWeeks(f.year, f.month);
  const label = (i: number, sh = 0) => `${MONTHS_SHORT[months[i].month - 1]} ${months[i].year - sh}`;
  const head = by === "cebe"
    ? [ce.text("code", "CeBe"), ce.text("name", "Denominación CeBe")]
    : [ce.text("code", "Contrato"), ce.text("name", "Denominación")];
  const curve = by === "contract"
    ? [curveColumn(ce, setContract, (row) => ({ ...row, contract_id: row.id, denominacion: row.name }))]
    : [];
  const cols = useMemo(() => {
    const idx = Array.from({ length: 12 }, (_, i) => i);
    const sales = (p: "a" | "b", sh: number) => (cur: Currency) => [
      ...head,
      ...idx.map((i) => ce.money(`${p}${i}`, label(i, sh), cur)),
      ce.money(`${p}_tot`, "Total", cur),
      ...curve,
    ];
    const pct = (p: "ca" | "cb", sh: number) => () => [
      ...head,
      ...idx.map((i) => light(`${p}${i}`, label(i, sh))),
      light(`${p}_tot`, "Total"),
    ];
    return { a: sales("a", 0), b: sales("b", shift), ca: pct("ca", 0), cb: pct("cb", shift) };
  }, [by, f.year, f.month, shift]);
  const weekCols = useCallback((cur: Currency) => [
    by === "cebe" ? cw.text("code", "CeBe") : cw.text("code", "Contrato"),
    cw.text("name", by === "cebe" ? "Denominación CeBe" : "Denominación"),
    ...weeks.map((_, i) => cw.money(`w${i + 1}`, `Semana ${i + 1}`, cur)),
    cw.money("total", "Total General", cur),
  ], [by, f.year, f.month]);
  // The chart draws the soles contracts (their totals row); the dollar contracts are said apart under it.
  const split = useMemo(() => splitByCurrency(r.data?.months), [r.data]);
  const total = split.PEN.total, usdTotal = split.USD.total;
  const chart = useMemo(() =>
    f.frequency === "mensual"
      ? months.map((_, i) => ({
        x: label(i),
        act: total?.[`a${i}`] ?? null,
        cmp: total?.[`b${i}`] ?? null,
      }))
      : (daily.data ?? []).map((d) => ({ x: String(d.dia), act: d.act, cmp: d.cmp })), [
    f.frequency,
    total,
    daily.data,
  ]);
  const monthName = `${MONTHS[f.month - 1]} ${f.year}`;
  const table = (title: string, columns: (cur: Currency) => Column<EvolutionRow>[]) => (
    <CurrencyTables title={title} columns={columns} data={r.data?.months} pageSize={8} loading={!r.data} />
  );
  const monthly = f.frequency === "mensual";
  return (
    <>
      <section className="card evo-section" aria-labelledby="evo-actual">
        <h2 id="evo-actual">Ventas Año Actual</h2>
        {table(`Ventas Año Actual ${f.year}`, cols.a)}
      </section>
      <section className="card evo-section" aria-labelledby="evo-anterior">
        <h2 id="evo-anterior">Ventas Año Anterior</h2>
        {table(`Ventas Año Anterior ${f.comparisonYear}`, cols.b)}
      </section>
      <section className="card evo-section" aria-labelledby="evo-cumplimiento">
        <h2 id="evo-cumplimiento">Cumplimiento</h2>
        <p className="muted">
          Ventas / presupuesto × 100. Los colores siguen los rangos de semáforo de la categoría; sin rangos,
          gris.
        </p>
        {table(`Cumplimiento ${f.year}`, cols.ca)}
        {table(`Cumplimiento ${f.comparisonYear}`, cols.cb)}
      </section>
      <section className="card evo-section" aria-labelledby="evo-desglose">
        <h2 id="evo-desglose">Desglose</h2>
        <CurrencyTables
          title={`Desglose ${monthName}`}
          columns={weekCols}
          data={r.data?.weeks}
          pageSize={8}
          loading={!r.data}
        />
      </section>
      <YearsChart
        id="evo-chart"
        heading={monthly ? "Ventas por mes" : `Ventas por día de ${monthName}`}
        title={monthly
          ? `Ventas por mes ${f.year} y ${f.comparisonYear}`
          : `Ventas por día ${monthName} y ${f.comparisonYear}`}
        data={chart}
        labels={["Año actual", `Año ${f.comparisonYear}`]}
      >
        <p className="muted" data-testid="evo-chart-currency">
          En soles (S/){usdTotal ? "; no incluye los contratos en dólares, que se muestran aparte." : "."}
        </p>
      </YearsChart>
      {by === "contract" && (
        <ContractCurvePanel
          contract={contract}
          year={f.year}
          comparisonYear={f.comparisonYear}
          month={f.frequency === "diaria" ? f.month : null}
          partitions={partitions}
          onClose={() => setContract(null)}
        />
      )}
    </>
  );
}
