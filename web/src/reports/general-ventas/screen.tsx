import { getRouteApi } from "@tanstack/react-router";
import { Dialog } from "primereact/dialog";
import { useMemo, useState } from "react";
import type { QueryClient } from "@tanstack/react-query";
import { engine } from "../../analytics/browser.ts";
import { startReport, useReport } from "../../analytics/use-report.ts";
import { columnsOf } from "../../components/data-table/columns.ts";
import { DownloadButton } from "../../components/data-table/download-button.tsx";
import { Pager } from "../../components/data-table/pager.tsx";
import { MessageRow } from "../../components/data-table/parts.tsx";
import { RowButton } from "../../components/data-table/row-button.tsx";
import { type Currency, formatArea, formatDate, formatInteger, formatMoney } from "../../lib/format.ts";
import { type Base, withBase } from "../shared/base.ts";
import { parts, type Span } from "../shared/dates.ts";
import { downloadWorkbook, yieldToPage } from "../shared/excel-off-thread.ts";
import { DateRange, MIN_DATE } from "../shared/filters.tsx";
import { ReportFrame, ReportPage } from "../shared/frame.tsx";
import { rangeSteps } from "../shared/next.ts";
import { useSlowPending } from "../shared/report-states.tsx";
import { PivotTable } from "../shared/pivot-table.tsx";
import type { ClosingColumn, ClosingRow } from "./columns.ts";
import { contractClosingsSql, gvPartitions, pageSql, type Sort, type TotalRow, totalsSql } from "./report.ts";
import { startsOnFilterChange } from "../shared/report-route.ts";
import { SCREENS } from "../../screens.ts";

const TITLE = SCREENS["/Reportes/GeneralVentas"].title;
const PAGE_SIZE = 8;
/** Rows read per query while exporting: the page paints between chunks. */
const EXPORT_CHUNK = 5_000;

export interface GvSearch {
  start: string;
  end: string;
  sort: Sort | null;
  page: number;
}

const symbol = (moneda: string | null | undefined): Currency => (moneda === "USD" ? "$" : "S/");

type Kind = "text" | "date" | "money" | "integer" | "area";
interface ListColumn {
  key: ClosingColumn;
  header: string;
  kind: Kind;
}

/** The spec's columns, in its order. */
export const COLUMNS: ListColumn[] = [
  { key: "sociedad", header: "Sociedad", kind: "text" },
  { key: "mall", header: "Mall", kind: "text" },
  { key: "contrato", header: "Contrato", kind: "text" },
  { key: "contrato_antiguo", header: "Contrato antiguo", kind: "text" },
  { key: "denominacion", header: "Denominación Contrato", kind: "text" },
  { key: "moneda", header: "Moneda", kind: "text" },
  { key: "cebe", header: "CeBe", kind: "text" },
  { key: "denom_cebe", header: "Denom CeBe", kind: "text" },
  { key: "tipo_vta", header: "Tipo Vta", kind: "text" },
  { key: "denom_tipo_vta", header: "Denom Tipo Vta", kind: "text" },
  { key: "periodo", header: "Periodo", kind: "text" },
  { key: "fecha_vta", header: "Fecha Vta", kind: "date" },
  { key: "monto", header: "Monto (S/Igv)", kind: "money" },
  { key: "transacciones", header: "Transacciones", kind: "integer" },
  { key: "fecha_registro", header: "Fecha Registro", kind: "date" },
  { key: "hora", header: "Hora", kind: "text" },
  { key: "fecha_modificacion", header: "Fecha Modificación", kind: "date" },
  { key: "area", header: "Área m2", kind: "area" },
];

const EXCEL_FORMATS: Record<Kind, string | null> = {
  text: null,
  date: null,
  money: "#,##0.00",
  integer: "#,##0",
  area: "#,##0.0000",
};

/** The text of a cell (money with the symbol of the closing's currency). */
function cellText(c: ListColumn, r: ClosingRow): string {
  const v = r[c.key];
  switch (c.kind) {
    case "date":
      return formatDate(v);
    case "money":
      return formatMoney(v, symbol(r.moneda));
    case "integer":
      return formatInteger(v);
    case "area":
      return formatArea(v, "staff");
    default:
      return v == null ? "" : String(v);
  }
}

