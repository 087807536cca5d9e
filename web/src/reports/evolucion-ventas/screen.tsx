import type { QueryClient } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { useCallback, useEffect, useMemo, useState } from "react";
import { startReport, useReport } from "../../analytics/use-report.ts";
import { type Column, columnsOf } from "../../components/data-table/columns.ts";
import { type Currency, formatPercent } from "../../lib/format.ts";
import { type Base, withBase } from "../shared/base.ts";
import { LineChart } from "../shared/charts.tsx";
import { ContractCurvePanel, type CurveContract } from "../shared/contract-curve-panel.tsx";
import { addDays, closedMonth, MONTHS, MONTHS_SHORT, parts } from "../shared/dates.ts";
import { MallSelect, ModeSelect, MonthPicker, YearPicker } from "../shared/filters.tsx";
import { ReportFrame, ReportPage } from "../shared/frame.tsx";
import { CurrencyTables } from "../shared/currency.tsx";
import { splitByCurrency } from "../shared/money.ts";
import { monthSteps } from "../shared/next.ts";
import { nearestYear } from "../shared/report-states.tsx";
import { comparisonYears, defaultComparison } from "../ranking-mall/screen.tsx";
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
import "./evolucion.css";
import { startsOnFilterChange } from "../shared/report-route.ts";

export type Frequency = "diaria" | "mensual";
export interface EvolutionSearch {
  mall: number;
  year: number;
  month: number;
  y1: number;
  frequency: Frequency;
}

/** The search params both routes keep (mall, mesCorte as anio + mes, anioComparativo, frecuencia). */
export interface EvolutionParams {
  mall: number;
  anio?: number;
  mes?: number;
  anioComparativo?: number;
  frecuencia: Frequency;
}

const FREQUENCIES: { value: Frequency; label: string }[] = [
  { value: "diaria", label: "Diaria" },
  { value: "mensual", label: "Mensual" },
];
const ce = columnsOf<EvolutionRow>();
const cw = columnsOf<WeeklyRow>();

/** The search of the URL with its defaults: the closed month (the one before today's), not after it. */
export function evolutionSearch(base: Base, s: EvolutionParams): EvolutionSearch {
  const [y, m] = parts(addDays(base.today, -1));
  const ok = s.anio && s.mes && s.anio * 12 + s.mes <= y * 12 + m;
  const closed = closedMonth(base.today);
  const year = ok ? s.anio! : closed.year, month = ok ? s.mes! : closed.month;
  return {
    mall: base.malls.some((x) => x.id === s.mall) ? s.mall : base.malls[0]?.id ?? 0,
    year,
    month,
    y1: s.anioComparativo ?? defaultComparison(base, year),
    frequency: s.frecuencia,
  };
}

export const toParams = (n: Partial<EvolutionSearch>): Partial<EvolutionParams> => ({
  ...(n.mall !== undefined ? { mall: n.mall } : {}),
  ...(n.year ? { anio: n.year, mes: n.month } : {}),
  ...(n.y1 ? { anioComparativo: n.y1 } : {}),
  ...(n.frequency ? { frecuencia: n.frequency } : {}),
});

const cebeRoute = getRouteApi("/_app/Reportes/EvolucionVentas");

export function EvolucionVentasPage() {
  const s = cebeRoute.useSearch();
  const navigate = cebeRoute.useNavigate();
  return (
    <EvolutionPage
      by="cebe"
      params={s}
      onChange={(n) => navigate({ replace: true, search: (old) => ({ ...old, ...toParams(n) }) })}
    />
  );
}

export function EvolutionPage(
  props: { by: EvolutionBy; params: EvolutionParams; onChange: (n: Partial<EvolutionSearch>) => void },
) {
  const s = props.params;
  return (
    <ReportPage
      prefetch={(b) => {
        const closed = closedMonth(b.today);
        const year = s.anio ?? closed.year, month = s.mes ?? closed.month;
        return evolutionPartitions({
          by: props.by,
          mall: s.mall || b.mallIds[0] || 0,
          year,
          month,
          y1: s.anioComparativo ?? year - 1,
        });
      }}
    >
      {(base) => (
        <EvolutionScreen
          by={props.by}
          base={base}
          search={evolutionSearch(base, s)}
          at={(year, month) => evolutionSearch(base, { ...s, anio: year, mes: month })}
          onChange={props.onChange}
        />
      )}
    </ReportPage>
  );
}

