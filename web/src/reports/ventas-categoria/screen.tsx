import { getRouteApi } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { useMemo, useState } from "react";
import type { QueryClient } from "@tanstack/react-query";
import { startReport, useReport } from "../../analytics/use-report.ts";
import { columnsOf } from "../../components/data-table/columns.ts";
import { UsdNote, withUsd } from "../shared/usd-note.tsx";
import { formatDate, formatMoney, formatPercent } from "../../lib/format.ts";
import { type Base, withBase } from "../shared/base.ts";
import { ComparedContracts } from "../shared/compared-contracts.tsx";
import { addDays, parts, type Span } from "../shared/dates.ts";
import { DateRange, MallSelect, ModeSelect, Switch, YearPicker } from "../shared/filters.tsx";
import { ReportFrame, ReportPage } from "../shared/frame.tsx";
import { PivotTable } from "../shared/pivot-table.tsx";
import { defaultComparison } from "../ranking-mall/screen.tsx";
import { rangeSteps } from "../shared/next.ts";
import { rangeOrDefault } from "../shared/range.ts";
import { nearestYear } from "../shared/report-states.tsx";
import {
  categoriesSql,
  type CategoryRow,
  type CatFilters,
  catPartitions,
  type CatType,
  contractsSql,
} from "./report.ts";
import { startsOnFilterChange } from "../shared/report-route.ts";
import { SCREENS } from "../../screens.ts";

const TITLE = SCREENS["/Reportes/VentasPorCategoria"].title;

const TYPES: { value: CatType; label: string }[] = [
  { value: "General", label: "General" },
  { value: "SSS", label: "SSS" },
];

/** Default: the month of yesterday to yesterday, against the year before. */
export const defaultRange = (today: string): Span => {
  const y = addDays(today, -1);
  return { start: `${y.slice(0, 8)}01`, end: y };
};

/** Comparison years: 2017 to the current year, newest first. */
export const comparisonYears = (today: string) =>
  Array.from({ length: Number(today.slice(0, 4)) - 2016 }, (_, i) => Number(today.slice(0, 4)) - i);

const c = columnsOf<CategoryRow>();

const route = getRouteApi("/_app/Reportes/VentasPorCategoria");
type Search = ReturnType<typeof route.useSearch>;

const rangeOf = (s: Search, today: string) => rangeOrDefault(s.desde, s.hasta, today, defaultRange(today));
const filtersOf = (s: Search, base: Base): CatFilters => {
  const span = rangeOf(s, base.today);
  return {
    type: s.tipo,
    mall: s.mall,
    span,
    y1: s.anioComparativo ?? defaultComparison(base, parts(span.start)[0]),
    inflation: s.inflacion,
  };
};

/** A filter change (the route's beforeLoad): the table of the new filters starts before the screen is drawn. */
const startVentasCategoria = (client: QueryClient, s: Search) =>
  withBase(client, (base) => startReport(client, catReport(base, filtersOf(s, base))));
startsOnFilterChange(route, startVentasCategoria);

/** /Reportes/VentasPorCategoria: per category, a range against the same days of the comparison year. */
export function VentasCategoriaPage() {
  const s = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <ReportPage
      prefetch={(b) => {
        const y2 = parts(rangeOf(s, b.today).start)[0];
        return catPartitions(s.mall ? [s.mall] : b.mallIds, y2, s.anioComparativo ?? y2 - 1);
      }}
    >
      {(base) => (
        <VentasCategoriaScreen
          base={base}
          search={filtersOf(s, base)}
          onChange={(n) =>
            navigate({
              replace: true,
              search: (old) => ({
                ...old,
                ...(n.type ? { tipo: n.type } : {}),
                ...(n.mall !== undefined ? { mall: n.mall } : {}),
                ...(n.span ? { desde: n.span.start, hasta: n.span.end } : {}),
                ...(n.y1 !== undefined ? { anioComparativo: n.y1 } : {}),
                ...(n.inflation !== undefined ? { inflacion: n.inflation } : {}),
              }),
            })}
        />
      )}
    </ReportPage>
  );
}

const partitionsOf = (base: Base, f: CatFilters) =>
  catPartitions(f.mall ? [f.mall] : base.malls.map((m) => m.id), parts(f.span.start)[0], f.y1);

const keyOf = (base: Base, f: CatFilters) => [
  base.today,
  f.type,
  f.mall,
  f.span.start,
  f.span.end,
  f.y1,
  f.inflation,
];

/** The table per category of a range against the comparison year. */
const catReport = (base: Base, f: CatFilters) => ({
  key: ["cat", ...keyOf(base, f)],
  partitions: partitionsOf(base, f),
  statements: { rows: categoriesSql(f) },
  select: withUsd<CategoryRow>,
});

/**
 * The filters most likely picked next, most likely first: the range a month later and earlier, then the
 * other 'Tipo' (General or SSS) and the other 'Inflación', cut to three (each costs a computation while the
 * page is idle). The range stays in its year: in another one the page may take another default comparison
 * year, so the report computed would not be the one shown (and its partitions are not loaded anyway).
 */
