// A soles report's table (docs/metrics.md: soles and dollars never added): its rows and total row in soles,
// and under them the dollar contracts it leaves out (usd-note.tsx), in one card.

import type { ReactNode } from "react";
import type { Column } from "../../components/data-table/columns.ts";
import { PivotTable } from "./pivot-table.tsx";
import { type UsdFigures, UsdNote, type withUsd } from "./usd-note.tsx";

export function SolesTable<R extends { is_total: number } & UsdFigures>(props: {
  title: string;
  columns: Column<R>[];
  /** The statement's rows split by withUsd; undefined while the first figures compute. */
  data: ReturnType<typeof withUsd<R>> | undefined;
  /** Buttons of the table's toolbar (a drill-down of its total). */
  actions?: ReactNode;
  year: number;
  comparisonYear: number;
  /** The dollar note's data-testid. */
  testId: string;
}) {
  const { data } = props;
  return (
    <div className="card">
      <PivotTable
        title={props.title}
        columns={props.columns}
        rows={data?.rows}
        totals={data?.total}
        loading={!data}
        actions={props.actions}
      />
      <UsdNote
        usd={data?.usd}
        year={props.year}
        comparisonYear={props.comparisonYear}
        testId={props.testId}
      />
    </div>
  );
}
