// Reporte General de Ventas (/Reportes/GeneralVentas): the closings of a range, sortable by any column, paged,
// exported to Excel, a contract's closings in a drill-down. The main report is the totals per currency (their
// count gives the pages); the page of closings is the view's own report, after them.

import { useState } from "react";
import { engine } from "../../analytics/browser.ts";
import { useReport } from "../../analytics/use-report.ts";
import { DownloadButton } from "../../components/data-table/download-button.tsx";
import { Pager } from "../../components/data-table/pager.tsx";
import { formatDate, formatInteger, formatMoney } from "../../lib/format.ts";
import type { Base } from "../shared/base.ts";
import { parts, type Span } from "../shared/dates.ts";
import { downloadWorkbook, yieldToPage } from "../shared/excel-off-thread.ts";
import { RangeFilter } from "../shared/controls.tsx";
import { rangeSteps } from "../shared/next.ts";
import { sameYearRange } from "../shared/range-search.ts";
import { defineReport, type ReportContext, ReportScreen, useViewReports } from "../shared/report-screen.tsx";
import { useSlowPending } from "../shared/report-states.tsx";
import { ClosingsTable } from "./closings-table.tsx";
import type { ClosingColumn, ClosingRow } from "./columns.ts";
import { ContractClosings, type Drill } from "./contract-closings.tsx";
import { useDrill } from "../shared/drill-dialog.tsx";
import { COLUMNS, EXCEL_FORMATS, excelCell, totalCells } from "./listing.ts";
import { gvPartitions, pageSql, type Sort, type TotalRow, totalsSql } from "./report.ts";
import type { GeneralVentasSearch } from "./search.ts";

const PAGE_SIZE = 8;
/** Rows read per query while exporting: the page paints between chunks. */
const EXPORT_CHUNK = 10_000;

/** The filters of the screen: the URL's, the range defaulted. */
interface Filters extends Span {
  sort: Sort | null;
  page: number;
}

/** The URL's range when valid (within one year, from MIN_DATE to today), else the 1st of the month to today. */
const rangeOf = (s: GeneralVentasSearch, today: string): Span =>
  sameYearRange(s.desde, s.hasta, today, { start: `${today.slice(0, 8)}01`, end: today });

const partitionsOf = (base: Base, span: Span) => gvPartitions(base.mallIds, parts(span.start)[0]);

/** The totals per currency of a range (their count gives the pages). */
const totalsReport = (base: Base, f: Span) => ({
  name: "gv-totals",
  partitions: partitionsOf(base, f),
  statements: { totals: totalsSql({ start: f.start, end: f.end }) },
  select: (r: { totals: TotalRow[] }) => r.totals,
});

/** A page of a range's listing in its order (`at.page` already within the pages). */
const pageReport = (base: Base, at: Filters) => ({
  name: "gv-page",
  partitions: partitionsOf(base, at),
  statements: { rows: pageSql(at, at.sort, (at.page - 1) * PAGE_SIZE, PAGE_SIZE) },
  select: (r: { rows: ClosingRow[] }) => r.rows,
});

/** The closings of the range (every currency's). */
const countOf = (totals: TotalRow[] | undefined) => totals?.reduce((n, t) => n + t.closings, 0) ?? 0;

export const generalVentas = defineReport({
  filters: (base: Base, s: GeneralVentasSearch): Filters => ({
    ...rangeOf(s, base.today),
    sort: s.orden ? { column: s.orden, desc: s.desc } : null,
    page: s.pagina,
  }),
  // The order is two params, cleared together; another range starts at its first page.
  toUrl: (n) => ({
    ...(n.start ? { desde: n.start, hasta: n.end, pagina: 1 } : {}),
    ...(n.sort !== undefined ? { orden: n.sort?.column, desc: n.sort?.desc ?? false } : {}),
    ...(n.page !== undefined ? { pagina: n.page } : {}),
  }),
  // Not the page: it runs after the totals (its page number is bounded by their count).
  report: totalsReport,
  // The same range a month later and earlier, back to page 1 (the order kept): the ranges a person most
  // likely reads after this one.
  next: (base, f) => rangeSteps(f, base.today).map((s) => ({ ...s, page: 1 })),
  controls: (b) => <RangeFilter {...b} last={b.base.today} />,
  headline: (totals, f) => ({
    id: "gv-total",
    title: `Ventas del ${formatDate(f.start)} al ${formatDate(f.end)}`,
    value: formatMoney(totals?.find((t) => t.moneda !== "USD")?.monto ?? 0),
    detail: [
      `${formatInteger(countOf(totals))} cierres`,
      ...(totals ?? []).filter((t) => t.moneda === "USD").map((t) =>
        `contratos en dólares: ${formatMoney(t.monto, "$")} (no sumados)`
      ),
    ].join(" · "),
  }),
  View: (ctx) => <GeneralVentasView {...ctx} />,
});

