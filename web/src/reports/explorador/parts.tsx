// The explorer's own controls: a multiple choice filter, a figure column whose cells open their closings, the
// chart's number format.

import { MultiSelect } from "primereact/multiselect";
import { type Column, columnsOf } from "../../components/data-table/columns.ts";
import { formatCompact, formatInteger, formatPercent } from "../../lib/format.ts";
import type { Line, ValueColumn } from "./pivot.ts";

const c = columnsOf<Line>();

export function Multi<V extends string | number>(props: {
  id: string;
  label: string;
  value: V[];
  options: { value: V; label: string }[];
  max?: number;
  filter?: boolean;
  onChange: (v: V[]) => void;
}) {
  return (
    <div className="filter">
      <label htmlFor={props.id}>{props.label}</label>
      <MultiSelect
        inputId={props.id}
        value={props.value}
        options={props.options}
        selectionLimit={props.max}
        filter={props.filter}
        display="chip"
        placeholder="Todos"
        virtualScrollerOptions={props.options.length > 100 ? { itemSize: 38 } : undefined}
        onChange={(e) => props.onChange(e.value as V[])}
        pt={{ trigger: { "aria-label": props.label, role: "button" } }}
        style={{ minWidth: "12rem", maxWidth: "24rem" }}
      />
    </div>
  );
}

export function valueColumn(v: ValueColumn, onDrill: (line: Line, v: ValueColumn) => void): Column<Line> {
  const base = v.kind === "money"
    ? c.money(v.id, v.header, v.currency)
    : v.kind === "integer"
    ? c.integer(v.id, v.header)
    : c.percent(v.id, v.header);
  const format = base.meta!.format!;
  return {
    ...base,
    enableSorting: false,
    meta: {
      ...base.meta,
      // A figure opens the closings behind it; a variation is only read.
      render: (line, value) =>
        v.figure && value != null
          ? (
            <button type="button" className="p-link explorer-cell" onClick={() => onDrill(line, v)}>
              {format(value)}
            </button>
          )
          : format(value),
    },
  };
}

export const chartFormat = (v: ValueColumn | undefined) => (x: number | null) =>
  v?.kind === "money"
    ? formatCompact(x, v.currency)
    : v?.kind === "percent"
    ? formatPercent(x)
    : formatInteger(x);