/** An exported cell: numbers as numbers, the rest as the screen writes it. */
function excelCell(c: ListColumn, r: ClosingRow): string | number | null {
  const v = r[c.key];
  if (c.kind === "money" || c.kind === "integer" || c.kind === "area") return v == null ? null : Number(v);
  return cellText(c, r);
}

/** The totals rows of the export and the screen: one per currency, named 'Total S/' and 'Total $'. */
function totalCells(t: TotalRow): Partial<Record<ClosingColumn, string | number>> {
  return {
    sociedad: `Total ${symbol(t.moneda)}`,
    moneda: t.moneda,
    monto: t.monto,
    transacciones: t.transacciones,
  };
}

const route = getRouteApi("/_app/Reportes/GeneralVentas");
type Search = ReturnType<typeof route.useSearch>;

/** Default range: the 1st of the month to today (spec). */
export function defaultRange(today: string) {
  return { start: `${today.slice(0, 8)}01`, end: today };
}

/** The URL's range when valid (within one year, from MIN_DATE to today), else the default one. */
const rangeOf = (s: Search, today: string): Span => {
  const ok = s.desde && s.hasta && s.desde <= s.hasta && s.desde.slice(0, 4) === s.hasta.slice(0, 4) &&
    s.desde >= MIN_DATE && s.hasta <= today;
  return ok ? { start: s.desde!, end: s.hasta! } : defaultRange(today);
};
const searchOf = (s: Search, base: Base): GvSearch => ({
  ...rangeOf(s, base.today),
  sort: s.orden ? { column: s.orden, desc: s.desc } : null,
  page: s.pagina,
});

/** /Reportes/GeneralVentas: the closings of a range, sortable by any column, paged and exported. */
export function GeneralVentasPage() {
  const s = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <ReportPage prefetch={(b) => gvPartitions(b.mallIds, parts(rangeOf(s, b.today).start)[0])}>
      {(base) => (
        <GeneralVentasScreen
          base={base}
          search={searchOf(s, base)}
          onChange={(n) =>
            navigate({
              replace: true,
              search: (old) => ({
                ...old,
                ...(n.start ? { desde: n.start, hasta: n.end } : {}),
                ...(n.sort !== undefined ? { orden: n.sort?.column, desc: n.sort?.desc ?? false } : {}),
                ...(n.page !== undefined ? { pagina: n.page } : {}),
              }),
            })}
        />
      )}
    </ReportPage>
  );
}

const partitionsOf = (base: Base, span: Span) =>
  gvPartitions(base.malls.map((m) => m.id), parts(span.start)[0]);

/** The totals per currency of a range (their count gives the pages). */
const totalsReport = (base: Base, span: Span) => ({
  key: ["gv-totals", base.today, span.start, span.end],
  partitions: partitionsOf(base, span),
  statements: { totals: totalsSql(span) },
  select: (r: { totals: TotalRow[] }) => r.totals,
});

/**
 * A filter change (the route's beforeLoad): the totals of the new range start before the screen is drawn. Not
 * the page: it runs after the totals (its page number is bounded by their count).
 */
const startGeneralVentas = (client: QueryClient, s: Search) =>
  withBase(client, (base) => {
    const f = searchOf(s, base);
    startReport(client, totalsReport(base, { start: f.start, end: f.end }));
  });
startsOnFilterChange(route, startGeneralVentas);

/** A page of a range's listing in its order (`at.page` already within the pages). */
const pageReport = (base: Base, at: GvSearch) => ({
  key: ["gv-page", base.today, at.start, at.end, at.sort?.column, at.sort?.desc, at.page],
  partitions: partitionsOf(base, at),
  statements: { rows: pageSql(at, at.sort, (at.page - 1) * PAGE_SIZE, PAGE_SIZE) },
  select: (r: { rows: ClosingRow[] }) => r.rows,
});

