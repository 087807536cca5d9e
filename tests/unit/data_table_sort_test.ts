// The report tables sort their rows themselves and hand TanStack Table only the page (sort-rows.ts): the
// order must be the one TanStack's sorted row model gives with the same sorting function, in every case.
import assert from "node:assert/strict";
import {
  createTable,
  getCoreRowModel,
  getSortedRowModel,
  type SortingFn,
  type SortingState,
} from "@tanstack/react-table";
import { type Column, columnsOf, smartSort } from "../../web/src/components/data-table/columns.ts";
import { firstSortKey, sortRows, withFirstSortDirs } from "../../web/src/components/data-table/sort-rows.ts";

interface R {
  id: number;
  code: string | null;
  name?: string;
  amount: number | null | undefined;
  share?: number;
}

const c = columnsOf<R>();
const columns: Column<R>[] = [
  c.text("code", "Código"),
  c.text("name", "Nombre"),
  c.money("amount", "Monto"),
  c.percent("share", "Participación"),
  c.button("go", "Ver", { label: "Ver", name: (r) => `Ver ${r.id}`, onClick: () => {} }),
];

/** TanStack's order of the rows' ids. */
function tanstack(rows: R[], sorting: SortingState) {
  const table = createTable<R>({
    data: rows,
    columns,
    defaultColumn: { sortingFn: smartSort as SortingFn<R> },
    state: { sorting },
    onStateChange: () => {},
    renderFallbackValue: null,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  table.setOptions((o) => ({ ...o, state: { ...table.initialState, sorting } }));
  return { ids: table.getRowModel().rows.map((r) => r.original.id), table };
}

let seed = 7;
const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
const NAMES = ["Álamo", "alamo", "Zeta", "ñandú", "Nube", "", "Ébano", "beta 10", "beta 9"];

function rows(n: number): R[] {
  return Array.from({ length: n }, (_, id) => ({
    id,
    code: pick(["A1", "a1", "B2", "C10", "C9", null, ""]),
    ...(random() < 0.8 ? { name: pick(NAMES) } : {}),
    amount: pick([0, 12.5, -3, 1000, null, undefined, 12.5]),
    ...(random() < 0.7 ? { share: Math.round(random() * 4) / 2 } : {}),
  }));
}

const SORTINGS: SortingState[] = [
  [],
  [{ id: "code", desc: false }],
  [{ id: "code", desc: true }],
  [{ id: "name", desc: false }],
  [{ id: "name", desc: true }],
  [{ id: "amount", desc: false }],
  [{ id: "amount", desc: true }],
  [{ id: "share", desc: false }],
  [{ id: "share", desc: true }],
  [{ id: "amount", desc: true }, { id: "name", desc: false }],
  [{ id: "share", desc: false }, { id: "code", desc: true }, { id: "amount", desc: false }],
  [{ id: "go", desc: false }, { id: "amount", desc: false }],
  [{ id: "missing", desc: false }],
  [{ id: "amount", desc: false }, { id: "missing", desc: true }, { id: "code", desc: true }],
];

Deno.test("report tables sort their rows in TanStack Table's order: every column, both ways, several keys", () => {
  for (const n of [0, 1, 2, 17, 300]) {
    const data = rows(n);
    for (const sorting of SORTINGS) {
      const mine = sortRows(data, sorting, columns).map((r) => r.id);
      assert.deepEqual(mine, tanstack(data, sorting).ids, `${n} rows, ${JSON.stringify(sorting)}`);
    }
  }
});

Deno.test("report tables sort a column first the way TanStack decides from the first row", () => {
  for (let i = 0; i < 20; i++) {
    const data = rows(5);
    const { table } = tanstack(data, []);
    const mine = withFirstSortDirs(columns, firstSortKey(columns, data[0]));
    for (const col of mine) {
      if (col.enableSorting === false) continue;
      assert.equal(col.sortDescFirst, table.getColumn(col.id!)!.getAutoSortDir() === "desc", col.id);
    }
  }
  // Text first ascending, figures first descending.
  const first = { id: 1, code: "A", amount: 3 };
  const [code, , amount] = withFirstSortDirs(columns, firstSortKey(columns, first));
  assert.equal(code.sortDescFirst, false);
  assert.equal(amount.sortDescFirst, true);
});
