import type { QueryClient } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import { useMemo, useState } from "react";
import { startReport, useReport } from "../../analytics/use-report.ts";
import { columnsOf } from "../../components/data-table/columns.ts";
import { formatMoney, formatPercent } from "../../lib/format.ts";
import { type Base, withBase } from "../shared/base.ts";
import { LineChart } from "../../components/charts/charts.tsx";
import { MONTHS } from "../shared/dates.ts";
import { FilterBar } from "../../components/filters/filter-bar.tsx";
import { MallSelect, ModeSelect, OptionSelect, Switch, YearPicker } from "../shared/filters.tsx";
import { ReportFrame, ReportPage } from "../shared/frame.tsx";
import { yearSteps } from "../shared/next.ts";
import { PivotTable } from "../shared/pivot-table.tsx";
import { nearestYear } from "../shared/report-states.tsx";
import type { UsdFigures } from "../shared/usd-note.tsx";
import {
  categoriesSql,
  categoryPartitions,
  type ContractRow,
  contractsSql,
  type DailyRow,
  dailySql,
  type Figure,
  type Filters,
  MODES,
  type MonthPeriod,
  period,
  type SummaryRow,
  summarySql,
  usdSql,
  vmPartitions,
} from "./report.ts";
import { startsOnFilterChange } from "../shared/report-route.ts";

export interface VmSearch extends Filters {
  mallCat: number;
  mallEvo: number;
  rubroEvo: number;
}

const cMall = columnsOf<SummaryRow>();
const cContract = columnsOf<ContractRow>();
const contractColumns = [
  cContract.text("contrato", "Contrato"),
  cContract.text("denominacion", "Denominación"),
  cContract.area("area_local", "Área m2"),
];

/** The summary's rows as the two tables: malls by their order, categories by name, totals last. */
function splitSummary(rows: SummaryRow[]) {
  const byName = (a: SummaryRow, b: SummaryRow) =>
    a.is_total - b.is_total || (String(a.category) < String(b.category) ? -1 : 1);
  return {
    malls: rows.filter((r) => r.tbl === "mall").sort((a, b) => a.sort - b.sort),
    cats: rows.filter((r) => r.tbl === "cat").sort(byName),
  };
}

/** A table's body rows and its totals row. */
function rowsAndTotal(rows: SummaryRow[] | undefined): [SummaryRow[] | undefined, SummaryRow | null] {
  return [rows?.filter((r) => !r.is_total), rows?.find((r) => r.is_total) ?? null];
}

const partitionsOf = (base: Base, f: Filters, p: MonthPeriod) =>
  vmPartitions(base.malls.map((m) => m.id), p, f.y1);

/** By period, not mode: 'Venta Mensual' and its m2 view are the same figures (a switch needs no query). */
const periodKey = (base: Base, f: Filters, p: MonthPeriod) => [
  base.today,
  p.act.start,
  p.act.end,
  f.y1,
  f.inflation,
  f.sss,
];

/** Both tables in one query; the category table's mall is picked from its rows without a new query. */
const tablesReport = (base: Base, f: Filters) => {
  const p = period(f.mode, base.today, f.y1);
  return {
    key: ["vm", ...periodKey(base, f, p)],
    partitions: partitionsOf(base, f, p),
    statements: { summary: summarySql(f, p), usd: usdSql(f, p) },
    select: (r: { summary: SummaryRow[]; usd: UsdFigures[] }) => ({
      ...splitSummary(r.summary),
      usd: r.usd[0],
    }),
  };
};

/** The chart of the month's days, of the chart's mall and category. */
const chartReport = (base: Base, f: VmSearch) => {
  const p = period(f.mode, base.today, f.y1);
  return {
    key: ["vm-evo", ...periodKey(base, f, p), f.mallEvo, f.rubroEvo],
    partitions: partitionsOf(base, f, p),
    statements: { daily: dailySql(f, p, f.mallEvo, f.rubroEvo) },
    select: (r: { daily: DailyRow[] }) => r.daily,
  };
};

/**
 * The filters likely picked next, most likely first and at most three (each costs an idle computation):
 * each switch flipped (one click, the same partitions), then the comparison year's neighbour, the year
 * before first and never the report year (its sales load when the page is idle). Not 'Tipo': its m2 view
 * needs no query, and the closed month is a dropdown's pick.
 */
const steps = (f: VmSearch, years: readonly number[], reportYear: number): VmSearch[] =>
  [
    { ...f, inflation: !f.inflation },
    { ...f, sss: !f.sss },
    ...yearSteps(f.y1, years, { other: reportYear }).map((y1) => ({ ...f, y1 })),
  ].slice(0, 3);

const route = getRouteApi("/_app/indicadoresVentaMensual");
type Search = ReturnType<typeof route.useSearch>;

