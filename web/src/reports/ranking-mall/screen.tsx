import { getRouteApi } from "@tanstack/react-router";
import type { QueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import { startReport, useReport } from "../../analytics/use-report.ts";
import { columnsOf } from "../../components/data-table/columns.ts";
import type { Currency } from "../../lib/format.ts";
import { type Base, withBase } from "../shared/base.ts";
import { ContractCurvePanel, type CurveContract } from "../shared/contract-curve-panel.tsx";
import { addDays, parts } from "../shared/dates.ts";
import { DateRange, MallSelect, MIN_DATE, Switch, YearPicker } from "../shared/filters.tsx";
import { ReportFrame, ReportPage } from "../shared/frame.tsx";
import { rangeSteps } from "../shared/next.ts";
import { CurrencyTables } from "../shared/currency.tsx";
import { nearestYear } from "../shared/report-states.tsx";
import { rankingPartitions, type RankingRow, rankingSql } from "./report.ts";
import { startsOnFilterChange } from "../shared/report-route.ts";
import { SCREENS } from "../../screens.ts";

const TITLE = SCREENS["/Reportes/RankingVentasPorMall"].title;

export interface RankingSearch {
  mall: number;
  inflation: boolean;
  start: string;
  end: string;
  y1: number;
}

const route = getRouteApi("/_app/Reportes/RankingVentasPorMall");
type Search = ReturnType<typeof route.useSearch>;
const c = columnsOf<RankingRow>();

/** The years a comparison year may take: 2017 to the current year, newest first. */
export const comparisonYears = (today: string) =>
  Array.from({ length: Number(today.slice(0, 4)) - 2016 }, (_, i) => Number(today.slice(0, 4)) - i);

/** The comparison year by default: the stored global one when earlier than the report year, else the year before. */
export const defaultComparison = (base: Base, y2: number) =>
  base.comparisonYear < y2 && base.comparisonYear >= 2017 ? base.comparisonYear : y2 - 1;

/** The range of the URL when valid (one year, from 1 Jan 2017, not after yesterday), else month to yesterday. */
export function rangeOf(today: string, start?: string, end?: string): { start: string; end: string } {
  const last = addDays(today, -1);
  if (
    start && end && start <= end && start >= MIN_DATE && end <= last && start.slice(0, 4) === end.slice(0, 4)
  ) {
    return { start, end };
  }
  const [y, m] = parts(last);
  return { start: `${y}-${String(m).padStart(2, "0")}-01`, end: last };
}

/** The filters of the URL's search with the defaults from the base (the screen's and the early start's). */
function filtersOf(s: Search, base: Base): RankingSearch {
  const r = rangeOf(base.today, s.desde, s.hasta), y2 = Number(r.start.slice(0, 4));
  const mall = base.malls.some((m) => m.id === s.mall) ? s.mall : base.malls[0]?.id ?? 0;
  return {
    mall,
    inflation: s.inflacion,
    start: r.start,
    end: r.end,
    y1: s.anioComparativo ?? defaultComparison(base, y2),
  };
}

export function RankingMallPage() {
  const s = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <ReportPage
      prefetch={(b) => {
        const r = rangeOf(b.today, s.desde, s.hasta), y2 = Number(r.start.slice(0, 4));
        return rankingPartitions(s.mall || b.mallIds[0] || 0, y2, s.anioComparativo ?? y2 - 1);
      }}
    >
      {(base) => (
        <RankingMallScreen
          base={base}
          search={filtersOf(s, base)}
          onChange={(n) =>
            navigate({
              replace: true,
              search: (old) => ({
                ...old,
                ...(n.mall !== undefined ? { mall: n.mall } : {}),
                ...(n.inflation !== undefined ? { inflacion: n.inflation } : {}),
                ...(n.start ? { desde: n.start, hasta: n.end } : {}),
                ...(n.y1 ? { anioComparativo: n.y1 } : {}),
              }),
            })}
        />
      )}
    </ReportPage>
  );
}

const partitionsOf = (s: RankingSearch) => rankingPartitions(s.mall, Number(s.start.slice(0, 4)), s.y1);

/** The mall's contracts ranked over a range against the comparison year. */
const rankingReport = (base: Base, s: RankingSearch) => ({
  key: ["ranking-mall", base.today, s.mall, s.inflation, s.start, s.end, s.y1],
  partitions: partitionsOf(s),
  statements: { rows: rankingSql({ mall: s.mall, inflation: s.inflation, act: s, y1: s.y1 }) },
  select: (x: { rows: RankingRow[] }) => x.rows,
});

/** A filter change (the route's beforeLoad): the new filters' ranking starts before the screen is drawn. */
const startRankingMall = (client: QueryClient, s: Search) =>
  withBase(client, (base) => startReport(client, rankingReport(base, filtersOf(s, base))));
startsOnFilterChange(route, startRankingMall);

/**
 * The filters most likely picked next, most likely first: the range a month later and earlier, then the other
 * 'Inflación' (at most three, each a computation while the page is idle). The range stays in its year: in
 * another one the page may take another default comparison year, so the report computed would not be the one
 * shown (and its partitions are not loaded anyway).
 */
