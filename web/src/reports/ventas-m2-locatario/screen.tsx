import { getRouteApi } from "@tanstack/react-router";
import { Dialog } from "primereact/dialog";
import { useCallback, useMemo, useState } from "react";
import type { QueryClient } from "@tanstack/react-query";
import { startReport, useReport } from "../../analytics/use-report.ts";
import { type Column, columnsOf } from "../../components/data-table/columns.ts";
import { type Currency, formatDate, formatMoney } from "../../lib/format.ts";
import { type Base, withBase } from "../shared/base.ts";
import { addDays, parts, type Span } from "../shared/dates.ts";
import { DateRange, MallSelect } from "../shared/filters.tsx";
import { ReportFrame, ReportPage } from "../shared/frame.tsx";
import { rangeSteps } from "../shared/next.ts";
import { PivotTable } from "../shared/pivot-table.tsx";
import { CurrencyTables } from "../shared/currency.tsx";
import { splitByCurrency } from "../shared/money.ts";
import { rangeOrDefault } from "../shared/range.ts";
import { contractDaysSql, type DayRow, m2Partitions, type TenantRow, tenantsSql } from "./report.ts";
import { startsOnFilterChange } from "../shared/report-route.ts";
import { SCREENS } from "../../screens.ts";

const TITLE = SCREENS["/Reportes/VentasM2xLocatario"].title;

export interface M2Search extends Span {
  mall: number;
}

/** Default: the month of yesterday to yesterday. */
export const defaultRange = (today: string): Span => {
  const y = addDays(today, -1);
  return { start: `${y.slice(0, 8)}01`, end: y };
};

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
      onClick: (r) => onDrill(r),
    }),
  ];
}

const route = getRouteApi("/_app/Reportes/VentasM2xLocatario");
type Search = ReturnType<typeof route.useSearch>;

const rangeOf = (s: Search, today: string) => rangeOrDefault(s.desde, s.hasta, today, defaultRange(today));
const filtersOf = (s: Search, base: Base): M2Search => ({ ...rangeOf(s, base.today), mall: s.mall });

/** /Reportes/VentasM2xLocatario: per tenant contract, area, sales and sales per m2 of a range. */
export function VentasM2LocatarioPage() {
  const s = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <ReportPage
      prefetch={(b) => m2Partitions(s.mall ? [s.mall] : b.mallIds, parts(rangeOf(s, b.today).start)[0])}
    >
      {(base) => (
        <VentasM2LocatarioScreen
          base={base}
          search={filtersOf(s, base)}
          onChange={(n) =>
            navigate({
              replace: true,
              search: (old) => ({
                ...old,
                ...(n.start ? { desde: n.start, hasta: n.end } : {}),
                ...(n.mall !== undefined ? { mall: n.mall } : {}),
              }),
            })}
        />
      )}
    </ReportPage>
  );
}

const partitionsOf = (base: Base, s: M2Search) =>
  m2Partitions(s.mall ? [s.mall] : base.malls.map((m) => m.id), parts(s.start)[0]);

/** The mall's (or every mall's) tenant contracts over a range. */
const tenantsReport = (base: Base, s: M2Search) => ({
  key: ["m2-tenants", base.today, s.start, s.end, s.mall],
  partitions: partitionsOf(base, s),
  statements: { rows: tenantsSql({ start: s.start, end: s.end }, s.mall) },
  select: (x: { rows: TenantRow[] }) => x.rows,
});

/** A filter change (the route's beforeLoad): the tenants of the new filters start before the screen is drawn. */
const startVentasM2Locatario = (client: QueryClient, s: Search) =>
  withBase(client, (base) => startReport(client, tenantsReport(base, filtersOf(s, base))));
startsOnFilterChange(route, startVentasM2Locatario);

