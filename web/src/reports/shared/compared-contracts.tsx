// The drill-down of a compared figure (a category's, a mall's or the total's): the contracts that make it up
// with their sales in both periods, their variation and their area, in a dialog with the same export.

import { useMemo } from "react";
import type { Statement } from "../../analytics/connector.ts";
import { type Column, columnsOf } from "../../components/data-table/columns.ts";
import type { Base } from "./base.ts";
import { contractsColumn, DrillDialog, useDrill } from "./drill-dialog.tsx";
import type { ReportContext } from "./report-screen.tsx";
import { SolesTable } from "./soles-table.tsx";
import type { UsdFigures, withUsd } from "./usd-note.tsx";

/** A contract's compared figures (COMPARED in sql.ts), or their total (is_total 1). */
export interface ComparedContract {
  is_total: number;
  contract_id: number;
  contrato: string;
  denominacion: string;
  area: number | null;
  act: number | null;
  cmp: number | null;
  diff: number | null;
  pct: number | null;
  act_m2: number | null;
  cmp_m2: number | null;
}

const c = columnsOf<ComparedContract>();

/** The figures of a compared row: the sales of both periods, their difference and its percent. */
interface Compared {
  act: number | null;
  cmp: number | null;
  diff: number | null;
  pct: number | null;
}

/**
 * The compared figures' columns: 'Venta {year}', 'Venta {comparisonYear}', 'Diferencia S/', 'Var %' (or
 * `pct`'s header); with `m2`, the figures per m2 (`act_m2` …), headed 'Venta m2 {year}' where `m2` is "named".
 */
export const comparedColumns = <R extends Compared>(
  cr: ReturnType<typeof columnsOf<R>>,
  year: number | string,
  comparisonYear: number | string,
  o: { m2?: boolean | "named"; pct?: string } = {},
) => {
  const k = (name: keyof Compared) => (o.m2 ? `${name}_m2` : name) as keyof R & string;
  const sales = o.m2 === "named" ? "Venta m2" : "Venta";
  return [
    cr.money(k("act"), `${sales} ${year}`),
    cr.money(k("cmp"), `${sales} ${comparisonYear}`),
    cr.money(k("diff"), "Diferencia S/"),
    cr.percent(k("pct"), o.pct ?? "Var %"),
  ];
};

/** The contracts behind a figure: their report's partitions and statement. */
interface FigureContracts {
  partitions: readonly string[];
  statement: Statement<ComparedContract>;
}

export function ComparedContracts(props: {
  drill: { open: NamedFigure | null; close: () => void };
  /** The contracts of a figure: their report's partitions and statement. */
  contracts: (d: NamedFigure) => FigureContracts;
  year: number;
  comparisonYear: number;
  m2?: boolean;
}) {
  const { year, comparisonYear, m2 } = props;
  const columns = useMemo(() => [
    c.text("contrato", "Contrato"),
    c.text("denominacion", "Denominación"),
    c.area("area", "Área m2"),
    c.money(m2 ? "act_m2" : "act", m2 ? `Venta m2 ${year}` : `Venta ${year}`),
    c.money(m2 ? "cmp_m2" : "cmp", m2 ? `Venta m2 ${comparisonYear}` : `Venta ${comparisonYear}`),
    c.money("diff", "Diferencia S/"),
    c.percent("pct", "Var %"),
  ], [year, comparisonYear, m2]);
  return (
    <DrillDialog
      drill={props.drill}
      header={(d) => `Contratos · ${d.name}`}
      title={(d) => `Contratos · ${d.name}`}
      width="56rem"
      pageSize={8}
      columns={columns}
      report={(d) => {
        const c = props.contracts(d);
        return {
          name: "compared-contracts",
          partitions: c.partitions,
          statements: { rows: c.statement },
          select: (x: { rows: ComparedContract[] }) => ({
            rows: x.rows.filter((row) => !row.is_total),
            total: x.rows.find((row) => row.is_total) ?? null,
          }),
        };
      }}
    />
  );
}

/** A figure whose contracts a drill-down opens: a row's group (0 the total) and its name. */
export interface NamedFigure {
  id: number;
  name: string;
}

/** A soles report's rows split by withUsd. */
type SolesData<R extends { is_total: number } & UsdFigures> = ReturnType<typeof withUsd<R>>;

/**
 * The view of a soles table whose rows' and total's 'Contratos' open the compared contracts behind them
 * (Ventas por Día, Ventas por Categoría): the report declares its columns, the figure of a row and the
 * statement of a figure's contracts; the view draws the table, its dollar note, the buttons and the dialog.
 */
export function comparedSolesView<S, F, R extends { is_total: number } & UsdFigures>(o: {
  /** The dollar note's data-testid. */
  testId: string;
  years: (f: F) => { year: number; comparisonYear: number };
  /** The table's columns, `contracts` (the rows' 'Contratos') among them; drawn again as the filters change. */
  columns: (f: F, contracts: Column<R>) => Column<R>[];
  /** The figure of a row. */
  figure: (row: R) => NamedFigure;
  /** The contracts of a figure (id 0: the total's): their report's partitions and statement. */
  contracts: (base: Base, f: F, id: number) => FigureContracts;
  /** The figures per m2. */
  m2?: (f: F) => boolean;
}) {
  const cr = columnsOf<R>();
  return function ComparedSolesView(props: ReportContext<S, F, SolesData<R>>) {
    const { base, filters: f, report: r } = props;
    const drill = useDrill<NamedFigure>({
      total: { id: 0, name: "Total" },
      ready: !!r.data?.total,
      icon: false,
    });
    const { year, comparisonYear } = o.years(f);
    const columns = useMemo(
      () =>
        o.columns(f, contractsColumn(cr, (row) => o.figure(row).name, (row) => drill.show(o.figure(row)))),
      [f],
    );
    return (
      <>
        <SolesTable
          title={props.title}
          columns={columns}
          data={r.data}
          actions={drill.actions}
          year={year}
          comparisonYear={comparisonYear}
          testId={o.testId}
        />
        <ComparedContracts
          drill={drill}
          contracts={(d) => o.contracts(base, f, d.id)}
          year={year}
          comparisonYear={comparisonYear}
          m2={o.m2?.(f)}
        />
      </>
    );
  };
}
