import { getRouteApi } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import { useCallback, useMemo, useState } from "react";
import type { QueryClient } from "@tanstack/react-query";
import { startReport, useReport } from "../../analytics/use-report.ts";
import { type Column, columnsOf } from "../../components/data-table/columns.ts";
import { type Currency, formatDate, formatMoney, formatPercent } from "../../lib/format.ts";
import { type Base, withBase } from "../shared/base.ts";
import { addDays } from "../shared/dates.ts";
import { DateRange, MallSelect, Switch, YearPicker } from "../shared/filters.tsx";
import { ReportFrame, ReportPage } from "../shared/frame.tsx";
import { rangeSteps } from "../shared/next.ts";
import { PivotTable } from "../shared/pivot-table.tsx";
import { CurrencyTables } from "../shared/currency.tsx";
import { splitByCurrency } from "../shared/money.ts";
import { monthOfYesterday, sameYearRange } from "../shared/range-search.ts";
import { nearestYear } from "../shared/report-states.tsx";
import {
  contractsSql,
  contractsTotalSql,
  type DcContractRow,
  type DcFilters,
  dcPartitions,
  type DcRow,
  diarioSql,
  reportYear,
} from "./report.ts";
import { startsOnFilterChange } from "../shared/report-route.ts";
import { SCREENS } from "../../screens.ts";

const TITLE = SCREENS["/Reportes/DiarioComparativoVentas"].title;

/** What a drill-down opens: a CeBe's contracts (or the total's, cebe null) in one currency. */
interface Drill {
  cebe: string | null;
  moneda: string;
  label: string;
}

const c = columnsOf<DcRow>();
function columns(y2: number, y1: number, cur: "S/" | "$", onDrill: (d: Drill) => void): Column<DcRow>[] {
  return [
    c.text("categoria", "CeBe"),
    c.money("ventas_anio2", `Ventas ${y2}`, cur),
    c.money("ventas_anio1", `Ventas ${y1}`, cur),
    c.percent("cumplimiento_ventas", "Cumplimiento Ventas %"),
    c.area("superf_vta_anio2", `Área ${y2} m2`),
    c.area("superf_vta_anio1", `Área ${y1} m2`),
    c.money("vta_m2_anio2", `Venta m2 ${y2}`, cur),
    c.money("vta_m2_anio1", `Venta m2 ${y1}`, cur),
    c.percent("cumplimiento_ventas_m2", "Cumplimiento m2 %"),
    c.button("contratos", "Contratos", {
      icon: "pi pi-list",
      name: (r) => `Contratos de ${r.categoria}`,
      onClick: (r) => onDrill({ cebe: r.cebe_code, moneda: r.moneda, label: r.categoria }),
    }),
  ];
}

const route = getRouteApi("/_app/Reportes/DiarioComparativoVentas");
type Search = ReturnType<typeof route.useSearch>;

const rangeOf = (s: Search, today: string) =>
  sameYearRange(s.desde, s.hasta, addDays(today, -1), monthOfYesterday(today));
const filtersOf = (s: Search, base: Base): DcFilters => ({
  mall: s.mall,
  inflation: s.inflacion,
  sss: s.sss,
  range: rangeOf(s, base.today),
  y1: s.anioComparativo ?? base.comparisonYear,
});

/** A filter change (the route's beforeLoad): the table of the new filters starts before the screen is drawn. */
const startDiarioComparativo = (client: QueryClient, s: Search) =>
  withBase(client, (base) => startReport(client, tableReport(base, filtersOf(s, base))));
startsOnFilterChange(route, startDiarioComparativo);