export function GeneralVentasScreen(
  props: { base: Base; search: GvSearch; onChange: (s: Partial<GvSearch>) => void },
) {
  const { base, search } = props;
  const span = { start: search.start, end: search.end };
  const partitions = partitionsOf(base, span);
  const [rangeError, setRangeError] = useState<string | null>(null);
  // The same range a month later and earlier: the ranges a person most likely reads after this one.
  const steps = () => rangeSteps(span, base.today);
  const totals = useReport({
    ...totalsReport(base, span),
    next: () => steps().map((s) => totalsReport(base, s)),
  });
  const count = totals.data?.reduce((n, t) => n + t.closings, 0) ?? 0;
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  const page = Math.min(Math.max(1, search.page), pages);
  const rows = useReport({
    ...pageReport(base, { ...search, page }),
    after: totals,
    // The next page first (the pager's one click), then the moved ranges' first page (a range change goes
    // back to page 1, the order kept). No one column is a likely next sort.
    next: () =>
      [
        ...(page < pages ? [{ ...search, page: page + 1 }] : []),
        ...steps().map((s) => ({ ...search, ...s, page: 1 })),
      ].map((n) => pageReport(base, n)),
  });
  const [exporting, setExporting] = useState(false);
  const [drill, setDrill] = useState<{ contrato: string; denominacion: string; moneda: string } | null>(null);

  const download = async () => {
    setExporting(true);
    try {
      const out: (string | number | null)[][] = [];
      for (let offset = 0; offset < count; offset += EXPORT_CHUNK) {
        const r = await engine.run({
          partitions,
          statements: { rows: pageSql(span, search.sort, offset, EXPORT_CHUNK) },
          keep: false,
        });
        for (const row of r.rows.rows) out.push(COLUMNS.map((c) => excelCell(c, row)));
        await yieldToPage();
      }
      for (const t of totals.data ?? []) {
        const cells = totalCells(t);
        out.push(COLUMNS.map((c) => cells[c.key] ?? null));
      }
      await downloadWorkbook(TITLE, {
        header: COLUMNS.map((c) => c.header),
        rows: out,
        formats: COLUMNS.map((c) => EXCEL_FORMATS[c.kind]),
      });
    } finally {
      setExporting(false);
    }
  };

  const sortBy = (column: ClosingColumn) => {
    const cur = search.sort;
    // asc → desc → unsorted, as the other tables of the portal.
    const next = cur?.column !== column ? { column, desc: false } : cur.desc ? null : { column, desc: true };
    props.onChange({ sort: next, page: 1 });
  };

  const filters = (
    <DateRange
      id="rango"
      start={span.start}
      end={span.end}
      today={base.today}
      error={rangeError}
      onError={setRangeError}
      onChange={(start, end) => props.onChange({ start, end, page: 1 })}
    />
  );
  const loading = !rows.data || !totals.data;
  const stale = useSlowPending(rows.pending);
  return (
    <ReportFrame
      filters={filters}
      progress={totals.progress}
      pending={totals.pending || rows.pending}
      failed={!!(totals.error || rows.error)}
      headline={{
        id: "gv-total",
        title: `Ventas del ${formatDate(span.start)} al ${formatDate(span.end)}`,
        value: formatMoney(totals.data?.find((t) => t.moneda !== "USD")?.monto ?? 0),
        detail: [
          `${formatInteger(count)} cierres`,
          ...(totals.data ?? []).filter((t) => t.moneda === "USD").map((t) =>
            `contratos en dólares: ${formatMoney(t.monto, "$")} (no sumados)`
          ),
        ].join(" · "),
      }}
    >
      <div className="card">
        <section className="dt" aria-label={TITLE}>
          <div className="dt-toolbar">
            <strong>{TITLE}</strong>
            <div className="dt-actions">
              <DownloadButton
                name={TITLE}
                loading={exporting}
                disabled={!!loading || count === 0}
                onClick={download}
              />
            </div>
          </div>
          <div className={`dt-scroll ${stale ? "report-stale" : ""}`}>
            <table className="dt-table">
              <caption className="sr-only">{TITLE}</caption>
              <thead>
                <tr>
                  {COLUMNS.map((c) => {
                    const sorted = search.sort?.column === c.key ? (search.sort.desc ? "desc" : "asc") : null;
                    const numeric = c.kind === "money" || c.kind === "integer" || c.kind === "area";
                    return (
                      <th
                        key={c.key}
                        scope="col"
                        className={numeric ? "num" : undefined}
                        aria-sort={sorted ? (sorted === "asc" ? "ascending" : "descending") : undefined}
                      >
                        <button type="button" className="dt-sort" onClick={() => sortBy(c.key)}>
                          {c.header}
                          <i
                            aria-hidden="true"
                            className={`pi ${
                              sorted === "asc"
                                ? "pi-sort-amount-up-alt"
                                : sorted === "desc"
                                ? "pi-sort-amount-down"
                                : "pi-sort-alt"
                            }`}
                          />
                        </button>
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {loading || rows.data!.length === 0
                  ? (
                    <MessageRow
                      colSpan={COLUMNS.length}
                      loading={loading}
                      empty="No se encontraron registros"
                    />
                  )
                  // Keyed by place on the page: another range, page or order shows other closings in the
                  // same rows, whose cells' text changes (their nodes were removed and made on each change).
                  : rows.data!.map((r, i) => (
                    <tr key={i} style={{ height: 40 }}>
                      {COLUMNS.map((c) => (
                        <td
                          key={c.key}
                          className={c.kind === "money" || c.kind === "integer" || c.kind === "area"
                            ? "num"
                            : undefined}
                        >
                          {c.key === "contrato"
                            ? (
                              <RowButton
                                link
                                label={r.contrato}
                                ariaLabel={`Cierres del contrato ${r.contrato}`}
                                onClick={() =>
                                  setDrill({
                                    contrato: r.contrato,
                                    denominacion: r.denominacion,
                                    moneda: r.moneda,
                                  })}
                              />
                            )
                            : cellText(c, r)}
                        </td>
                      ))}
                    </tr>
                  ))}
              </tbody>
              {!loading && count > 0 && (
                <tfoot>
                  {(totals.data ?? []).map((t) => {
                    const cells = totalCells(t);
                    return (
                      <tr key={t.moneda} className="dt-total">
                        {COLUMNS.map((c) => {
                          const v = cells[c.key];
                          const text = v == null
                            ? ""
                            : c.kind === "money"
                            ? formatMoney(v, symbol(t.moneda))
                            : c.kind === "integer"
                            ? formatInteger(v)
                            : String(v);
                          return (
                            <td key={c.key} className={typeof v === "number" ? "num" : undefined}>{text}</td>
                          );
                        })}
                      </tr>
                    );
                  })}
                </tfoot>
              )}
            </table>
          </div>
          {count > PAGE_SIZE && (
            <Pager
              page={page}
              pageSize={PAGE_SIZE}
              total={count}
              onPage={(p) => props.onChange({ page: p })}
            />
          )}
        </section>
      </div>
      <ContractClosings
        drill={drill}
        span={span}
        partitions={partitions}
        today={base.today}
        onHide={() => setDrill(null)}
      />
    </ReportFrame>
  );
}

const cDrill = columnsOf<ClosingRow>();

/** The drill-down of a row: every closing of its contract in the range, with the same export. */
function ContractClosings(props: {
  drill: { contrato: string; denominacion: string; moneda: string } | null;
  span: { start: string; end: string };
  partitions: string[];
  today: string;
  onHide: () => void;
}) {
  const { drill, span } = props;
  const r = useReport({
    key: ["gv-contract", props.today, span.start, span.end, drill?.contrato],
    partitions: props.partitions,
    enabled: !!drill,
    statements: { rows: contractClosingsSql(span, drill?.contrato ?? "X") },
    select: (x) => x.rows,
  });
  const cur = symbol(drill?.moneda);
  const columns = useMemo(() => [
    cDrill.mapped("fecha_vta", "Fecha Vta", (v) => (v === "Total" ? "Total" : formatDate(v))),
    cDrill.money("monto", "Monto (S/Igv)", cur),
    cDrill.integer("transacciones", "Transacciones"),
    cDrill.date("fecha_registro", "Fecha Registro"),
    cDrill.text("hora", "Hora"),
    cDrill.date("fecha_modificacion", "Fecha Modificación"),
  ], [cur]);
  const total = useMemo(() => {
    if (!r.data || r.pending) return null;
    const t = { fecha_vta: "Total", monto: 0, transacciones: 0 } as unknown as ClosingRow;
    for (const x of r.data) {
      t.monto += x.monto;
      t.transacciones += x.transacciones;
    }
    return t;
  }, [r.data, r.pending]);
  const title = `Cierres ${drill?.contrato ?? ""}`;
  return (
    <Dialog
      header={`${drill?.contrato ?? ""} · ${drill?.denominacion ?? ""}`}
      visible={!!drill}
      onHide={props.onHide}
      style={{ width: "52rem" }}
    >
      <PivotTable
        title={title}
        columns={columns}
        rows={r.pending ? undefined : r.data}
        totals={total}
        loading={r.pending}
        pageSize={8}
      />
    </Dialog>
  );
}