/** The filters of the URL's search (the screen's and the early start's). */
const filtersOf = (s: Search, base: Base): VmSearch => ({
  mode: s.tipo,
  // The global comparison year (Configuración global) unless the address names one.
  y1: s.anioComparativo ?? base.comparisonYear,
  inflation: s.inflacion,
  sss: s.sss,
  mallCat: s.mallRubro,
  mallEvo: s.mallEvolucion,
  rubroEvo: s.rubro,
});

/**
 * A filter change (the route's beforeLoad): the tables of the new filters start before the screen is drawn. Not
 * the chart, which waits for them on purpose (after), nor the categories of the chart's mall (their own filter).
 */
const startVentasMensual = (client: QueryClient, s: Search) =>
  withBase(client, (base) => startReport(client, tablesReport(base, filtersOf(s, base))));
startsOnFilterChange(route, startVentasMensual);

/** /indicadoresVentaMensual: a month against the same days of the comparison year, by mall and category. */
export function VentasMensualPage() {
  const s = route.useSearch();
  const navigate = route.useNavigate();
  const prefetch = (b: { today: string; mallIds: number[] }) => {
    const p = period(s.tipo, b.today, 2000);
    return vmPartitions(b.mallIds, p, s.anioComparativo ?? p.year - 1);
  };
  return (
    <ReportPage prefetch={prefetch}>
      {(base) => (
        <VentasMensualScreen
          base={base}
          search={filtersOf(s, base)}
          onChange={(n) =>
            navigate({
              replace: true,
              search: (old) => ({
                ...old,
                ...(n.mode !== undefined ? { tipo: n.mode } : {}),
                ...(n.y1 !== undefined ? { anioComparativo: n.y1 } : {}),
                ...(n.inflation !== undefined ? { inflacion: n.inflation } : {}),
                ...(n.sss !== undefined ? { sss: n.sss } : {}),
                ...(n.mallCat !== undefined ? { mallRubro: n.mallCat } : {}),
                ...(n.mallEvo !== undefined ? { mallEvolucion: n.mallEvo } : {}),
                ...(n.rubroEvo !== undefined ? { rubro: n.rubroEvo } : {}),
              }),
            })}
        />
      )}
    </ReportPage>
  );
}

