// A report's table in its card from a statement's rows as they come, the totals row among them (`is_total`):
// the body rows sort and page, the totals row stays last (PivotTable), both kept while the rows are the same
// array (the memoized table skips its work on a re-render).

import { type ReactNode, useMemo } from "react";
import { PivotTable, type PivotTableProps } from "./pivot-table.tsx";

export function TotalsTable<R extends { is_total: unknown }>(
  props: Omit<PivotTableProps<R>, "rows" | "totals" | "loading"> & {
    /** The statement's rows, the totals row among them; undefined while the first figures compute. */
    data: readonly R[] | undefined;
    /** Above the table, in its card (the table's own filter). */
    children?: ReactNode;
  },
) {
  const { data, children, ...table } = props;
  const [rows, total] = useMemo(
    () => [data?.filter((x) => !x.is_total), data?.find((x) => x.is_total) ?? null] as const,
    [data],
  );
  return (
    <div className="card">
      {children}
      <PivotTable {...table} rows={rows} totals={total} loading={!data} />
    </div>
  );
}