export function VentasM2LocatarioScreen(
  props: { base: Base; search: M2Search; onChange: (s: Partial<M2Search>) => void },
) {
  const { base, search } = props;
  const span = { start: search.start, end: search.end };
  const partitions = partitionsOf(base, search);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [drill, setDrill] = useState<TenantRow | null>(null);
  const r = useReport({
    ...tenantsReport(base, search),
    // The same range a month later and earlier, the likeliest next ranges. No other mall: from 'Todas' no one
    // mall is more likely than the rest, and from one mall another needs its partitions downloaded.
    next: () => rangeSteps(span, base.today).map((n) => tenantsReport(base, { ...search, ...n })),
  });
  const split = useMemo(() => splitByCurrency(r.data), [r.data]);
  const tableColumns = useCallback((cur: Currency) => tenantColumns(cur, setDrill), []);
  const noData = !!r.data && !r.pending && r.data.length === 0;
  const [warned, setWarned] = useState<string | null>(null);
  const rangeKey = `${span.start}:${span.end}:${search.mall}`;
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
        start={span.start}
        end={span.end}
        today={base.today}
        error={rangeError}
        onError={setRangeError}
        onChange={(start, end) => props.onChange({ start, end })}
      />
    </>
  );
  return (
    <ReportFrame
      filters={filters}
      progress={r.progress}
      pending={r.pending}
      failed={!!r.error}
      headline={{
        id: "m2-total",
        title: `Venta m2 del ${formatDate(span.start)} al ${formatDate(span.end)}`,
        value: formatMoney(split.PEN.total?.venta_m2),
        detail: `Ventas ${formatMoney(split.PEN.total?.ventas)}${
          split.USD.total
            ? ` · contratos en dólares ${formatMoney(split.USD.total.ventas, "$")} (aparte)`
            : ""
        }`,
      }}
      warning={noData && warned !== rangeKey
        ? { message: "El mes seleccionado no tiene data registrada." }
        : null}
      onWarningClose={() => setWarned(rangeKey)}
    >
      <CurrencyTables title={TITLE} columns={tableColumns} data={r.data} loading={!r.data} />
      <ContractDays
        drill={drill}
        span={span}
        partitions={partitions}
        today={base.today}
        onHide={() => setDrill(null)}
      />
    </ReportFrame>
  );
}

const cDay = columnsOf<DayRow>();

/** The drill-down of a contract: its sales per day, with the same export. */
function ContractDays(props: {
  drill: TenantRow | null;
  span: Span;
  partitions: string[];
  today: string;
  onHide: () => void;
}) {
  const { drill, span } = props;
  const r = useReport({
    key: ["m2-days", props.today, span.start, span.end, drill?.contract_id],
    partitions: props.partitions,
    enabled: !!drill,
    statements: { rows: contractDaysSql(span, drill?.contract_id ?? 0) },
    select: (x) => x.rows,
  });
  const cur = drill?.moneda === "USD" ? "$" : "S/";
  const columns = useMemo(() => [
    cDay.mapped("fecha", "Fecha", (v) => (v === "Total" ? "Total" : formatDate(v))),
    cDay.money("ventas", `Ventas (${cur})`, cur),
    cDay.integer("transacciones", "Transacciones"),
  ], [cur]);
  const total = useMemo((): DayRow | null => {
    if (!r.data || r.pending) return null;
    return {
      fecha: "Total",
      ventas: r.data.reduce((n, x) => n + x.ventas, 0),
      transacciones: r.data.reduce((n, x) => n + x.transacciones, 0),
    };
  }, [r.data, r.pending]);
  return (
    <Dialog
      header={`${drill?.contrato ?? ""} · ${drill?.denominacion ?? ""}`}
      visible={!!drill}
      onHide={props.onHide}
      style={{ width: "40rem" }}
    >
      <PivotTable
        title={`Ventas por día ${drill?.contrato ?? ""}`}
        columns={columns}
        rows={r.pending ? undefined : r.data}
        totals={total}
        loading={r.pending}
        pageSize={8}
      />
    </Dialog>
  );
}
