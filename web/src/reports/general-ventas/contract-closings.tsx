// Reporte General de Ventas' drill-down: a row's contract opens every closing of the contract in the range,
// with their total.

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
  drill: { open: Drill | null; close: () => void };
  span: { start: string; end: string };
  partitions: string[];
  today: string;
}) {
  const { span } = props;
  return (
    <DrillDialog
      drill={props.drill}
      header={(d) => `${d.contrato} · ${d.denominacion}`}
      title={(d) => `Cierres ${d.contrato}`}
      report={(d) => ({
        name: "gv-contract",
        partitions: props.partitions,
        statements: { rows: contractClosingsSql(span, d.contrato) },
        select: (x: { rows: ClosingRow[] }) => ({ rows: x.rows, total: totalOf(x.rows) }),
      })}
      columns={(d) => closingColumns(symbol(d.moneda))}
      width="52rem"
      pageSize={8}
    />
  );
}

/** A contract's closings' columns, in its currency. */
const closingColumns = (cur: ReturnType<typeof symbol>) => [
  cDrill.mapped("fecha_vta", "Fecha Vta", (v) => (v === "Total" ? "Total" : formatDate(v))),
  cDrill.money("monto", "Monto (S/Igv)", cur),
  cDrill.integer("transacciones", "Transacciones"),
  cDrill.date("fecha_registro", "Fecha Registro"),
  cDrill.text("hora", "Hora"),
  cDrill.date("fecha_modificacion", "Fecha Modificación"),
];

/** The closings' total row: the amount and the transactions summed. */
function totalOf(rows: ClosingRow[]): ClosingRow {
  const t = { fecha_vta: "Total", monto: 0, transacciones: 0 } as unknown as ClosingRow;
  for (const x of rows) {
    t.monto += x.monto;
    t.transacciones += x.transacciones;
  }
  return t;
}
