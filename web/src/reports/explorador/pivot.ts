// The explorer's pivot from the statement's rows (sql.ts): a line per row cell (subtotals after their
// group's lines, the total last), a value column per column cell and figure (a 'Total' column group when
// there are column dimensions), a variation column after each figure compared with another year. Pure: the
// screen draws it, the Excel export writes the same lines and columns.

import {
  type Dimension,
  DIMENSIONS,
  type ExplorerState,
  type Measure,
  MEASURES,
} from "#contract/explorer.ts";
import { MONTHS } from "../../lib/dates.ts";
import type { Currency } from "../../lib/format.ts";
import { type Cell, type ExplorerRow, type Figure, figuresOf, periodsOf } from "./sql.ts";

export const WEEKDAYS = ["Lunes", "Martes", "Miércoles", "Jueves", "Viernes", "Sábado", "Domingo"];
export const TOTAL = "Total";

/** A dimension's label as shown (calendar names in Spanish). */
export function labelOf(d: Dimension, key: unknown, label: unknown): string {
  if (key == null) return "";
  if (d === "mes") return MONTHS[Number(key) - 1] ?? String(key);
  if (d === "dia_semana") return WEEKDAYS[Number(key) - 1] ?? String(key);
  return String(label ?? key);
}

export type Kind = "money" | "integer" | "percent";

export interface ValueColumn {
  id: string;
  header: string;
  kind: Kind;
  currency: Currency;
  /** The column cell's keys (empty for the 'Total' group). */
  cell: Cell;
  /** The figure read (null: a variation). */
  figure: Figure | null;
  measure: Measure;
}

export interface Line {
  /** Row dimensions kept: R for a leaf line, fewer for a subtotal, 0 for the total. */
  level: number;
  cell: Cell;
  [column: string]: unknown;
}

export interface Pivot {
  dims: Dimension[];
  columns: ValueColumn[];
  lines: Line[];
  total: Line | null;
}

const KIND: Record<Measure, Kind> = {
  ventas: "money",
  ventas_m2: "money",
  transacciones: "integer",
  ticket: "money",
  presupuesto: "money",
  cumplimiento: "percent",
  peatones: "integer",
  vehiculos: "integer",
  venta_visitante: "money",
};

const keyText = (dims: readonly Dimension[], r: ExplorerRow) => JSON.stringify(dims.map((d) => r[`k_${d}`]));
const cellOf = (dims: readonly Dimension[], r: ExplorerRow): Cell =>
  Object.fromEntries(dims.map((d) => [d, r[`k_${d}`] as string | number]));
const compareKeys = (a: unknown, b: unknown) =>
  a == null ? (b == null ? 0 : 1) : b == null ? -1 : a < b ? -1 : a > b ? 1 : 0;

export const variation = (act: unknown, cmp: unknown): number | null =>
  typeof act === "number" && typeof cmp === "number" && cmp !== 0 ? (act - cmp) / Math.abs(cmp) * 100 : null;

/** The value columns of the rows, what each reads (its column group and figure), each variation's two. */
export function valueColumnsOf(s: ExplorerState, rows: readonly ExplorerRow[]) {
  const figures = figuresOf(s);
  const p = periodsOf(s);
  const C = s.columnas;
  // The column cells in their keys' order, then the 'Total' group.
  const colCells = new Map<string, { cell: Cell; label: string }>();
  const colRows = rows.filter((r) => r._c === 1 && r._r === 0)
    .sort((a, b) => C.reduce((n, d) => n || compareKeys(a[`k_${d}`], b[`k_${d}`]), 0));
  for (const r of colRows) {
    colCells.set(keyText(C, r), {
      cell: cellOf(C, r),
      label: C.map((d) => labelOf(d, r[`k_${d}`], r[`n_${d}`])).join(" · "),
    });
  }
  const groups = [...colCells.entries()].map(([k, v]) => ({ key: k, ...v }));
  if (C.length) groups.push({ key: "total", cell: {}, label: TOTAL });
  if (!C.length) groups.push({ key: "", cell: {}, label: "" });
  const columns: ValueColumn[] = [];
  const read = new Map<string, { group: string; figure: string }>();
  const variations = new Map<string, [string, string]>();
  groups.forEach((g, gi) => {
    figures.forEach((f, fi) => {
      const sym = f.moneda === "USD" ? "$" : "S/";
      const name = `${MEASURES[f.measure]}${f.moneda ? ` ${sym}` : ""}`;
      const year = p.comparisonYear === null ? "" : ` ${f.cmp ? p.comparisonYear : p.year}`;
      const id = `v${gi}_${fi}`;
      columns.push({
        id,
        header: `${g.label ? `${g.label} · ` : ""}${name}${year}`,
        kind: KIND[f.measure],
        currency: sym,
        cell: g.cell,
        figure: f,
        measure: f.measure,
      });
      read.set(id, { group: g.key, figure: f.name });
      if (f.cmp) {
        const vid = `x${gi}_${fi}`;
        columns.push({
          id: vid,
          header: `${g.label ? `${g.label} · ` : ""}Var % ${name}`,
          kind: "percent",
          currency: sym,
          cell: g.cell,
          figure: null,
          measure: f.measure,
        });
        variations.set(vid, [`v${gi}_${fi - 1}`, id]);
      }
    });
  });
  return { columns, read, variations };
}