export function VentasMensualScreen(
  props: { base: Base; search: VmSearch; onChange: (s: Partial<VmSearch>) => void },
) {
  const { base, search } = props;
  const { today, malls } = base;
  const p = period(search.mode, today, search.y1);
  const m2 = search.mode === "ventaMensualM2";
  const parts = partitionsOf(base, search, p);
  const key = periodKey(base, search, p);
  const years = Array.from(
    { length: Number(today.slice(0, 4)) - 2016 },
    (_, i) => Number(today.slice(0, 4)) - i,
  );
  // The chart changes with the same filters as the tables: both are computed ahead, or a step waits for it.
  const next = () => steps(search, years, p.year);
  const main = useReport({
    ...tablesReport(base, search),
    next: () => next().map((n) => tablesReport(base, n)),
  });
  const evo = useReport({
    ...chartReport(base, search),
    after: main,
    next: () => next().map((n) => chartReport(base, n)),
  });
  const rubros = useReport({
    key: ["vm-rubros", today, search.mallEvo],
    partitions: categoryPartitions,
    statements: { rubros: categoriesSql(search.mallEvo) },
    select: (r) => r.rubros,
  });
  const [modal, setModal] = useState<{ id: number; name: string } | null>(null);
  const contracts = useReport({
    key: ["vm-contracts", ...key, search.mallCat, modal?.id],
    partitions: parts,
    enabled: !!modal,
    statements: { rows: contractsSql(search, p, search.mallCat, modal?.id ?? 0) },
    select: (r) => r.rows,
  });
  const noData = base.salesYears.length > 0 && !base.salesYears.includes(search.y1);
  const [warned, setWarned] = useState<number | null>(null);

  const y2 = String(p.year), y1 = String(search.y1);
  const value = (k: Figure): Figure | `${Figure}_m2` => (m2 ? `${k}_m2` : k);
  const money = (k: Figure, h: string) => cMall.money(value(k), h);
  const columns = useMemo(() => [
    cMall.text("name", "Mall"),
    money("act", `Venta ${y2}`),
    money("cmp", `Venta ${y1}`),
    money("diff", "Diferencia S/"),
    cMall.percent(value("pct"), "Diferencia %"),
  ], [m2, y1, y2]);
  const catColumns = useMemo(() => [
    cMall.text("category", "Rubro"),
    money("act", `Venta ${y2}`),
    money("cmp", `Venta ${y1}`),
    money("diff", "Diferencia S/"),
    cMall.percent(value("pct"), "Diferencia %"),
    cMall.action("contratos", "Contratos", (r) => (
      <Button
        type="button"
        label="Contratos"
        size="small"
        text
        onClick={() => setModal({ id: r.category_id, name: r.category })}
      />
    )),
  ], [m2, y1, y2]);

  // The tables' rows keep their identity while their figures do not change (a chart-only filter, a
  // re-render), so the tables skip their work.
  const [mallRows, mallTotal] = useMemo(() => rowsAndTotal(main.data?.malls), [main.data]);
  const rubroOptions = useMemo(() => [{ value: 0, label: "Todos" }, ...(rubros.data ?? [])], [rubros.data]);
  const [catRows, catTotal] = useMemo(
    () => rowsAndTotal(main.data?.cats.filter((r) => r.mall_id === search.mallCat)),
    [main.data, search.mallCat],
  );
  const evoData = useMemo(
    () => (evo.data ?? []).map((d) => ({ x: String(d.dia), act: d.act, cmp: d.cmp })),
    [evo.data],
  );
  const monthName = `${MONTHS[p.month - 1]} ${p.year}`;
  const suggestion = nearestYear(search.y1, base.salesYears);
  const filters = (
    <>
      <ModeSelect value={search.mode} options={MODES} onChange={(mode) => props.onChange({ mode })} />
      <YearPicker
        id="anioComparativo"
        label="Año comparativo"
        value={search.y1}
        years={years}
        onChange={(y) => props.onChange({ y1: y })}
      />
      <Switch
        id="inflacion"
        label="Inflación"
        checked={search.inflation}
        onChange={(v) => props.onChange({ inflation: v })}
      />
      <Switch id="sss" label="SSS" checked={search.sss} onChange={(v) => props.onChange({ sss: v })} />
    </>
  );
  return (
    <ReportFrame
      filters={filters}
      progress={main.progress}
      pending={main.pending}
      failed={!!(main.error || evo.error || rubros.error)}
      headline={{
        id: "vm-national",
        title: `Total nacional · ${monthName}${
          search.mode === "ventaMensual" || m2 ? " (al día de ayer)" : ""
        }`,
        value: formatMoney(mallTotal?.[value("act")]),
        detail: `${y1}: ${formatMoney(mallTotal?.[value("cmp")])} · ${
          formatPercent(mallTotal?.[value("pct")])
        }${
          main.data?.usd?.contracts
            ? ` · contratos en dólares (aparte): ${formatMoney(main.data.usd.act, "$")} en ${y2} y ${
              formatMoney(main.data.usd.cmp, "$")
            } en ${y1}`
            : ""
        }`,
      }}
      warning={noData && warned !== search.y1
        ? {
          message: `El año ${search.y1} no tiene datos registrados.`,
          detail: suggestion ? `Se encontro datos en el año ${suggestion}` : undefined,
          onAccept: suggestion ? () => props.onChange({ y1: suggestion }) : undefined,
        }
        : null}
      onWarningClose={() => setWarned(search.y1)}
    >
      <div className="card">
        <PivotTable
          title="Ventas Mensual por Mall"
          columns={columns}
          rows={mallRows}
          totals={mallTotal}
          loading={!main.data}
        />
      </div>
      <div className="card">
        <FilterBar>
          <MallSelect
            id="mallCat"
            value={search.mallCat}
            malls={malls}
            all
            onChange={(id) => props.onChange({ mallCat: id })}
          />
        </FilterBar>
        <PivotTable
          title="Ventas Mensual por Rubro"
          columns={catColumns}
          rows={catRows}
          totals={catTotal}
          loading={!main.data}
        />
      </div>
      <section className="card" aria-labelledby="vm-evo">
        <div className="card-head">
          <h2 id="vm-evo">Evolución diaria · {monthName}</h2>
        </div>
        <FilterBar>
          <MallSelect
            id="mallEvo"
            value={search.mallEvo}
            malls={malls}
            all
            onChange={(id) => props.onChange({ mallEvo: id, rubroEvo: 0 })}
          />
          <OptionSelect
            id="rubroEvo"
            label="Rubro"
            value={search.rubroEvo}
            options={rubroOptions}
            onChange={(rubroEvo) => props.onChange({ rubroEvo })}
          />
        </FilterBar>
        <LineChart
          title="Evolución diaria de ventas"
          data={evoData}
          series={[{ key: "act", label: y2, color: "#002e98" }, { key: "cmp", label: y1, color: "#f28c28" }]}
        />
      </section>
      <Dialog
        header={`Contratos · ${modal?.name ?? ""}`}
        visible={!!modal}
        onHide={() => setModal(null)}
        style={{ width: "44rem" }}
      >
        <PivotTable
          title={`Contratos ${modal?.name ?? ""}`}
          columns={contractColumns}
          rows={contracts.data}
          loading={contracts.pending}
          pageSize={8}
        />
      </Dialog>
    </ReportFrame>
  );
}
