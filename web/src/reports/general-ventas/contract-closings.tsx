// Reporte General de Ventas' drill-down: a row's contract opens every closing of the contract in the range,
// with their total.

import { Dialog } from "primereact/dialog";
import { useMemo } from "react";
import { useReport } from "../../analytics/use-report.ts";
import { columnsOf } from "../../components/data-table/columns.ts";
import { formatDate } from "../../lib/format.ts";
import { PivotTable } from "../shared/pivot-table.tsx";
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
