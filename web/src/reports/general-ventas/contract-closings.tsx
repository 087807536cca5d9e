// Reporte General de Ventas' drill-down: a row's contract opens every closing of the contract in the range,
// with their total.

import { useMemo } from "react";
import { columnsOf } from "../../components/data-table/columns.ts";
import { formatDate } from "../../lib/format.ts";
import { DrillDialog } from "../shared/drill-dialog.tsx";
import type { ClosingRow } from "./columns.ts";
import { symbol } from "./listing.ts";
import { contractClosingsSql } from "./report.ts";

const cDrill = columnsOf<ClosingRow>();

export interface Drill {
  contrato: string;
  denominacion: string;
  moneda: string;
}

/** The drill-down of a row: every closing of its contract in the range. */
export function ContractClosings(props: {
  drill: Drill | null;
  span: { start: string; end: string };
  partitions: string[];
  today: string;
  onHide: () => void;
}) {
  const { drill, span } = props;
  const cur = symbol(drill?.moneda);
  const columns = useMemo(() => [
    cDrill.mapped("fecha_vta", "Fecha Vta", (v) => (v === "Total" ? "Total" : formatDate(v))),
    cDrill.money("monto", "Monto (S/Igv)", cur),
    cDrill.integer("transacciones", "Transacciones"),
    cDrill.date("fecha_registro", "Fecha Registro"),
    cDrill.text("hora", "Hora"),
    cDrill.date("fecha_modificacion", "Fecha Modificación"),
  ], [cur]);
  return (
    <DrillDialog
      header={`${drill?.contrato ?? ""} · ${drill?.denominacion ?? ""}`}
      title={`Cierres ${drill?.contrato ?? ""}`}
      open={!!drill}
      onHide={props.onHide}
      report={{
        key: ["gv-contract", props.today, span.start, span.end, drill?.contrato],
        partitions: props.partitions,
        statements: { rows: contractClosingsSql(span, drill?.contrato ?? "X") },
        select: (x) => ({ rows: x.rows, total: totalOf(x.rows) }),
      }}
      columns={columns}
      width="52rem"
      pageSize={8}
    />
  );
}

/** The closings' total row: the amount and the transactions summed. */
function totalOf(rows: ClosingRow[]): ClosingRow {
  const t = { fecha_vta: "Total", monto: 0, transacciones: 0 } as unknown as ClosingRow;
  for (const x of rows) {
    t.monto += x.monto;
    t.transacciones += x.transacciones;
  }
  return t;
}