/** /Reportes/DiarioComparativoVentas: per CeBe, a range of one year against the same days of another. */
export function DiarioComparativoPage() {
  const s = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <ReportPage
      prefetch={(b) => {
        const r = rangeOf(s, b.today);
        const y = Number(r.start.slice(0, 4));
        return dcPartitions([s.mall || 3], {
          mall: s.mall,
          inflation: false,
          sss: false,
          range: r,
          y1: s.anioComparativo ?? y - 1,
        });
      }}
    >
      {(base) => (
        <DiarioComparativoScreen
          base={base}
          search={filtersOf(s, base)}
          onChange={(n) =>
            navigate({
              replace: true,
              search: (old) => ({
                ...old,
                ...(n.mall !== undefined ? { mall: n.mall } : {}),
                ...(n.inflation !== undefined ? { inflacion: n.inflation } : {}),
                ...(n.sss !== undefined ? { sss: n.sss } : {}),
                ...(n.range ? { desde: n.range.start, hasta: n.range.end } : {}),
                ...(n.y1 !== undefined ? { anioComparativo: n.y1 } : {}),
              }),
            })}
        />
      )}
    </ReportPage>
  );
}

/** The table of a mall's CeBes (all malls' with mall 0) over a range against the comparison year. */
const tableReport = (base: Base, f: DcFilters) => ({
  key: ["dc", base.today, f.mall, f.inflation, f.sss, f.range.start, f.range.end, f.y1],
  partitions: dcPartitions(f.mall ? [f.mall] : base.malls.map((m) => m.id), f),
  statements: { rows: diarioSql(f) },
  select: (x: { rows: DcRow[] }) => x.rows,
});

/**
 * The filters likely picked next, most likely first and at most three (each costs an idle computation):
 * each switch flipped (one click, the same partitions), then the range moved a month (several clicks in the
 * calendar). Not the comparison year: a dropdown's pick, less likely than these, past the three.
 */
const steps = (base: Base, f: DcFilters): DcFilters[] =>
  [
    { ...f, inflation: !f.inflation },
    { ...f, sss: !f.sss },
    ...rangeSteps(f.range, base.today).map((range) => ({ ...f, range })),
  ].slice(0, 3);

export function DiarioComparativoScreen(
  props: { base: Base; search: DcFilters; onChange: (s: Partial<DcFilters>) => void },
) {
  const { base, search } = props;
  const y2 = reportYear(search);
  const table = tableReport(base, search);
  const { partitions } = table;
  const r = useReport({ ...table, next: () => steps(base, search).map((n) => tableReport(base, n)) });
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [drill, setDrill] = useState<Drill | null>(null);
  const split = useMemo(() => splitByCurrency(r.data), [r.data]);
  const tableColumns = useCallback((cur: Currency) => columns(y2, search.y1, cur, setDrill), [y2, search.y1]);
  const [warned, setWarned] = useState<string | null>(null);
  const key = `${search.range.start}-${search.range.end}-${search.y1}-${search.mall}`;
  const empty = !!r.data && !r.pending && r.data.length === 0;
  const noComparison = base.salesYears.length > 0 && !base.salesYears.includes(search.y1);
  const suggestion = nearestYear(search.y1, base.salesYears);
  const warning = warned === key ? null : noComparison
    ? {
      message: `El año ${search.y1} no tiene datos registrados.`,
      detail: suggestion ? `Se encontro datos en el año ${suggestion}` : undefined,
      onAccept: suggestion ? () => props.onChange({ y1: suggestion }) : undefined,
    }
    : empty
    ? { message: "El mes seleccionado no tiene data registrada." }
    : null;
  const years = Array.from(
    { length: Number(base.today.slice(0, 4)) - 2016 },
    (_, i) => Number(base.today.slice(0, 4)) - i,
  );
  // Drawn again only when a filter's value changes, not when the figures arrive.
  const filters = useMemo(() => (
    <>
      <MallSelect
        id="mall"
        value={search.mall}
        malls={base.malls}
        all
        onChange={(mall) => props.onChange({ mall })}
      />
      <Switch
        id="inflacion"
        label="Inflación"
        checked={search.inflation}
        onChange={(v) => props.onChange({ inflation: v })}
      />
      <Switch id="sss" label="SSS" checked={search.sss} onChange={(v) => props.onChange({ sss: v })} />
      <DateRange
        id="rango"
        start={search.range.start}
        end={search.range.end}
        today={addDays(base.today, -1)}
        error={rangeError}
        onError={setRangeError}
        onChange={(start, end) => props.onChange({ range: { start, end } })}
      />
      <YearPicker
        id="anioComparativo"
        label="Año comparativo"
        value={search.y1}
        years={years}
        onChange={(y1) => props.onChange({ y1 })}
      />
    </>
  ), [search, base, rangeError, props.onChange]);
  const hasData = !!r.data;
  // Memoized: a new element each render would draw the memoized tables again while the figures compute.
  const actions = useMemo(() => {
    const totalDrill = (moneda: string, label: string) => (
      <Button
        type="button"
        label="Contratos del total"
        icon="pi pi-list"
        outlined
        size="small"
        aria-label={`Contratos del total ${label}`}
        disabled={!hasData}
        onClick={() => setDrill({ cebe: null, moneda, label })}
      />
    );
    return { pen: totalDrill("PEN", "S/"), usd: totalDrill("USD", "$") };
  }, [hasData]);
  return (
    <ReportFrame
      filters={filters}
      progress={r.progress}
      pending={r.pending}
      failed={!!r.error}
      headline={{
        id: "dc-total",
        title: `Ventas del ${formatDate(search.range.start)} al ${formatDate(search.range.end)}`,
        value: formatMoney(split.PEN.total?.ventas_anio2),
        detail: `${search.y1}: ${formatMoney(split.PEN.total?.ventas_anio1)} · ${
          formatPercent(split.PEN.total?.cumplimiento_ventas)
        }${
          split.USD.total
            ? ` · contratos en dólares ${formatMoney(split.USD.total.ventas_anio2, "$")} (aparte)`
            : ""
        }`,
      }}
      warning={warning}
      onWarningClose={() => setWarned(key)}
    >
      <CurrencyTables
        title={TITLE}
        columns={tableColumns}
        data={r.data}
        loading={!r.data}
        actions={{ PEN: actions.pen, USD: actions.usd }}
      />
      <Contracts drill={drill} search={search} partitions={partitions} onHide={() => setDrill(null)} />
    </ReportFrame>
  );
}