function rankingSteps(s: RankingSearch, today: string): RankingSearch[] {
  const year = s.start.slice(0, 4);
  return [
    ...rangeSteps(s, today).filter((span) => span.start.slice(0, 4) === year).map((span) => ({
      ...s,
      ...span,
    })),
    { ...s, inflation: !s.inflation },
  ];
}

export function RankingMallScreen(
  props: { base: Base; search: RankingSearch; onChange: (s: Partial<RankingSearch>) => void },
) {
  const { base, search } = props;
  const y2 = Number(search.start.slice(0, 4)), y1 = search.y1;
  const partitions = partitionsOf(search);
  const r = useReport({
    ...rankingReport(base, search),
    next: () => rankingSteps(search, base.today).map((n) => rankingReport(base, n)),
  });
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [warned, setWarned] = useState<string | null>(null);
  const [curve, setCurve] = useState<CurveContract | null>(null);
  const columns = useCallback((cur: Currency) => [
    c.text("code", "Cod Contrato"),
    c.text("denominacion", "Denominación"),
    c.area("area", "Área m2"),
    c.money("venta_act", `Ventas ${y2}`, cur),
    c.money("venta_cmp", `Ventas ${y1}`, cur),
    c.integer("rank_venta_act", `Rank Ventas ${y2}`),
    c.integer("rank_venta_cmp", `Rank Ventas ${y1}`),
    c.integer("var_rank", "Var. Rank"),
    c.money("m2_act", `Ventas m2 ${y2}`, cur),
    c.money("m2_cmp", `Ventas m2 ${y1}`, cur),
    c.integer("rank_m2_act", `Rank m2 ${y2}`),
    c.integer("rank_m2_cmp", `Rank m2 ${y1}`),
    c.integer("tx_act", `Tickets ${y2}`),
    c.integer("tx_cmp", `Tickets ${y1}`),
    c.integer("rank_tx_act", `Rank Tickets ${y2}`),
    c.integer("rank_tx_cmp", `Rank Tickets ${y1}`),
    c.percent("cumpl_act", `Cumplimiento ${y2}`),
    c.percent("cumpl_cmp", `Cumplimiento ${y1}`),
    c.integer("rank_cumpl_act", `Rank Cumplimiento ${y2}`),
    c.integer("rank_cumpl_cmp", `Rank Cumplimiento ${y1}`),
    c.button("curva", "Curva", {
      icon: "pi pi-chart-line",
      name: (row) => `Curva de ventas de ${row.code}`,
      onClick: (row) =>
        setCurve({ id: row.contract_id, code: row.code, denominacion: row.denominacion, moneda: row.moneda }),
    }),
  ], [y1, y2]);
  const totals = r.data?.filter((x) => x.is_total) ?? [];
  const key = `${search.mall}-${search.start}-${search.end}-${y1}`;
  const noAct = !!r.data && !r.pending && !totals.some((t) => t.venta_act);
  const noCmp = !!r.data && !r.pending && !noAct && !totals.some((t) => t.venta_cmp);
  useEffect(() => setWarned(null), [key]);
  const suggestion = nearestYear(y1, base.salesYears.filter((y) => y !== y1 && y !== y2));
  const warning = warned === key
    ? null
    : noAct
    ? { message: "El mes seleccionado no tiene data registrada." }
    : noCmp
    ? {
      message: `El año ${y1} no tiene datos registrados.`,
      detail: suggestion ? `Se encontro datos en el año ${suggestion}` : undefined,
      onAccept: suggestion ? () => props.onChange({ y1: suggestion }) : undefined,
    }
    : null;
  // Drawn again only when a filter's value changes, not when the figures arrive.
  const filterBar = useMemo(() => (
    <>
      <MallSelect
        id="mall"
        value={search.mall}
        malls={base.malls}
        onChange={(mall) => props.onChange({ mall })}
      />
      <DateRange
        id="rango"
        start={search.start}
        end={search.end}
        today={addDays(base.today, -1)}
        onChange={(start, end) => props.onChange({ start, end })}
        error={rangeError}
        onError={setRangeError}
      />
      <YearPicker
        id="anioComparativo"
        label="Año comparativo"
        value={y1}
        years={comparisonYears(base.today)}
        onChange={(y) => props.onChange({ y1: y })}
      />
      <Switch
        id="inflacion"
        label="Inflación"
        checked={search.inflation}
        onChange={(inflation) => props.onChange({ inflation })}
      />
    </>
  ), [search, base, rangeError, y1, props.onChange]);
  return (
    <ReportFrame
      filters={filterBar}
      progress={r.progress}
      pending={r.pending}
      failed={!!r.error}
      warning={warning}
      onWarningClose={() => setWarned(key)}
    >
      <CurrencyTables title={TITLE} columns={columns} data={r.data} pageSize={8} loading={!r.data} />
      <ContractCurvePanel
        contract={curve}
        y2={y2}
        y1={y1}
        month={null}
        partitions={partitions}
        onClose={() => setCurve(null)}
      />
    </ReportFrame>
  );
}