export function pivotOf(
  s: ExplorerState,
  rows: readonly ExplorerRow[],
  sort?: { by: string; desc: boolean },
): Pivot {
  const R = s.filas.length, C = s.columnas;
  const { columns, read, variations } = valueColumnsOf(s, rows);
  // Lines: one per row cell of each level, its values gathered from the column cells.
  const lines = new Map<string, Line>();
  const lineKey = (level: number, r: ExplorerRow) => `${level}:${keyText(s.filas.slice(0, level), r)}`;
  for (const r of rows) {
    const lead = s.filas.slice(0, r._r);
    const k = lineKey(r._r, r);
    let line = lines.get(k);
    if (!line) {
      line = { level: r._r, cell: cellOf(lead, r) };
      // A column cell without rows is empty, not missing (the Excel export writes it blank).
      for (const col of columns) line[col.id] = null;
      s.filas.forEach((d, i) => {
        line![`d_${d}`] = i < r._r ? labelOf(d, r[`k_${d}`], r[`n_${d}`]) : i === r._r ? TOTAL : "";
        line![`s_${d}`] = i < r._r ? r[`k_${d}`] : null;
      });
      lines.set(k, line);
    }
    const group = r._c === 1 ? keyText(C, r) : C.length ? "total" : "";
    for (const [id, at] of read) if (at.group === group) line[id] = r[at.figure] ?? null;
  }
  for (const line of lines.values()) {
    for (const [vid, [a, b]] of variations) line[vid] = variation(line[a], line[b]);
  }
  const total = lines.get(`0:${JSON.stringify([])}`) ?? null;
  // Ordered as a tree: siblings by the column sorted by (else by their keys), a group's subtotal after it.
  const byLevel = (level: number) => [...lines.values()].filter((l) => l.level === level);
  const childrenOf = (parent: Line, level: number) =>
    byLevel(level).filter((l) => s.filas.slice(0, level - 1).every((d) => l.cell[d] === parent.cell[d]));
  const order = (a: Line, b: Line, level: number) => {
    if (sort?.by) {
      const x = a[sort.by], y = b[sort.by];
      const n = x == null
        ? (y == null ? 0 : 1)
        : y == null
        ? -1
        : (Number(x) - Number(y)) * (sort.desc ? -1 : 1);
      if (n) return n;
    }
    const d = s.filas[level - 1];
    return compareKeys(a[`s_${d}`], b[`s_${d}`]);
  };
  const out: Line[] = [];
  const walk = (parent: Line, level: number) => {
    if (level > R) return;
    for (const child of childrenOf(parent, level).sort((a, b) => order(a, b, level))) {
      if (level < R) {
        walk(child, level + 1);
        out.push(child);
      } else out.push(child);
    }
  };
  if (total) walk(total, 1);
  return { dims: s.filas, columns, lines: R === 0 && total ? [total] : out, total: R === 0 ? null : total };
}

/** The figure's name in the chart's legend and the measure picker. */
export const dimensionLabel = (d: Dimension) => DIMENSIONS[d];
