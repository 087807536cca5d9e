import { getRouteApi } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import { useMemo, useState } from "react";
import type { QueryClient } from "@tanstack/react-query";
import { startReport, useReport } from "../../analytics/use-report.ts";
import { type Column, columnsOf } from "../../components/data-table/columns.ts";
import { formatDate, formatMoney } from "../../lib/format.ts";
import { type Base, withBase } from "../shared/base.ts";
import { addDays, type Span } from "../shared/dates.ts";
import { DateRange, MallSelect } from "../shared/filters.tsx";
import { ReportFrame, ReportPage } from "../shared/frame.tsx";
import { rangeSteps } from "../shared/next.ts";
import { PivotTable } from "../shared/pivot-table.tsx";
import { monthOfYesterday, sameYearRange } from "../shared/range-search.ts";
import {
  comparativoSql,
  contractsSql,
  contractsTotalSql,
  CV_MALLS,
  type CvContractRow,
  type CvFilters,
  cvPartitions,
  type CvRow,
  previousOf,
} from "./report.ts";
import { startsOnFilterChange } from "../shared/report-route.ts";
import { SCREENS } from "../../screens.ts";

const TITLE = SCREENS["/Reportes/ComparativoVentas"].title;

const symbol = (moneda: unknown) => (moneda === "USD" ? "$" : "S/");
const c = columnsOf<CvRow>();

/** A money column whose cells show the currency of their mall's contract ($ for a dollar contract). */
function moneyOf(key: keyof CvRow & string, header: string, moneda: keyof CvRow & string): Column<CvRow> {
  const base = c.number(key, header, 2);
  return {
    ...base,
    // The totals row (soles contracts only) and the quick search read the format: S/.
    meta: {
      ...base.meta,
      format: (v: unknown) => formatMoney(v),
      render: (row, v) => (v == null ? "" : formatMoney(v, symbol(row[moneda]))),
    },
  };
}

function columns(onDrill: (group: number, label: string) => void): Column<CvRow>[] {
  return [
    c.text("group_label", "Grupo"),
    ...CV_MALLS.flatMap(({ code }) => {
      const l = code.toLowerCase() as Lowercase<typeof code>;
      return [
        c.text(`${l}_contrato`, `${code} Contrato`),
        c.mapped(`${l}_moneda`, `${code} Moneda`, (v) => (v ? symbol(v) : "")),
        moneyOf(`${l}_ventas`, `${code} Ventas`, `${l}_moneda`),
        moneyOf(`${l}_ventas_m2`, `${code} Ventas por m2`, `${l}_moneda`),
        c.area(`${l}_m2`, `${code} m2`),
        c.integer(`${l}_transacciones`, `${code} Transacciones`),
        moneyOf(`${l}_ticket`, `${code} Ticket Prom`, `${l}_moneda`),
        c.percent(`${l}_var_pct`, `${code} Var %`),
      ];
    }),
    c.button("contratos", "Contratos", {
      icon: "pi pi-list",
      name: (r) => `Contratos del ${r.group_label}`,
      onClick: (r) => onDrill(r.grupo ?? 0, r.group_label),
    }),
  ];
}

const route = getRouteApi("/_app/Reportes/ComparativoVentas");
type Search = ReturnType<typeof route.useSearch>;

const rangeOf = (s: Search, today: string) =>
  sameYearRange(s.desde, s.hasta, addDays(today, -1), monthOfYesterday(today));
const filtersOf = (s: Search, base: Base): CvFilters => ({ mall: s.mall, range: rangeOf(s, base.today) });

/** A filter change (the route's beforeLoad): the table of the new filters starts before the screen is drawn. */
const startComparativoVentas = (client: QueryClient, s: Search) =>
  withBase(client, (base) => startReport(client, tableReport(base, filtersOf(s, base))));
startsOnFilterChange(route, startComparativoVentas);

/** /Reportes/ComparativoVentas: per group of similar contracts, each mall's figures of a range. */
export function ComparativoVentasPage() {
  const s = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <ReportPage prefetch={(b) => cvPartitions(b.mallIds, rangeOf(s, b.today))}>
      {(base) => (
        <ComparativoVentasScreen
          base={base}
          search={filtersOf(s, base)}
          onChange={(n) =>
            navigate({
              replace: true,
              search: (old) => ({
                ...old,
                ...(n.mall !== undefined ? { mall: n.mall } : {}),
                ...(n.range ? { desde: n.range.start, hasta: n.range.end } : {}),
              }),
            })}
        />
      )}
    </ReportPage>
  );
}

/** The table of a mall's groups over a range; every mall's partitions, as the mall filters rows only. */
const tableReport = (base: Base, f: CvFilters) => ({
  key: ["cv", base.today, f.mall, f.range.start, f.range.end],
  partitions: cvPartitions(base.malls.map((m) => m.id), f.range),
  statements: { rows: comparativoSql(f) },
  select: (x: { rows: CvRow[] }) => x.rows,
});

