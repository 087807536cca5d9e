import * as XLSX from "xlsx";
import { VALIDATION_ERROR } from "#contract/errors.ts";
import {
  ALL_IN_COLUMNS,
  ALL_IN_FAILED,
  ALL_IN_HEADER,
  ALL_IN_MAX_BYTES,
  ALL_IN_MAX_COLUMNS,
  ALL_IN_MAX_ROWS,
  ALL_IN_NEEDS,
  type AllInColumn,
  type AllInResult,
} from "#contract/staff_admin.ts";
import { CONTROL_CHARS } from "#contract/fields.ts";
import { audit } from "./audit.ts";
import type { Actor, Ctx } from "./context.ts";
import type { Queryable } from "./db.ts";
import { AppError } from "./errors.ts";
import { contentMatches } from "./guarantees/files.ts";
import { checkZip } from "./zip_check.ts";

// The All-In upload (spec 2, Admin utilities): one .xlsx sheet with a header row 'contrato' plus the nine
// indicators, one row per contract, stored per contract and year. The file is untrusted: its ZIP is checked
// before the parser sees it (services/zip_check.ts: entries, sizes as declared and as inflated), the parser
// (@e965/xlsx, the patched SheetJS build) reads cached values only and never evaluates a formula, a text cell
// follows the control-character rule of JSON text, and a file with formulas, several sheets, too many rows or
// columns, or any bad row stores nothing and answers the list of wrong rows.

/** All entries once inflated: far above any real indicator sheet, far below a zip bomb. */
const MAX_INFLATED = 100 * 1024 * 1024;
const MAX_ENTRIES = 200;
const MAX_ERRORS_LISTED = 50;
const MAX_VALUE = 1e12;

export const ALL_IN_REFUSALS = {
  sheets: "El archivo debe tener una sola hoja.",
  formulas: "El archivo contiene fórmulas: cargue solo valores.",
  rows: `El archivo supera el máximo de ${ALL_IN_MAX_ROWS} filas.`,
  columns: `El archivo supera el máximo de ${ALL_IN_MAX_COLUMNS} columnas.`,
  header: `La primera fila debe tener las columnas: ${ALL_IN_HEADER.join(", ")}.`,
  noRows: "El archivo no tiene filas de datos.",
  broken: "El archivo no es un libro de Excel válido.",
} as const;

/** The rule of JSON text (contract/fields.ts), said of a row. */
const CONTROL_CHARS_IN_ROW = "el texto contiene caracteres no permitidos";

const refuse = (message: string, rows: Record<string, string> = {}) =>
  new AppError(VALIDATION_ERROR, ALL_IN_FAILED, { archivo: message, ...rows });

export interface AllInRow {
  fila: number;
  contrato: string;
  values: Record<AllInColumn, number>;
  /** Everything wrong with the row, all at once (issue 38): its numbers, then its contract. */
  wrong: string[];
}

const norm = (x: unknown) => String(x ?? "").trim().toLowerCase().replace(/[\s_]/g, "");

/**
 * Parses and checks the workbook's one sheet: a file that cannot be read is refused here; every row comes
 * back with what is wrong with it, so the contracts can be checked too and every row's every error told in
 * one answer (refuseRows).
 */
export async function parseAllIn(bytes: Uint8Array): Promise<AllInRow[]> {
  try {
    if (bytes.length === 0) throw refuse(ALL_IN_NEEDS.empty);
    if (bytes.length > ALL_IN_MAX_BYTES) throw refuse(ALL_IN_NEEDS.tooLarge);
    // The name already said .xlsx (routes/staff_admin.ts): content that is not one is a damaged book.
    if (!contentMatches("xlsx", bytes)) throw refuse(ALL_IN_REFUSALS.broken);
    const problem = await checkZip(bytes, { maxEntries: MAX_ENTRIES, maxInflated: MAX_INFLATED });
    if (problem) throw refuse(problem === "tooLarge" ? ALL_IN_NEEDS.tooLarge : ALL_IN_REFUSALS.broken);
    return parseChecked(bytes);
  } catch (e) {
    // Whatever a crafted file makes the parser throw is a refused file, never a 500.
    if (e instanceof AppError) throw e;
    throw refuse(ALL_IN_REFUSALS.broken);
  }
}

