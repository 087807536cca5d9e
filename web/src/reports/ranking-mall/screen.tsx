// Ranking de Ventas por Mall: the mall's contracts ranked over a range against the comparison year (sales,
// sales per m2, tickets, fulfilment); a row opens the contract's sales curve (a slot of its own).

import { useCallback, useState } from "react";
import { columnsOf } from "../../components/data-table/columns.ts";
import type { Currency } from "../../lib/format.ts";
import { type Base, mallOr } from "../shared/base.ts";
import { ContractCurvePanel, curveColumn, type CurveContract } from "../shared/contract-curve-panel.tsx";
import { CurrencyTables } from "../shared/currency.tsx";
import { addDays } from "../shared/dates.ts";
import { ComparisonYearFilter, InflationSwitch, MallFilter, RangeFilter } from "../shared/controls.tsx";
import { rangeSteps } from "../shared/next.ts";
import { rangeOf } from "../shared/range-search.ts";
import { defineReport, type ReportContext, ReportScreen } from "../shared/report-screen.tsx";
import { defaultComparison } from "../shared/years.ts";
import { rankingPartitions, type RankingRow, rankingSql } from "./report.ts";
import type { RankingMallSearch } from "./search.ts";

/** The filters of the screen: the URL's, with the range and the comparison year defaulted. */
export interface Filters {
  mall: number;
  inflation: boolean;
  start: string;
  end: string;
  comparisonYear: number;
}

const c = columnsOf<RankingRow>();

/** The filters of the URL's search with the defaults from the base. */
function filtersOf(base: Base, s: RankingMallSearch): Filters {
  const r = rangeOf(base.today, s.desde, s.hasta), y2 = Number(r.start.slice(0, 4));
  const mall = mallOr(base, s.mall);
  return {
    mall,
    inflation: s.inflacion,
    start: r.start,
    end: r.end,
    comparisonYear: s.anioComparativo ?? defaultComparison(base, y2),
  };
}

const partitionsOf = (f: Filters) => rankingPartitions(f.mall, Number(f.start.slice(0, 4)), f.comparisonYear);

export const rankingMall = defineReport({
  filters: filtersOf,
  urlNames: { inflation: "inflacion", start: "desde", end: "hasta", comparisonYear: "anioComparativo" },
  report: (_base, f) => ({
    name: "ranking-mall",
    partitions: partitionsOf(f),
    statements: {
      rows: rankingSql({ mall: f.mall, inflation: f.inflation, act: f, comparisonYear: f.comparisonYear }),
    },
    select: (x: { rows: RankingRow[] }) => x.rows,
  }),
  // The range a month later and earlier, then the other 'Inflación'. The range stays in its year: in another
  // one the page may take another default comparison year, so the report computed would not be the one
  // shown (and its partitions are not loaded anyway).
  next: (base, f) => [
    ...rangeSteps(f, base.today).filter((span) => span.start.slice(0, 4) === f.start.slice(0, 4)),
    { inflation: !f.inflation },
  ],
  noData: (data, f, base) => {
    const y2 = Number(f.start.slice(0, 4));
    const totals = data.filter((x) => x.is_total);
    if (!totals.some((t) => t.venta_act)) return { period: "month" };
    if (!totals.some((t) => t.venta_cmp)) {
      const withData = base.salesYears.filter((y) => y !== f.comparisonYear && y !== y2);
      return { comparisonYear: f.comparisonYear, withData };
    }
    return null;
  },
  controls: (b) => (
    <>
      <MallFilter {...b} />
      <RangeFilter {...b} last={addDays(b.base.today, -1)} />
      <ComparisonYearFilter {...b} />
      <InflationSwitch {...b} />
    </>
  ),
  View: (ctx) => <RankingMallView {...ctx} />,
});

export const RankingMallPage = () => <ReportScreen report={rankingMall} />;

function RankingMallView(props: ReportContext<RankingMallSearch, Filters, RankingRow[]>) {
  const { title, filters: f, report: r } = props;
  const y2 = Number(f.start.slice(0, 4)), { comparisonYear } = f;
  const [curve, setCurve] = useState<CurveContract | null>(null);
  const columns = useCallback((cur: Currency) => [
    c.text("code", "Cod Contrato"),
    c.text("denominacion", "Denominación"),
    c.area("area", "Área m2"),
    c.money("venta_act", `Ventas ${y2}`, cur),
    c.money("venta_cmp", `Ventas ${comparisonYear}`, cur),
    c.integer("rank_venta_act", `Rank Ventas ${y2}`),
    c.integer("rank_venta_cmp", `Rank Ventas ${comparisonYear}`),
    c.integer("var_rank", "Var. Rank"),
    c.money("m2_act", `Ventas m2 ${y2}`, cur),
    c.money("m2_cmp", `Ventas m2 ${comparisonYear}`, cur),
    c.integer("rank_m2_act", `Rank m2 ${y2}`),
    c.integer("rank_m2_cmp", `Rank m2 ${comparisonYear}`),
    c.integer("tx_act", `Tickets ${y2}`),
    c.integer("tx_cmp", `Tickets ${comparisonYear}`),
    c.integer("rank_tx_act", `Rank Tickets ${y2}`),
    c.integer("rank_tx_cmp", `Rank Tickets ${comparisonYear}`),
    c.percent("cumpl_act", `Cumplimiento ${y2}`),
    c.percent("cumpl_cmp", `Cumplimiento ${comparisonYear}`),
    c.integer("rank_cumpl_act", `Rank Cumplimiento ${y2}`),
    c.integer("rank_cumpl_cmp", `Rank Cumplimiento ${comparisonYear}`),
    curveColumn(c, setCurve, (row) => row),
  ], [comparisonYear, y2]);
  return (
    <>
      <CurrencyTables title={title} columns={columns} data={r.data} pageSize={8} loading={!r.data} />
      <ContractCurvePanel
        contract={curve}
        year={y2}
        comparisonYear={comparisonYear}
        month={null}
        partitions={partitionsOf(f)}
        onClose={() => setCurve(null)}
      />
    </>
  );
}