const cc = columnsOf<DcContractRow>();

/** The contracts behind a row or a total, with their figures and the same export. */
function Contracts(
  props: { drill: Drill | null; search: DcFilters; partitions: string[]; onHide: () => void },
) {
  const { drill, search } = props;
  const r = useReport({
    key: [
      "dc-contracts",
      search.mall,
      search.inflation,
      search.sss,
      search.range.start,
      search.range.end,
      search.y1,
      drill?.cebe,
      drill?.moneda,
    ],
    partitions: props.partitions,
    enabled: !!drill,
    statements: {
      rows: contractsSql(search, drill?.cebe ?? null, drill?.moneda ?? "PEN"),
      total: contractsTotalSql(search, drill?.cebe ?? null, drill?.moneda ?? "PEN"),
    },
    select: (x) => ({ rows: x.rows, total: x.total[0] ?? null }),
  });
  const cur = drill?.moneda === "USD" ? "$" : "S/";
  const y2 = reportYear(search);
  const cols = useMemo(() => [
    cc.text("contrato", "Contrato"),
    cc.text("denominacion", "Denominación"),
    cc.text("categoria", "CeBe"),
    cc.money("ventas_anio2", `Ventas ${y2}`, cur),
    cc.money("ventas_anio1", `Ventas ${search.y1}`, cur),
    cc.area("superf_vta_anio2", `Área ${y2} m2`),
    cc.area("superf_vta_anio1", `Área ${search.y1} m2`),
  ], [cur, y2, search.y1]);
  return (
    <Dialog
      header={`Contratos · ${drill?.cebe ? drill.label : `Total ${drill?.label ?? ""}`}`}
      visible={!!drill}
      onHide={props.onHide}
      style={{ width: "56rem" }}
    >
      <PivotTable
        title={`Contratos ${drill?.label ?? ""}`}
        columns={cols}
        rows={r.data?.rows}
        totals={r.pending ? null : r.data?.total}
        loading={r.pending}
      />
    </Dialog>
  );
}
