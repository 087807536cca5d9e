// Arrow IPC streams from query rows, with compact column types: int32 ids and counts, date32 days, float64
// amounts where decimals matter, utf8 text. Nulls are allowed in every column.

import {
  type DataType,
  DateDay,
  Float64,
  Int16,
  Int32,
  makeData,
  makeVector,
  Table,
  tableToIPC,
  Utf8,
  type Vector,
  vectorFromArray,
} from "apache-arrow";
import type { ArrowKind, ColumnType } from "#contract/extracts.ts";

export type Row = Record<string, unknown>;

const INT32_MAX = 2_147_483_647;

function nullBitmap(values: unknown[]): { bitmap?: Uint8Array; nulls: number } {
  let nulls = 0;
  for (const v of values) if (v == null) nulls++;
  if (nulls === 0) return { nulls };
  const bitmap = new Uint8Array((values.length + 7) >> 3);
  values.forEach((v, i) => {
    if (v != null) bitmap[i >> 3] |= 1 << (i & 7);
  });
  return { bitmap, nulls };
}

function numeric(type: DataType, values: unknown[], array: Int16Array | Int32Array | Float64Array): Vector {
  values.forEach((v, i) => (array[i] = v == null ? 0 : Number(v)));
  const { bitmap, nulls } = nullBitmap(values);
  const props = { type, length: values.length, nullCount: nulls, nullBitmap: bitmap, data: array };
  // makeData's overloads are keyed by the type's class; the props are right for each numeric type used here.
  return makeVector(makeData(props as never));
}

/** One column; an int32 column whose values do not fit becomes float64 (readers sum either alike). */
function column(kind: ArrowKind, values: unknown[]): Vector {
  const n = values.length;
  switch (kind) {
    case "int16":
      return numeric(new Int16(), values, new Int16Array(n));
    case "int32": {
      const fits = values.every((v) => v == null || Math.abs(Number(v)) <= INT32_MAX);
      return fits
        ? numeric(new Int32(), values, new Int32Array(n))
        : numeric(new Float64(), values, new Float64Array(n));
    }
    case "float64":
      return numeric(new Float64(), values, new Float64Array(n));
    case "date":
      // Days since 1970-01-01, as the queries select them (date - date '1970-01-01').
      return numeric(new DateDay(), values, new Int32Array(n));
    case "text":
      return vectorFromArray(values.map((v) => (v == null ? null : String(v))), new Utf8());
  }
}

/** An Arrow table of the rows in a family's columns (contract/extracts.ts columnsOf), in their order. */
export function rowsToTable(columns: readonly [string, ColumnType][], rows: readonly Row[]): Table {
  const cols: Record<string, Vector> = {};
  for (const [name, type] of columns) cols[name] = column(type.arrow, rows.map((r) => r[name]));
  return new Table(cols);
}

/** The Arrow IPC stream format (application/vnd.apache.arrow.stream). */
export const toIpcStream = (table: Table): Uint8Array => tableToIPC(table, "stream");
