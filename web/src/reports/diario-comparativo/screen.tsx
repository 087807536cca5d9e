// Diario Comparativo: per CeBe, a range of one year against the same days of the comparison year, a table
// per currency; a row's or a total's 'Contratos' opens the contracts behind it (the shared drill-down).

import { useCallback, useMemo } from "react";
import { type Column, columnsOf } from "../../components/data-table/columns.ts";
import { type Currency, formatDate, formatMoney, formatPercent } from "../../lib/format.ts";
import { type Base, mallsOf } from "../shared/base.ts";
import { CurrencyTables } from "../shared/currency.tsx";
import { addDays } from "../shared/dates.ts";
import { DrillDialog, rowsWithTotal, totalDrillButton, useDrill } from "../shared/drill-dialog.tsx";
import {
  ComparisonYearFilter,
  InflationSwitch,
  MallFilter,
  RangeFilter,
  SssSwitch,
} from "../shared/controls.tsx";
import { splitByCurrency } from "../shared/money.ts";
import { rangeSteps } from "../shared/next.ts";
import { rangeOf } from "../shared/range-search.ts";
import {
  comparisonWithoutSales,
  defineReport,
  type ReportContext,
  ReportScreen,
} from "../shared/report-screen.tsx";
import { dollarsApart } from "../shared/usd-note.tsx";
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
import type { DiarioSearch } from "./search.ts";

/** The filters of the screen: the URL's, the range and the comparison year defaulted. */
interface Filters {
  mall: number;
  inflation: boolean;
  sss: boolean;
  start: string;
  end: string;
  comparisonYear: number;
}

/** What a drill-down opens: a CeBe's contracts (or the total's, cebe null) in one currency. */
interface Drill {
  cebe: string | null;
  moneda: string;
  label: string;
}

const filtersOf = (base: Base, s: DiarioSearch): Filters => ({
  ...rangeOf(base.today, s.desde, s.hasta),
  mall: s.mall,
  inflation: s.inflacion,
  sss: s.sss,
  comparisonYear: s.anioComparativo ?? base.comparisonYear,
});

/** The filters report.ts reads. */
const dcFilters = (f: Filters): DcFilters => ({ ...f, range: { start: f.start, end: f.end } });

/** A mall's partitions, or all malls' with mall 0 ('Todas'). */
const partitionsOf = (base: Base, f: DcFilters) => dcPartitions(mallsOf(base, f.mall), f);

/** The table of a mall's CeBes (all malls' with mall 0) over a range against the comparison year. */
const tableReport = (base: Base, filters: Filters) => {
  const f = dcFilters(filters);
  return {
    name: "dc",
    partitions: partitionsOf(base, f),
    statements: { rows: diarioSql(f) },
    select: (x: { rows: DcRow[] }) => x.rows,
  };
};

/** /Reportes/DiarioComparativoVentas: per CeBe, a range of one year against the same days of another. */
export const diarioComparativo = defineReport({
  filters: filtersOf,
  urlNames: { inflation: "inflacion", start: "desde", end: "hasta", comparisonYear: "anioComparativo" },
  prefetch: (b, s) => {
    const r = rangeOf(b.today, s.desde, s.hasta);
    return dcPartitions([s.mall || 3], {
      mall: s.mall,
      inflation: false,
      sss: false,
      range: r,
      comparisonYear: s.anioComparativo ?? Number(r.start.slice(0, 4)) - 1,
    });
  },
  report: tableReport,
  // Most likely first and at most three (each costs an idle computation): each switch flipped (one click,
  // the same partitions), then the range moved a month (several clicks in the calendar). Not the comparison
  // year: a dropdown's pick, less likely than these, past the three.
  next: (base, f) =>
    [
      { inflation: !f.inflation },
      { sss: !f.sss },
      ...rangeSteps(f, base.today),
    ].slice(0, 3),
  noData: (data, f, base) =>
    comparisonWithoutSales(base, f.comparisonYear) ?? (data.length ? null : { period: "month" }),
  controls: (b) => (
    <>
      <MallFilter {...b} all />
      <InflationSwitch {...b} />
      <SssSwitch {...b} />
      <RangeFilter {...b} last={addDays(b.base.today, -1)} />
      <ComparisonYearFilter {...b} />
    </>
  ),
  headline: (data, f) => {
    const split = splitByCurrency(data), pen = split.PEN.total;
    return {
      id: "dc-total",
      title: `Ventas del ${formatDate(f.start)} al ${formatDate(f.end)}`,
      value: formatMoney(pen?.ventas_act),
      detail: `${f.comparisonYear}: ${formatMoney(pen?.ventas_cmp)} · ${
        formatPercent(pen?.cumplimiento_ventas)
      }${dollarsApart(split.USD.total, (t) => t.ventas_act)}`,
    };
  },
  View: (ctx) => <DiarioComparativoView {...ctx} />,
});

