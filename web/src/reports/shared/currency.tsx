// A report's soles table and, apart, its dollar contracts' table, each total printed with its own symbol
// (money.ts: the rows' currency and totals).

import { type ReactNode, useMemo } from "react";
import type { Column } from "../../components/data-table/columns.ts";
import type { Currency } from "../../lib/format.ts";
import { type CurrencyRow, type Moneda, splitByCurrency, usdTitle } from "./money.ts";
import { PivotTable } from "./pivot-table.tsx";

/**
 * The soles table of a report and, when the report has dollar contracts, their table apart: the same
 * columns, made for each currency's symbol.
 */
export function CurrencyTables<R extends CurrencyRow>(props: {
  title: string;
  columns: (currency: Currency) => Column<R>[];
  data: readonly R[] | undefined;
  loading: boolean;
  pageSize?: number;
  /** Buttons of each table's toolbar (a drill-down of its total). */
  actions?: Partial<Record<Moneda, ReactNode>>;
}) {
  const { title, data, loading, pageSize } = props;
  const split = useMemo(() => splitByCurrency(data), [data]);
  const pen = useMemo(() => props.columns("S/"), [props.columns]);
  const usd = useMemo(() => props.columns("$"), [props.columns]);
  return (
    <>
      <div className="card">
        <PivotTable
          title={title}
          columns={pen}
          rows={split.PEN.rows}
          totals={split.PEN.total}
          pageSize={pageSize}
          loading={loading}
          actions={props.actions?.PEN}
        />
      </div>
      {!!split.USD.rows?.length && (
        <div className="card">
          <PivotTable
            title={usdTitle(title)}
            columns={usd}
            rows={split.USD.rows}
            totals={split.USD.total}
            pageSize={pageSize}
            loading={loading}
            actions={props.actions?.USD}
          />
        </div>
      )}
    </>
  );
}
