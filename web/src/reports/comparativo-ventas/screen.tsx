// Comparativo de Ventas: per group of similar contracts, each mall's figures of a range against the same
// days of the year before; a group's or the total's 'Contratos' opens the contracts (the shared drill-down).

import { useMemo } from "react";
import { type Column, columnsOf } from "../../components/data-table/columns.ts";
import { formatDate, formatMoney } from "../../lib/format.ts";
import type { Base } from "../shared/base.ts";
import { addDays } from "../shared/dates.ts";
import { contractsDrill, DrillDialog, rowsWithTotal, useDrill } from "../shared/drill-dialog.tsx";
import { MallFilter, RangeFilter } from "../shared/controls.tsx";
import { symbolOf } from "../shared/money.ts";
import { rangeSteps } from "../shared/next.ts";
import { TotalsTable } from "../shared/totals-table.tsx";
import { rangeOf } from "../shared/range-search.ts";
import { defineReport, type ReportContext, ReportScreen } from "../shared/report-screen.tsx";
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
import type { ComparativoSearch } from "./search.ts";

/** The filters of the screen: the URL's, the range defaulted to the month of yesterday. */
interface Filters {
  mall: number;
  start: string;
  end: string;
}

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
      render: (row, v) => (v == null ? "" : formatMoney(v, symbolOf(row[moneda]))),
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
        c.mapped(`${l}_moneda`, `${code} Moneda`, (v) => (v ? symbolOf(v) : "")),
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

/** The filters report.ts reads. */
const cvFilters = (f: Filters): CvFilters => ({ mall: f.mall, range: { start: f.start, end: f.end } });

/** Every mall's partitions, as the mall filters rows only. */
const partitionsOf = (base: Base, f: Filters) => cvPartitions(base.mallIds, f);

/** /Reportes/ComparativoVentas: per group of similar contracts, each mall's figures of a range. */
export const comparativoVentas = defineReport({
  filters: (base: Base, s: ComparativoSearch): Filters => ({
    mall: s.mall,
    ...rangeOf(base.today, s.desde, s.hasta),
  }),
  urlNames: { start: "desde", end: "hasta" },
  report: (base, f) => ({
    name: "cv",
    partitions: partitionsOf(base, f),
    statements: { rows: comparativoSql(cvFilters(f)) },
    select: (x: { rows: CvRow[] }) => x.rows,
  }),
  // The range is the only period filter: next, the range a month on, then a month back. Not another mall:
  // among several, none is the likely next one.
  next: (base, f) => rangeSteps(f, base.today),
  noData: (data) => {
    const sold = data.some((x) =>
      x.is_total === 0 && CV_MALLS.some(
        ({ code }) => Number(x[`${code.toLowerCase() as Lowercase<typeof code>}_ventas`] ?? 0) > 0,
      )
    );
    return sold ? null : { period: "month" };
  },
  controls: (b) => (
    <>
      <MallFilter {...b} all />
      <RangeFilter {...b} last={addDays(b.base.today, -1)} />
    </>
  ),
  headline: (data, f) => {
    const prev = previousOf(f);
    return {
      id: "cv-range",
      title: `Del ${formatDate(f.start)} al ${formatDate(f.end)}`,
      value: `${data?.filter((x) => !x.is_total).length ?? 0} grupos`,
      detail: `Var % contra el ${formatDate(prev.start)} al ${
        formatDate(prev.end)
      }; el total suma solo contratos en soles`,
    };
  },
  View: (ctx) => <ComparativoVentasView {...ctx} />,
});

export const ComparativoVentasPage = () => <ReportScreen report={comparativoVentas} />;

function ComparativoVentasView(props: ReportContext<ComparativoSearch, Filters, CvRow[]>) {
  const { title, base, filters: f, report: r } = props;
  const drill = useDrill({ total: { group: 0, label: "Total" }, ready: !!r.data });
  const cols = useMemo(() => columns((group, label) => drill.show({ group, label })), []);
  return (
    <>
      <TotalsTable title={title} columns={cols} data={r.data} actions={drill.actions} />
      <DrillDialog
        {...contractsDrill(drill, (d) => d.label)}
        width="60rem"
        columns={contractColumns}
        report={(d) => contractsReport(base, f, d.group)}
      />
    </>
  );
}

const cc = columnsOf<CvContractRow>();
const contractColumns: Column<CvContractRow>[] = [
  cc.integer("grupo", "Grupo"),
  cc.text("mall", "Mall"),
  cc.text("contrato", "Contrato"),
  cc.text("denominacion", "Denominación"),
  cc.mapped("moneda", "Moneda", symbolOf),
  cc.number("ventas", "Ventas"),
  cc.number("ventas_anterior", "Ventas año anterior"),
  cc.area("m2", "m2"),
  cc.integer("transacciones", "Transacciones"),
  cc.number("ticket", "Ticket Prom"),
  cc.percent("var_pct", "Var %"),
];

/** The contracts behind a group's row, or behind the totals (every group's), with the same export. */
const contractsReport = (base: Base, f: Filters, group: number) => ({
  name: "cv-contracts",
  partitions: partitionsOf(base, f),
  statements: { rows: contractsSql(cvFilters(f), group), total: contractsTotalSql(cvFilters(f), group) },
  select: rowsWithTotal<CvContractRow>,
});
