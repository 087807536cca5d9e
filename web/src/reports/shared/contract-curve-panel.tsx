// The side panel a report's contract row opens: the contract's sales curve in the report year and the
// comparison year, per month or per day of a month (web/src/reports/shared/contract-curve.ts).

import { Sidebar } from "primereact/sidebar";
import { useMemo } from "react";
import { useReport } from "../../analytics/use-report.ts";
import type { columnsOf } from "../../components/data-table/columns.ts";
import { formatCompact } from "../../lib/format.ts";
import { LineChart } from "../../components/charts/charts.tsx";
import { contractCurveSql } from "./contract-curve.ts";
import { MONTHS, MONTHS_SHORT } from "./dates.ts";
import { symbolOf } from "./money.ts";
import { yearSeries } from "./year-series.ts";
import { ReportFailure, ReportProgress } from "./report-states.tsx";

export interface CurveContract {
  id: number;
  code: string;
  denominacion: string;
  /** The contract's currency: a dollar contract's curve is in dollars. */
  moneda: string | null;
}

/** A row of a contract: what its curve's panel says of it. */
interface ContractRow {
  contract_id: number;
  code: string;
  denominacion: string;
  moneda: string | null;
}

/** The rows' 'Curva' column: it opens the row's contract's sales curve (`contract` reads it from the row: `(row) => row` where
 * the row has the contract's fields). */
export function curveColumn<R>(
  c: ReturnType<typeof columnsOf<R>>,
  onClick: (contract: CurveContract) => void,
  contract: (row: R) => ContractRow,
) {
  return c.button("curva", "Curva", {
    icon: "pi pi-chart-line",
    name: (row) => `Curva de ventas de ${contract(row).code}`,
    onClick: (row) => {
      const k = contract(row);
      onClick({ id: k.contract_id, code: k.code, denominacion: k.denominacion, moneda: k.moneda });
    },
  });
}

export function ContractCurvePanel(props: {
  contract: CurveContract | null;
  year: number;
  comparisonYear: number;
  /** Per day of this month; per month of the year when null. */
  month: number | null;
  /** The screen's partitions (they hold the contract's mall's sales of both years). */
  partitions: readonly string[];
  onClose: () => void;
}) {
  const { contract, year, comparisonYear, month } = props;
  const r = useReport({
    name: "contract-curve",
    partitions: props.partitions,
    statements: { curve: contractCurveSql(contract?.id ?? 0, year, comparisonYear, month) },
    select: (x) => x.curve,
    enabled: !!contract,
  });
  const data = useMemo(() =>
    (r.data ?? []).map((p) => ({
      x: month === null ? MONTHS_SHORT[p.x - 1] : String(p.x),
      act: p.act,
      cmp: p.cmp,
    })), [r.data, month]);
  const title = contract
    ? `Ventas de ${contract.code} ${month === null ? "por mes" : `por día de ${MONTHS[month - 1]}`}`
    : "";
  return (
    <Sidebar
      visible={!!contract}
      position="right"
      onHide={props.onClose}
      style={{ width: "min(44rem, 95vw)" }}
      header={
        <h2 className="curve-title">{contract ? `${contract.code} · ${contract.denominacion}` : ""}</h2>
      }
      pt={{ closeButton: { "aria-label": "Cerrar" } }}
    >
      {r.error
        ? <ReportFailure />
        : !r.data || r.pending
        ? <ReportProgress progress={r.progress} pending />
        : (
          <LineChart
            title={title}
            data={data}
            series={yearSeries([year, comparisonYear])}
            format={(v) => (v == null ? "—" : formatCompact(v, symbolOf(contract?.moneda)))}
          />
        )}
    </Sidebar>
  );
}