/** /Reportes/GeneralVentas. */
export const GeneralVentasPage = () => <ReportScreen report={generalVentas} />;

function GeneralVentasView(props: ReportContext<GeneralVentasSearch, Filters, TotalRow[]>) {
  const { title, base, filters: f, report: totals, change } = props;
  const span = { start: f.start, end: f.end };
  const partitions = partitionsOf(base, span);
  const count = countOf(totals.data);
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  const page = Math.min(Math.max(1, f.page), pages);
  const rows = useReport({
    ...pageReport(base, { ...f, page }),
    after: totals,
    // The next page first (the pager's one click), then the moved ranges' first page. No one column is a
    // likely next sort.
    next: () =>
      [...(page < pages ? [{ ...f, page: page + 1 }] : []), ...props.ahead()].map((n) => pageReport(base, n)),
  });
  const [exporting, setExporting] = useState<{ done: number } | null>(null);
  const drill = useDrill<Drill>();

  const download = async () => {
    setExporting({ done: 0 });
    try {
      const out: (string | number | null)[][] = [];
      for (let offset = 0; offset < count; offset += EXPORT_CHUNK) {
        const r = await engine.run({
          partitions,
          statements: { rows: pageSql(span, f.sort, offset, EXPORT_CHUNK) },
          keep: false,
        });
        for (const row of r.rows.rows) out.push(COLUMNS.map((c) => excelCell(c, row)));
        setExporting({ done: out.length });
        await yieldToPage();
      }
      for (const t of totals.data ?? []) {
        const cells = totalCells(t);
        out.push(COLUMNS.map((c) => cells[c.key] ?? null));
      }
      await downloadWorkbook(title, {
        header: COLUMNS.map((c) => c.header),
        rows: out,
        formats: COLUMNS.map((c) => EXCEL_FORMATS[c.kind]),
      });
    } finally {
      setExporting(null);
    }
  };

  const sortBy = (column: ClosingColumn) => {
    const cur = f.sort;
    // asc → desc → unsorted, as the other tables of the portal.
    const next = cur?.column !== column ? { column, desc: false } : cur.desc ? null : { column, desc: true };
    change({ sort: next, page: 1 });
  };

  const loading = !rows.data || !totals.data;
  const stale = useSlowPending(rows.pending);
  useViewReports(props, [rows]);
  return (
    <>
      <div className="card">
        <section className="dt" aria-label={title}>
          <div className="dt-toolbar">
            <strong>{title}</strong>
            <div className="dt-actions">
              <DownloadButton
                name={title}
                loading={!!exporting}
                progress={exporting &&
                  (exporting.done < count
                    ? `Exportando… ${formatInteger(exporting.done)} de ${formatInteger(count)} filas`
                    : `Exportando… escribiendo ${formatInteger(count)} filas en Excel`)}
                disabled={loading || count === 0}
                onClick={download}
              />
            </div>
          </div>
          <div className={`dt-scroll ${stale ? "report-stale" : ""}`}>
            <ClosingsTable
              title={title}
              rows={rows.data}
              totals={totals.data}
              loading={loading}
              sort={f.sort}
              onSort={sortBy}
              onDrill={drill.show}
            />
          </div>
          {count > PAGE_SIZE && (
            <Pager
              page={page}
              pageSize={PAGE_SIZE}
              total={count}
              onPage={(p) => change({ page: p })}
            />
          )}
        </section>
      </div>
      <ContractClosings drill={drill} span={span} partitions={partitions} today={base.today} />
    </>
  );
}