function catSteps(f: CatFilters, today: string): CatFilters[] {
  const year = f.span.start.slice(0, 4);
  const steps: CatFilters[] = [
    ...rangeSteps(f.span, today).filter((span) => span.start.slice(0, 4) === year).map((span) => ({
      ...f,
      span,
    })),
    { ...f, type: f.type === "SSS" ? "General" : "SSS" },
    { ...f, inflation: !f.inflation },
  ];
  return steps.slice(0, 3);
}

export function VentasCategoriaScreen(
  props: { base: Base; search: CatFilters; onChange: (s: Partial<CatFilters>) => void },
) {
  const { base, search } = props;
  const y2 = parts(search.span.start)[0], y1 = search.y1;
  const partitions = partitionsOf(base, search);
  const key = keyOf(base, search);
  const r = useReport({
    ...catReport(base, search),
    next: () => catSteps(search, base.today).map((n) => catReport(base, n)),
  });
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [drill, setDrill] = useState<{ id: number; name: string } | null>(null);
  const columns = useMemo(() => [
    c.text("categoria", "Categoría"),
    c.money("act", `Venta ${y2}`),
    c.money("cmp", `Venta ${y1}`),
    c.money("diff", "Diferencia S/"),
    c.percent("pct", "Var %"),
    c.area("area_act", `Área m2 ${y2}`),
    c.area("area_cmp", `Área m2 ${y1}`),
    c.money("act_m2", `Venta m2 ${y2}`),
    c.money("cmp_m2", `Venta m2 ${y1}`),
    c.percent("pct_m2", "Var % m2"),
    c.button("contratos", "Contratos", {
      label: "Contratos",
      name: (row) => `Contratos de ${row.categoria}`,
      onClick: (row) => setDrill({ id: row.category_id, name: row.categoria }),
    }),
  ], [y1, y2]);

  const noYear = base.salesYears.length > 0 && !base.salesYears.includes(y1);
  const noMonth = !!r.data && !r.pending && !r.data.total?.act;
  const [warned, setWarned] = useState<string | null>(null);
  const warnKey = `${key.join(":")}`;
  const suggestion = nearestYear(y1, base.salesYears);
  const warning = warned === warnKey ? null : noYear
    ? {
      message: `El año ${y1} no tiene datos registrados.`,
      detail: suggestion ? `Se encontro datos en el año ${suggestion}` : undefined,
      onAccept: suggestion ? () => props.onChange({ y1: suggestion }) : undefined,
    }
    : noMonth
    ? { message: "El mes seleccionado no tiene data registrada." }
    : null;
  const usd = r.data?.usd;
  const hasTotal = !!r.data?.total;
  // Memoized: a new element each render would draw the memoized table again while the figures compute.
  const actions = useMemo(() => (
    <Button
      type="button"
      label="Contratos del total"
      size="small"
      outlined
      disabled={!hasTotal}
      onClick={() => setDrill({ id: 0, name: "Total" })}
    />
  ), [hasTotal]);
  // Drawn again only when a filter's value changes, not when the figures arrive.
  const filters = useMemo(() => (
    <>
      <ModeSelect value={search.type} options={TYPES} onChange={(type) => props.onChange({ type })} />
      <MallSelect
        id="mall"
        value={search.mall}
        malls={base.malls}
        all
        onChange={(mall) => props.onChange({ mall })}
      />
      <DateRange
        id="rango"
        start={search.span.start}
        end={search.span.end}
        today={base.today}
        error={rangeError}
        onError={setRangeError}
        onChange={(start, end) => props.onChange({ span: { start, end } })}
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
        onChange={(v) => props.onChange({ inflation: v })}
      />
    </>
  ), [search, base, rangeError, y1, props.onChange]);
  return (
    <ReportFrame
      filters={filters}
      progress={r.progress}
      pending={r.pending}
      failed={!!r.error}
      headline={{
        id: "cat-total",
        title: `Ventas ${search.type} del ${formatDate(search.span.start)} al ${formatDate(search.span.end)}`,
        value: formatMoney(r.data?.total?.act),
        detail: `${y1}: ${formatMoney(r.data?.total?.cmp)} · ${formatPercent(r.data?.total?.pct)}`,
      }}
      warning={warning}
      onWarningClose={() => setWarned(warnKey)}
    >
      <div className="card">
        <PivotTable
          title={TITLE}
          columns={columns}
          rows={r.data?.rows}
          totals={r.data?.total}
          loading={!r.data}
          actions={actions}
        />
        <UsdNote usd={usd} y2={y2} y1={y1} testId="cat-usd" />
      </div>
      <ComparedContracts
        title={drill ? `Contratos · ${drill.name}` : null}
        reportKey={["cat", ...key, drill?.id]}
        partitions={partitions}
        statement={contractsSql(search, drill?.id ?? 0)}
        y2={y2}
        y1={y1}
        onHide={() => setDrill(null)}
      />
    </ReportFrame>
  );
}