function parseChecked(bytes: Uint8Array): AllInRow[] {
  let wb: XLSX.WorkBook;
  try {
    wb = XLSX.read(bytes, {
      type: "array",
      cellFormula: true,
      cellHTML: false,
      cellText: false,
      cellStyles: false,
      cellNF: false,
      cellDates: false,
      bookVBA: false,
      sheetRows: ALL_IN_MAX_ROWS + 2,
    });
  } catch {
    throw refuse(ALL_IN_REFUSALS.broken);
  }
  if (wb.SheetNames.length !== 1) throw refuse(ALL_IN_REFUSALS.sheets);
  const sheet = wb.Sheets[wb.SheetNames[0]];
  if (!sheet?.["!ref"]) throw refuse(ALL_IN_REFUSALS.noRows);
  const full = XLSX.utils.decode_range(String(sheet["!fullref"] ?? sheet["!ref"]));
  if (full.e.r - full.s.r > ALL_IN_MAX_ROWS) throw refuse(ALL_IN_REFUSALS.rows);
  if (full.e.c - full.s.c + 1 > ALL_IN_MAX_COLUMNS) throw refuse(ALL_IN_REFUSALS.columns);
  for (const [key, cell] of Object.entries(sheet)) {
    if (!key.startsWith("!") && (cell as XLSX.CellObject).f) throw refuse(ALL_IN_REFUSALS.formulas);
  }
  const grid = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, blankrows: false });
  const [head, ...body] = grid;
  const index = new Map((head ?? []).map((h, i) => [norm(h), i]));
  const cols = ALL_IN_HEADER.map((h) => index.get(norm(h)));
  if (cols.some((c) => c === undefined)) throw refuse(ALL_IN_REFUSALS.header);
  if (!body.length) throw refuse(ALL_IN_REFUSALS.noRows);

  const rows: AllInRow[] = [];
  const seen = new Map<string, number>();
  body.forEach((r, i) => {
    const fila = i + 2;
    const wrong: string[] = [];
    const unreadable = r.some((x) => typeof x === "string" && CONTROL_CHARS.test(x));
    // A NUL would reach PostgreSQL (and fail there) through the contract's lookup: such a row is wrong, and
    // its contract is not looked up (every row's errors are told together, after the lookup).
    const contrato = unreadable ? "" : String(r[cols[0]!] ?? "").trim().toUpperCase();
    if (unreadable) wrong.push(CONTROL_CHARS_IN_ROW);
    else if (!contrato) wrong.push("falta el contrato");
    else if (seen.has(contrato)) {
      wrong.push(`el contrato ${contrato} ya está en la fila ${seen.get(contrato)}`);
    } else seen.set(contrato, fila);
    const values = {} as Record<AllInColumn, number>;
    ALL_IN_COLUMNS.forEach((name, k) => {
      const raw = r[cols[k + 1]!];
      const x = typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() ? Number(raw) : NaN;
      if (!Number.isFinite(x) || x < 0 || x > MAX_VALUE) wrong.push(`${name} no es un número válido`);
      else values[name] = x;
    });
    rows.push({ fila, contrato, values, wrong });
  });
  return rows;
}

/** Refuses the whole file when any row is wrong, telling every row's every error (the first 50 rows). */
function refuseRows(rows: AllInRow[]): void {
  const bad = rows.filter((r) => r.wrong.length);
  if (!bad.length) return;
  const errors: Record<string, string> = Object.fromEntries(
    bad.slice(0, MAX_ERRORS_LISTED).map((r) => [`fila ${r.fila}`, `Fila ${r.fila}: ${r.wrong.join("; ")}.`]),
  );
  if (bad.length > MAX_ERRORS_LISTED) {
    errors.otras = `… y ${bad.length - MAX_ERRORS_LISTED} fila(s) más con errores.`;
  }
  throw refuse(`${bad.length} fila(s) con errores: no se cargó ninguna.`, errors);
}

/** Stores the file's rows for the year (upsert per contract): all of them or, with any bad row, none. */
export async function uploadAllIn(
  ctx: Ctx,
  input: { anio: number; fileName: string; bytes: Uint8Array },
  actor: Actor,
): Promise<AllInResult> {
  const rows = await parseAllIn(input.bytes);
  const digest = await crypto.subtle.digest("SHA-256", input.bytes as Uint8Array<ArrayBuffer>);
  const hash = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
  const now = ctx.clock();
  const fileName = input.fileName.replace(/[\\/]/g, "_").slice(0, 200) || "archivo.xlsx";
  await ctx.db.tx(async (q) => {
    const ids = await contractIds(q, rows.map((r) => r.contrato).filter(Boolean));
    for (const r of rows) {
      if (r.contrato && !ids.has(r.contrato)) r.wrong.push(`el contrato ${r.contrato} no existe`);
    }
    refuseRows(rows);
    const [{ id: uploadId }] = await q.query<{ id: number }>(
      `insert into all_in_uploads (year, file_name, sha256, rows, uploaded_at, uploaded_by)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [input.anio, fileName, hash, rows.length, now, actor.userId],
    );
    await q.query(
      `insert into all_in_indicators (contract_id, year, ventas_valor, ventas_m2, arriendo_ventas, allin, area,
         renta_fija_m2, renta_m2, fondo_m2, gasto_comun_m2, upload_id)
       select x.contract_id, $1, x.v[1], x.v[2], x.v[3], x.v[4], x.v[5], x.v[6], x.v[7], x.v[8], x.v[9], $2
         from jsonb_to_recordset($3::text::jsonb) as x(contract_id int, v numeric[])
       on conflict (contract_id, year) do update set
         ventas_valor = excluded.ventas_valor, ventas_m2 = excluded.ventas_m2,
         arriendo_ventas = excluded.arriendo_ventas, allin = excluded.allin, area = excluded.area,
         renta_fija_m2 = excluded.renta_fija_m2, renta_m2 = excluded.renta_m2, fondo_m2 = excluded.fondo_m2,
         gasto_comun_m2 = excluded.gasto_comun_m2, upload_id = excluded.upload_id`,
      [
        input.anio,
        uploadId,
        JSON.stringify(rows.map((r) => ({
          contract_id: ids.get(r.contrato),
          v: ALL_IN_COLUMNS.map((c) => r.values[c]),
        }))),
      ],
    );
    await audit(q, {
      userId: actor.userId,
      action: "admin.all_in_upload",
      entity: "all_in_upload",
      entityId: uploadId,
      after: { anio: input.anio, archivo: fileName, filas: rows.length, sha256: hash },
      ip: actor.ip,
    }, now);
  });
  return { success: true, anio: input.anio, archivo: fileName, filas: rows.length };
}

async function contractIds(q: Queryable, codes: string[]): Promise<Map<string, number>> {
  const found = await q.query<{ id: number; code: string }>(
    "select id, upper(code) as code from contracts where upper(code) = any($1::text[])",
    [codes],
  );
  return new Map(found.map((f) => [f.code, f.id]));
}
