// Workbooks for the All-In upload's tests: built with SheetJS, sent as the screen sends them, and a ZIP bomb
// built by hand (its headers free to lie).
import * as XLSX from "xlsx";
import type { Client, TestApp } from "./api.ts";

export const ALL_IN_API = "/api/superadmin/all-in";
export const HEADER = [
  "contrato",
  "ventasValor",
  "ventasm2",
  "arriendo_ventas",
  "allin",
  "area",
  "rentaFijam2",
  "rentam2",
  "fondom2",
  "gastocomunm2",
];

export const goodRow = (code: string) => [code, 1000, 10, 12.5, 20.1, 100, 50, 55, 2.5, 12];

export async function uploadAllIn(
  t: TestApp,
  c: Client,
  fields: Record<string, string>,
  file?: { name: string; bytes: Uint8Array },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append("archivo", new File([file.bytes as Uint8Array<ArrayBuffer>], file.name));
  const res = await t.app.request(ALL_IN_API, {
    method: "POST",
    headers: { cookie: c.cookie ?? "", "x-csrf-token": c.csrf ?? "" },
    body: form,
  }, { remoteAddr: { hostname: "10.0.0.9" } });
  return { status: res.status, body: await res.json() };
}

/** A workbook of the sheets given; `compression` deflates its entries as Excel does (SheetJS stores them). */
export function book(
  sheets: Record<string, unknown[][]>,
  formulaAt?: string,
  compression = false,
): Uint8Array {
  const wb = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = XLSX.utils.aoa_to_sheet(rows);
    if (formulaAt) ws[formulaAt] = { t: "n", v: 3, f: "1+2" };
    XLSX.utils.book_append_sheet(wb, ws, name);
  }
  return new Uint8Array(XLSX.write(wb, { type: "array", bookType: "xlsx", compression }));
}

/** Raw deflate of 1 + 258k spaces (at least `bytes`): one fixed-Huffman block, a space, copies of 258. */
export function deflatedSpaces(bytes: number): Uint8Array<ArrayBuffer> {
  const copies = Math.ceil((bytes - 1) / 258);
  const out = new Uint8Array(Math.ceil((3 + 8 + copies * 13 + 7) / 8));
  let bit = 0;
  const put = (value: number, n: number) => {
    for (let i = 0; i < n; i++, bit++) if ((value >> i) & 1) out[bit >> 3] |= 1 << (bit & 7);
  };
  // Huffman codes go most significant bit first.
  const code = (value: number, n: number) => {
    for (let i = n - 1; i >= 0; i--, bit++) if ((value >> i) & 1) out[bit >> 3] |= 1 << (bit & 7);
  };
  put(1, 1); // the last block
  put(1, 2); // fixed Huffman codes
  code(0x30 + 0x20, 8); // the literal ' '
  for (let i = 0; i < copies; i++) {
    code(0xc0 + 5, 8); // length 258 (code 285)
    code(0, 5); // distance 1
  }
  code(0, 7); // end of block
  return out;
}

/**
 * An .xlsx-looking ZIP whose sheet inflates to `inflated` bytes while its headers declare `declared`: the
 * bomb of issue 42 (a 427 KB file inflating to 400 MB, its headers saying 4 KB).
 */
export function zipBomb(inflated: number, declared: number): Uint8Array {
  const enc = new TextEncoder();
  const entries: { name: string; data: Uint8Array; method: number; size: number }[] = [
    { name: "[Content_Types].xml", data: enc.encode("<Types/>"), method: 0, size: 8 },
    { name: "xl/workbook.xml", data: enc.encode("<workbook/>"), method: 0, size: 11 },
    { name: "xl/worksheets/sheet1.xml", data: deflatedSpaces(inflated), method: 8, size: declared },
  ];
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = enc.encode(e.name);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(8, e.method, true);
    local.setUint32(18, e.data.length, true);
    local.setUint32(22, e.size, true);
    local.setUint16(26, name.length, true);
    const cd = new DataView(new ArrayBuffer(46));
    cd.setUint32(0, 0x02014b50, true);
    cd.setUint16(4, 20, true);
    cd.setUint16(6, 20, true);
    cd.setUint16(10, e.method, true);
    cd.setUint32(20, e.data.length, true);
    cd.setUint32(24, e.size, true);
    cd.setUint16(28, name.length, true);
    cd.setUint32(42, offset, true);
    parts.push(new Uint8Array(local.buffer), name, e.data);
    central.push(new Uint8Array(cd.buffer), name);
    offset += 30 + name.length + e.data.length;
  }
  const cdSize = central.reduce((n, p) => n + p.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, cdSize, true);
  end.setUint32(16, offset, true);
  const all = [...parts, ...central, new Uint8Array(end.buffer)];
  const out = new Uint8Array(all.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of all) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