const filtersOf = (by: EvolutionBy, s: EvolutionSearch): EvolutionFilters => ({
  by,
  mall: s.mall,
  year: s.year,
  month: s.month,
  y1: s.y1,
});

const keyOf = (base: Base, f: EvolutionFilters) => [f.by, base.today, f.mall, f.year, f.month, f.y1];

/** The 12 months of both years and the closing month's weeks (the tables and the Mensual chart). */
const tableReport = (base: Base, f: EvolutionFilters) => ({
  key: ["evolucion", ...keyOf(base, f)],
  partitions: evolutionPartitions(f),
  statements: { months: evolutionSql(f, base.today), weeks: weeklySql(f, base.today) },
  select: (x: { months: EvolutionRow[]; weeks: WeeklyRow[] }) => x,
});

/** The closing month's days of both years (the Diaria chart). */
const dailyReport = (base: Base, f: EvolutionFilters) => ({
  key: ["evolucion-diaria", ...keyOf(base, f)],
  partitions: evolutionPartitions(f),
  statements: { days: dailySql(f, base.today) },
  select: (x: { days: DailyRow[] }) => x.days,
});

/**
 * A filter change (the route's beforeLoad of either screen): the tables of the new filters start before the
 * screen is drawn, built from the URL's search as the screen builds them. Not Diaria's days, which wait for
 * the tables on purpose (after).
 */
export const startEvolution = (client: QueryClient, by: EvolutionBy, s: EvolutionParams) =>
  withBase(client, (base) => startReport(client, tableReport(base, filtersOf(by, evolutionSearch(base, s)))));

/** Evolución Ventas por CEBE's early start (its route's beforeLoad). */
const startEvolucionVentas = (client: QueryClient, s: EvolutionParams) => startEvolution(client, "cebe", s);
startsOnFilterChange(cebeRoute, startEvolucionVentas);

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

