// Guarantee attachments: checked by size, extension and content, stored under ${DATA_DIR}/uploads with
// random names (outside the web root), metadata in guarantee_files.

import { fileExtension, type FileKind, fileNotValid, fileProblem } from "#contract/guarantees/guarantees.ts";
import type { Config } from "../config.ts";
import { randomToken } from "../crypto.ts";
import type { Queryable } from "../db.ts";

const CONTENT_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  msg: "application/vnd.ms-outlook",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

const startsWith = (b: Uint8Array, sig: number[]) => sig.every((x, i) => b[i] === x);
const ascii = (s: string) => [...s].map((ch) => ch.charCodeAt(0));
const utf16 = (s: string) => [...s].flatMap((ch) => [ch.charCodeAt(0), 0]);

function contains(b: Uint8Array, needle: number[]): boolean {
  const first = needle[0];
  outer: for (
    let i = b.indexOf(first);
    i !== -1 && i <= b.length - needle.length;
    i = b.indexOf(first, i + 1)
  ) {
    for (let j = 1; j < needle.length; j++) if (b[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

/** Whether the bytes are what the extension claims (an OLE2 file also tells an Outlook message from a workbook). */
export function contentMatches(ext: string, b: Uint8Array): boolean {
  switch (ext) {
    case "pdf":
      return startsWith(b, ascii("%PDF-"));
    case "msg":
      return startsWith(b, OLE2) && contains(b, utf16("__substg1.0_"));
    case "xls":
      return startsWith(b, OLE2) && (contains(b, utf16("Workbook")) || contains(b, utf16("Book")));
    case "xlsx":
      return startsWith(b, ZIP) && contains(b, ascii("[Content_Types].xml")) && contains(b, ascii("xl/"));
    default:
      return false;
  }
}

export interface CheckedFile {
  name: string;
  ext: string;
  contentType: string;
  bytes: Uint8Array;
}

/** The file, or the spec's message for too large, empty or a type not allowed (by name or by content). */
export async function checkFile(kind: FileKind, file: File): Promise<CheckedFile | { message: string }> {
  const name =
    [...file.name].map((ch) => (ch < " " || ch === "/" || ch === "\\" ? "_" : ch)).join("").slice(-150) ||
    "archivo";
  const problem = fileProblem({ name, size: file.size }, kind);
  if (problem) return { message: problem };
  const ext = fileExtension(name);
  const bytes = new Uint8Array(await file.arrayBuffer());
  // The name passed (fileProblem): content of another kind is a damaged or renamed file.
  if (!contentMatches(ext, bytes)) return { message: fileNotValid(ext) };
  return { name, ext, contentType: CONTENT_TYPES[ext], bytes };
}

const uploadsDir = (config: Config) => `${config.dataDir.replace(/\/$/, "")}/uploads`;

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (x) => x.toString(16).padStart(2, "0")).join("");
}

export interface StoredFile {
  id: string;
  storedName: string;
  remove(): Promise<void>;
}

/** Writes the bytes under a random name; the caller records them with recordFile in its transaction. */
export async function writeFile(config: Config, f: CheckedFile): Promise<StoredFile> {
  const dir = uploadsDir(config);
  await Deno.mkdir(dir, { recursive: true });
  const storedName = randomToken(24);
  const path = `${dir}/${storedName}`;
  await Deno.writeFile(path, f.bytes, { createNew: true, mode: 0o600 });
  return { id: randomToken(18), storedName, remove: () => Deno.remove(path).catch(() => {}) };
}

export async function recordFile(
  q: Queryable,
  stored: StoredFile,
  f: CheckedFile,
  meta: { detailId: number; kind: FileKind; userId: number; now: Date },
): Promise<void> {
  await q.query(
    `insert into guarantee_files (id, detail_id, kind, file_name, content_type, size, sha256, storage, stored_name,
                                  uploaded_at, uploaded_by)
     values ($1, $2, $3, $4, $5, $6, $7, 'disk', $8, $9, $10)`,
    [
      stored.id,
      meta.detailId,
      meta.kind,
      f.name,
      f.contentType,
      f.bytes.length,
      await sha256Hex(f.bytes),
      stored.storedName,
      meta.now,
      meta.userId,
    ],
  );
}

export interface FileRow {
  id: string;
  detail_id: number;
  kind: FileKind;
  file_name: string;
  content_type: string;
  size: number;
  storage: "disk" | "demo";
  stored_name: string | null;
}

export async function fileRow(q: Queryable, id: string): Promise<FileRow | null> {
  const [row] = await q.query<FileRow>(
    `select id, detail_id, kind, file_name, content_type, size, storage, stored_name
       from guarantee_files where id = $1`,
    [id],
  );
  return row ?? null;
}

/** The bytes of a stored file; demo attachments are a one-page PDF made on request. */
export async function fileBytes(config: Config, row: FileRow): Promise<Uint8Array | null> {
  if (row.storage === "demo") return demoPdf(`${row.file_name} - documento de demostración`);
  if (!row.stored_name || !/^[A-Za-z0-9_-]+$/.test(row.stored_name)) return null;
  return await Deno.readFile(`${uploadsDir(config)}/${row.stored_name}`).catch(() => null);
}

/** A minimal valid one-page PDF that shows one line of text. */
export function demoPdf(text: string): Uint8Array {
  const safe = text.normalize("NFD").replace(/[^\x20-\x7e]/g, "").replace(/[()\\]/g, "");
  const stream = `BT /F1 14 Tf 60 760 Td (${safe}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}