export function ComparativoVentasScreen(
  props: { base: Base; search: CvFilters; onChange: (s: Partial<CvFilters>) => void },
) {
  const { base, search } = props;
  const table = tableReport(base, search);
  const { partitions } = table;
  // The range is the only period filter: next, the range a month on, then a month back. Not another mall:
  // among several, none is the likely next one.
  const r = useReport({
    ...table,
    next: () => rangeSteps(search.range, base.today).map((range) => tableReport(base, { ...search, range })),
  });
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [drill, setDrill] = useState<{ group: number; label: string } | null>(null);
  const cols = useMemo(() => columns((group, label) => setDrill({ group, label })), []);
  const [rows, total] = useMemo(
    () => [r.data?.filter((x) => !x.is_total), r.data?.find((x) => x.is_total) ?? null] as const,
    [r.data],
  );
  const [warned, setWarned] = useState<string | null>(null);
  const key = `${search.range.start}-${search.range.end}-${search.mall}`;
  const empty = !!r.data && !r.pending && !r.data.some((x) =>
    x.is_total === 0 && CV_MALLS.some(
      ({ code }) => Number(x[`${code.toLowerCase() as Lowercase<typeof code>}_ventas`] ?? 0) > 0,
    )
  );
  const prev = previousOf(search.range);
  const filters = (
    <>
      <MallSelect
        id="mall"
        value={search.mall}
        malls={base.malls}
        all
        onChange={(mall) => props.onChange({ mall })}
      />
      <DateRange
        id="rango"
        start={search.range.start}
        end={search.range.end}
        today={addDays(base.today, -1)}
        error={rangeError}
        onError={setRangeError}
        onChange={(start, end) => props.onChange({ range: { start, end } })}
      />
    </>
  );
  const hasData = !!r.data;
  // Memoized: a new element each render would draw the memoized table again while the figures compute.
  const actions = useMemo(() => (
    <Button
      type="button"
      label="Contratos del total"
      icon="pi pi-list"
      outlined
      size="small"
      disabled={!hasData}
      onClick={() => setDrill({ group: 0, label: "Total" })}
    />
  ), [hasData]);
  return (
    <ReportFrame
      filters={filters}
      progress={r.progress}
      pending={r.pending}
      failed={!!r.error}
      headline={{
        id: "cv-range",
        title: `Del ${formatDate(search.range.start)} al ${formatDate(search.range.end)}`,
        value: `${rows?.length ?? 0} grupos`,
        detail: `Var % contra el ${formatDate(prev.start)} al ${
          formatDate(prev.end)
        }; el total suma solo contratos en soles`,
      }}
      warning={empty && warned !== key ? { message: "El mes seleccionado no tiene data registrada." } : null}
      onWarningClose={() => setWarned(key)}
    >
      <div className="card">
        <PivotTable
          title={TITLE}
          columns={cols}
          rows={rows}
          totals={total}
          loading={!r.data}
          actions={actions}
        />
      </div>
      <Contracts
        drill={drill}
        search={search}
        range={search.range}
        partitions={partitions}
        onHide={() => setDrill(null)}
      />
    </ReportFrame>
  );
}

const cc = columnsOf<CvContractRow>();
const contractColumns: Column<CvContractRow>[] = [
  cc.integer("grupo", "Grupo"),
  cc.text("mall", "Mall"),
  cc.text("contrato", "Contrato"),
  cc.text("denominacion", "Denominación"),
  cc.mapped("moneda", "Moneda", symbol),
  cc.number("ventas", "Ventas"),
  cc.number("ventas_anterior", "Ventas año anterior"),
  cc.area("m2", "m2"),
  cc.integer("transacciones", "Transacciones"),
  cc.number("ticket", "Ticket Prom"),
  cc.percent("var_pct", "Var %"),
];

/** The contracts behind a group's row, or behind the totals (every group's), with the same export. */
function Contracts(props: {
  drill: { group: number; label: string } | null;
  search: CvFilters;
  range: Span;
  partitions: string[];
  onHide: () => void;
}) {
  const { drill, search } = props;
  const r = useReport({
    key: ["cv-contracts", search.mall, props.range.start, props.range.end, drill?.group],
    partitions: props.partitions,
    enabled: !!drill,
    statements: {
      rows: contractsSql(search, drill?.group ?? 0),
      total: contractsTotalSql(search, drill?.group ?? 0),
    },
    select: (x) => ({ rows: x.rows, total: x.total[0] ?? null }),
  });
  return (
    <Dialog
      header={`Contratos · ${drill?.label ?? ""}`}
      visible={!!drill}
      onHide={props.onHide}
      style={{ width: "60rem" }}
    >
      <PivotTable
        title={`Contratos ${drill?.label ?? ""}`}
        columns={contractColumns}
        rows={r.data?.rows}
        totals={r.pending ? null : r.data?.total}
        loading={r.pending}
      />
    </Dialog>
  );
}
