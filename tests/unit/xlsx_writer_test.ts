// The big exports' own .xlsx writer (web/src/reports/shared/xlsx-writer.ts), read back by another reader
// (SheetJS, as a person's spreadsheet would open it): sheet 'data', the header, texts whole and escaped,
// numbers as numbers with their column's format, empty cells left empty.
import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { columnName, xlsxBytes } from "../../web/src/reports/shared/xlsx-writer.ts";

Deno.test("xlsx writer: columns are named A…Z, AA… as Excel names them", () => {
  for (
    const [i, name] of [[0, "A"], [25, "Z"], [26, "AA"], [51, "AZ"], [52, "BA"], [701, "ZZ"], [702, "AAA"]]
  ) {
    assert.equal(columnName(i as number), name);
  }
});

Deno.test("xlsx writer: another reader finds the sheet, the header, texts, numbers and formats", async () => {
  const bytes = await xlsxBytes({
    header: ["Denominación", "Venta S/", "Fecha & hora <local>"],
    rows: [
      ['Tienda Ñandú "Central"', 1234.5, "2026-11-27"],
      ["Ctrl\u0001 quitado", -0.25, null],
      [null, null, "solo texto"],
      ["  espacios  ", 12, ""],
    ],
    formats: [null, "#,##0.00", null],
  });
  const wb = XLSX.read(bytes, { type: "array", cellNF: true });
  assert.deepEqual(wb.SheetNames, ["data"]);
  const ws = wb.Sheets.data;
  assert.deepEqual(XLSX.utils.sheet_to_json(ws, { header: 1, raw: true, defval: null }), [
    ["Denominación", "Venta S/", "Fecha & hora <local>"],
    ['Tienda Ñandú "Central"', 1234.5, "2026-11-27"],
    ["Ctrl quitado", -0.25, null],
    [null, null, "solo texto"],
    ["  espacios  ", 12, null],
  ]);
  assert.equal(ws.B2.t, "n");
  assert.equal(ws.B2.z, "#,##0.00");
  assert.equal(ws.B3.z, "#,##0.00");
  assert.equal(ws.A2.t, "s");
  assert.equal(ws.B1.t, "s");
});

Deno.test("xlsx writer: 20,000 rows make a compressed book every row of which reads back", async () => {
  const rows = Array.from({ length: 20_000 }, (_, r) => [`C${r}`, r * 1.5, r % 7 === 0 ? null : "PEN"]);
  const bytes = await xlsxBytes({
    header: ["Contrato", "Venta", "Moneda"],
    rows,
    formats: [null, "#,##0.00", null],
  });
  // SheetJS wrote this book uncompressed at about 12 MB; deflated it is a fraction.
  assert.ok(bytes.length < 1_500_000, `${bytes.length} bytes`);
  const back = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(bytes, { type: "array" }).Sheets.data, {
    header: 1,
    defval: null,
  });
  assert.equal(back.length, 20_001);
  assert.deepEqual(back[20_000], ["C19999", 29998.5, null]); // 19,999 = 7 × 2,857
  assert.deepEqual(back[20_000 - 1], ["C19998", 29997, "PEN"]);
  assert.deepEqual(back[7 * 100 + 1], ["C700", 1050, null]);
});