export function EvolutionScreen(
  props: {
    by: EvolutionBy;
    base: Base;
    search: EvolutionSearch;
    /**
     * The search once another closing month is picked: the URL's comparison year kept, else the default of
     * that month's year, so the months computed ahead are those a pick then asks for.
     */
    at: (year: number, month: number) => EvolutionSearch;
    onChange: (s: Partial<EvolutionSearch>) => void;
  },
) {
  const { base, search, by } = props;
  const f = filtersOf(by, search);
  const partitions = evolutionPartitions(f);
  const key = keyOf(base, f);
  // The month after and before: the closing month is the filter stepped most. A comparison year next to
  // this one mostly needs a year not loaded; Diaria's days are not computed ahead under Mensual (a report
  // computes its next filters only once its own figures are shown).
  const next = () => monthSteps(search, base.today).map((n) => filtersOf(by, props.at(n.year, n.month)));
  const r = useReport({
    ...tableReport(base, f),
    next: () => next().map((n) => tableReport(base, n)),
  });
  const daily = useReport({
    ...dailyReport(base, f),
    enabled: search.frequency === "diaria",
    after: r,
    next: () => next().map((n) => dailyReport(base, n)),
  });
  const [curve, setCurve] = useState<CurveContract | null>(null);
  const [warned, setWarned] = useState<string | null>(null);
  const months = windowMonths(f.year, f.month);
  const shift = f.year - f.y1;
  const weeks = monthWeeks(f.year, f.month);
  const label = (i: number, sh = 0) => `${MONTHS_SHORT[months[i].month - 1]} ${months[i].year - sh}`;
  const head = by === "cebe"
    ? [ce.text("code", "CeBe"), ce.text("name", "Denominación CeBe")]
    : [ce.text("code", "Contrato"), ce.text("name", "Denominación")];
  const curveColumn = by === "contract"
    ? [ce.button("curva", "Curva", {
      icon: "pi pi-chart-line",
      name: (row) => `Curva de ventas de ${row.code}`,
      onClick: (row) => setCurve({ id: row.id, code: row.code, denominacion: row.name, moneda: row.moneda }),
    })]
    : [];
  const cols = useMemo(() => {
    const idx = Array.from({ length: 12 }, (_, i) => i);
    const sales = (p: "a" | "b", sh: number) => (cur: Currency) => [
      ...head,
      ...idx.map((i) => ce.money(`${p}${i}`, label(i, sh), cur)),
      ce.money(`${p}_tot`, "Total", cur),
      ...curveColumn,
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
    search.frequency === "mensual"
      ? months.map((_, i) => ({
        x: label(i),
        act: total?.[`a${i}`] ?? null,
        cmp: total?.[`b${i}`] ?? null,
      }))
      : (daily.data ?? []).map((d) => ({ x: String(d.dia), act: d.act, cmp: d.cmp })), [
    search.frequency,
    total,
    daily.data,
  ]);
  const wkey = key.join("-");
  useEffect(() => setWarned(null), [wkey]);
  const totals = r.data?.months.filter((x) => x.is_total) ?? [];
  const noMonth = !!r.data && !r.pending && totals.every((t) => t.a11 == null);
  const noCmp = !!r.data && !r.pending && !noMonth && totals.every((t) => t.b_tot == null);
  const suggestion = nearestYear(f.y1, base.salesYears.filter((y) => y !== f.y1 && y !== f.year));
  const warning = warned === wkey
    ? null
    : noMonth
    ? { message: "El mes seleccionado no tiene data registrada." }
    : noCmp
    ? {
      message: `El año ${f.y1} no tiene datos registrados.`,
      detail: suggestion ? `Se encontro datos en el año ${suggestion}` : undefined,
      onAccept: suggestion ? () => props.onChange({ y1: suggestion }) : undefined,
    }
    : null;
  const monthName = `${MONTHS[f.month - 1]} ${f.year}`;
  const filterBar = (
    <>
      <MallSelect id="mall" value={f.mall} malls={base.malls} onChange={(mall) => props.onChange({ mall })} />
      <MonthPicker
        id="mesCorte"
        label="Mes de corte"
        year={f.year}
        month={f.month}
        today={addDays(base.today, -1)}
        onChange={(year, month) => props.onChange({ year, month })}
      />
      <YearPicker
        id="anioComparativo"
        label="Año comparativo"
        value={f.y1}
        years={comparisonYears(base.today)}
        onChange={(y1) => props.onChange({ y1 })}
      />
      <ModeSelect
        id="frecuencia-label"
        label="Frecuencia"
        value={search.frequency}
        options={FREQUENCIES}
        onChange={(frequency) => props.onChange({ frequency })}
      />
    </>
  );
  const table = (title: string, columns: (cur: Currency) => Column<EvolutionRow>[]) => (
    <CurrencyTables title={title} columns={columns} data={r.data?.months} pageSize={8} loading={!r.data} />
  );
  return (
    <ReportFrame
      filters={filterBar}
      progress={r.progress}
      pending={r.pending}
      failed={!!(r.error || daily.error)}
      warning={warning}
      onWarningClose={() => setWarned(wkey)}
    >
      <section className="card evo-section" aria-labelledby="evo-actual">
        <h2 id="evo-actual">Ventas Año Actual</h2>
        {table(`Ventas Año Actual ${f.year}`, cols.a)}
      </section>
      <section className="card evo-section" aria-labelledby="evo-anterior">
        <h2 id="evo-anterior">Ventas Año Anterior</h2>
        {table(`Ventas Año Anterior ${f.y1}`, cols.b)}
      </section>
      <section className="card evo-section" aria-labelledby="evo-cumplimiento">
        <h2 id="evo-cumplimiento">Cumplimiento</h2>
        <p className="muted">
          Ventas / presupuesto × 100. Los colores siguen los rangos de semáforo de la categoría; sin rangos,
          gris.
        </p>
        {table(`Cumplimiento ${f.year}`, cols.ca)}
        {table(`Cumplimiento ${f.y1}`, cols.cb)}
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
      <section className="card" aria-labelledby="evo-chart">
        <h2 id="evo-chart">
          {search.frequency === "mensual" ? "Ventas por mes" : `Ventas por día de ${monthName}`}
        </h2>
        <LineChart
          title={search.frequency === "mensual"
            ? `Ventas por mes ${f.year} y ${f.y1}`
            : `Ventas por día ${monthName} y ${f.y1}`}
          data={chart}
          series={[
            { key: "act", label: "Año actual", color: "#002e98" },
            { key: "cmp", label: `Año ${f.y1}`, color: "#f28c28" },
          ]}
        />
        <p className="muted" data-testid="evo-chart-currency">
          En soles (S/){usdTotal ? "; no incluye los contratos en dólares, que se muestran aparte." : "."}
        </p>
      </section>
      {by === "contract" && (
        <ContractCurvePanel
          contract={curve}
          y2={f.year}
          y1={f.y1}
          month={search.frequency === "diaria" ? f.month : null}
          partitions={partitions}
          onClose={() => setCurve(null)}
        />
      )}
    </ReportFrame>
  );
}
