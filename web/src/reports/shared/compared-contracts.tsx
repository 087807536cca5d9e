// The drill-down of a compared figure (a category's, a mall's or the total's): the contracts that make it up
// with their sales in both periods, their variation and their area, in a dialog with the same export.

import { useMemo } from "react";
import type { Statement } from "../../analytics/connector.ts";
import { columnsOf } from "../../components/data-table/columns.ts";
import { DrillDialog } from "./drill-dialog.tsx";

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

export function ComparedContracts(props: {
  /** Dialog header and export title; null hides the dialog. */
  title: string | null;
  /** Identifies the figures (the screen's filters and the figure clicked). */
  reportKey: readonly unknown[];
  partitions: readonly string[];
  statement: Statement<ComparedContract>;
  year: number;
  comparisonYear: number;
  m2?: boolean;
  onHide: () => void;
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
      header={props.title ?? ""}
      title={props.title ?? "Contratos"}
      open={!!props.title}
      onHide={props.onHide}
      width="56rem"
      pageSize={8}
      columns={columns}
      report={{
        key: ["compared-contracts", ...props.reportKey],
        partitions: props.partitions,
        statements: { rows: props.statement },
        select: (x) => ({
          rows: x.rows.filter((row) => !row.is_total),
          total: x.rows.find((row) => row.is_total) ?? null,
        }),
      }}
    />
  );
}
