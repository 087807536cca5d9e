// The closings behind a cell of the explorer: its daily rows of the range (and of the compared days), in a
// dialog with their own Excel export.

import { useMemo } from "react";
import type { ExplorerState } from "#contract/explorer.ts";
import { useReport } from "../../analytics/use-report.ts";
import { columnsOf } from "../../components/data-table/columns.ts";
import { DialogFrame } from "../../components/dialogs/dialog-frame.tsx";
import { PivotTable } from "../shared/pivot-table.tsx";
import { type Cell, DRILL_CUT, DRILL_LIMIT, type DrillRow, drillSql } from "./sql.ts";

const c = columnsOf<DrillRow>();

export function DrillDialog(props: {
  title: string | null;
  slice: ExplorerState;
  cell: Cell | null;
  partitions: readonly string[];
  onHide: () => void;
}) {
  const open = !!props.title && !!props.cell;
  const r = useReport({
    name: "explorer-drill",
    partitions: props.partitions,
    enabled: open,
    statements: { rows: drillSql(props.slice, props.cell ?? {}) },
    select: (x) => x.rows,
  });
  const columns = useMemo(() => [
    c.date("dia", "Día"),
    c.text("mall", "Mall"),
    c.text("contrato", "Contrato"),
    c.text("denominacion", "Denominación"),
    c.text("moneda", "Moneda"),
    c.rowMoney("monto", "Monto", (row) => (row.moneda === "$" ? "$" : "S/")),
    c.integer("transacciones", "Transacciones"),
  ], []);
  const loading = r.pending || !r.data;
  return (
    <DialogFrame header={props.title ?? ""} visible={open} onClose={props.onHide} width="60rem">
      <PivotTable
        title={props.title ?? "Cierres"}
        columns={columns}
        rows={loading ? undefined : r.data}
        loading={loading}
        pageSize={10}
      />
      {r.data && r.data.length >= DRILL_LIMIT && <p className="muted" role="note">{DRILL_CUT}</p>}
    </DialogFrame>
  );
}