export const DiarioComparativoPage = () => <ReportScreen report={diarioComparativo} />;

const c = columnsOf<DcRow>();
function columns(
  year: number,
  comparisonYear: number,
  cur: Currency,
  onDrill: (d: Drill) => void,
): Column<DcRow>[] {
  return [
    c.text("categoria", "CeBe"),
    c.money("ventas_act", `Ventas ${year}`, cur),
    c.money("ventas_cmp", `Ventas ${comparisonYear}`, cur),
    c.percent("cumplimiento_ventas", "Cumplimiento Ventas %"),
    c.area("superf_vta_act", `Área ${year} m2`),
    c.area("superf_vta_cmp", `Área ${comparisonYear} m2`),
    c.money("vta_m2_act", `Venta m2 ${year}`, cur),
    c.money("vta_m2_cmp", `Venta m2 ${comparisonYear}`, cur),
    c.percent("cumplimiento_ventas_m2", "Cumplimiento m2 %"),
    c.button("contratos", "Contratos", {
      icon: "pi pi-list",
      name: (r) => `Contratos de ${r.categoria}`,
      onClick: (r) => onDrill({ cebe: r.cebe_code, moneda: r.moneda, label: r.categoria }),
    }),
  ];
}

function DiarioComparativoView(props: ReportContext<DiarioSearch, Filters, DcRow[]>) {
  const { title, base, filters: f, report: r } = props;
  const year = Number(f.start.slice(0, 4));
  const drill = useDrill<Drill>();
  const tableColumns = useCallback(
    (cur: Currency) => columns(year, f.comparisonYear, cur, drill.show),
    [year, f.comparisonYear],
  );
  const hasData = !!r.data;
  // Memoized: a new element each render would draw the memoized tables again while the figures compute.
  const actions = useMemo(() => {
    const total = (moneda: string, label: string) =>
      totalDrillButton({
        disabled: !hasData,
        ariaLabel: `Contratos del total ${label}`,
        onClick: () => drill.show({ cebe: null, moneda, label }),
      });
    return { PEN: total("PEN", "S/"), USD: total("USD", "$") };
  }, [hasData]);
  return (
    <>
      <CurrencyTables
        title={title}
        columns={tableColumns}
        data={r.data}
        loading={!r.data}
        actions={actions}
      />
      <DrillDialog
        drill={drill}
        header={(d) => `Contratos · ${d.cebe ? d.label : `Total ${d.label}`}`}
        title={(d) => `Contratos ${d.label}`}
        width="56rem"
        columns={(d) => contractColumns(dcFilters(f), d.moneda === "USD" ? "$" : "S/")}
        report={(d) => contractsReport(base, dcFilters(f), d)}
      />
    </>
  );
}

const cc = columnsOf<DcContractRow>();
/** The columns of the contracts behind a row or a total, in its currency. */
const contractColumns = (f: DcFilters, cur: Currency) => [
  cc.text("contrato", "Contrato"),
  cc.text("denominacion", "Denominación"),
  cc.text("categoria", "CeBe"),
  cc.money("ventas_act", `Ventas ${reportYear(f)}`, cur),
  cc.money("ventas_cmp", `Ventas ${f.comparisonYear}`, cur),
  cc.area("superf_vta_act", `Área ${reportYear(f)} m2`),
  cc.area("superf_vta_cmp", `Área ${f.comparisonYear} m2`),
];

/** The contracts behind a row or a total, with their figures and the same export. */
const contractsReport = (base: Base, f: DcFilters, d: Drill) => ({
  name: "dc-contracts",
  partitions: partitionsOf(base, f),
  statements: { rows: contractsSql(f, d.cebe, d.moneda), total: contractsTotalSql(f, d.cebe, d.moneda) },
  select: rowsWithTotal<DcContractRow>,
});
