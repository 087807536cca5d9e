// Helpers of the guarantee tests: multipart uploads with a signed-in client, sample files by content, and
// the demo guarantees of the demo accounts' contracts (fixtures/generate_guarantees.ts, PINNED).
import type { Answer, Client, TestApp } from "./api.ts";

/** Posts a multipart form as the client (cookie and CSRF token). */
export async function postForm(c: Client, path: string, form: FormData): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (c.cookie) headers.cookie = c.cookie;
  if (c.csrf) headers["x-csrf-token"] = c.csrf;
  const res = await c.t.app.request(path, { method: "POST", headers, body: form }, {
    remoteAddr: { hostname: c.ip },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers, text };
}

const ascii = (s: string) => [...s].map((ch) => ch.charCodeAt(0));
const utf16 = (s: string) => [...s].flatMap((ch) => [ch.charCodeAt(0), 0]);
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const pad = (n: number) => Array(n).fill(0x20);

/** Small files whose bytes are what their names say. */
export const SAMPLES = {
  pdf: () => new Uint8Array([...ascii("%PDF-1.4\n"), ...pad(200), ...ascii("%%EOF\n")]),
  msg: () => new Uint8Array([...OLE2, ...pad(504), ...utf16("__substg1.0_0037001F"), ...pad(100)]),
  xls: () => new Uint8Array([...OLE2, ...pad(504), ...utf16("Workbook"), ...pad(100)]),
  xlsx: () =>
    new Uint8Array([
      0x50,
      0x4b,
      0x03,
      0x04,
      ...pad(26),
      ...ascii("[Content_Types].xml"),
      ...pad(40),
      ...ascii("xl/workbook.xml"),
      ...pad(40),
    ]),
  png: () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...pad(100)]),
  zip: () => new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...pad(26), ...ascii("readme.txt"), ...pad(40)]),
};

export const fileOf = (bytes: Uint8Array, name: string, type = "application/octet-stream") =>
  new File([bytes as Uint8Array<ArrayBuffer>], name, { type });

export function uploadForm(kind: string, ...files: File[]): FormData {
  const form = new FormData();
  form.set("kind", kind);
  for (const f of files) form.append("file", f);
  return form;
}

/** An upload form carrying the guarantee's current version, as a screen that has just read it sends. */
export async function uploadFormAt(t: TestApp, detailId: number, kind: string, ...files: File[]) {
  const form = uploadForm(kind, ...files);
  form.set("version", String(await guaranteeVersion(t, detailId)));
  return form;
}

export interface PinnedDetail {
  id: number;
  state: string;
  type: string;
}

/** The guarantee details of a demo account's contract (administrador slot), in id order. */
export async function detailsOf(t: TestApp, email: string, isDefault = true): Promise<PinnedDetail[]> {
  return await t.db.query<PinnedDetail>(
    `select d.id, d.state_code as state, d.type_code as type
       from guarantee_details d join guarantees g on g.id = d.guarantee_id
       join contract_users cu on cu.contract_id = g.contract_id and cu.slot = 'administrador'
       join users u on u.id = cu.user_id
      where u.email = $1 and cu.is_default = $2 order by d.id`,
    [email, isDefault],
  );
}

/** tenant@'s default contract: a letter INGRESADO, cash EN_REVISION, a letter APROBADO in its renewal window, a letter PENDIENTE. */
export async function tenantAGuarantees(t: TestApp) {
  const [letterNew, cashInReview, letterApproved, letterPending] = await detailsOf(t, "tenant@demo.pe");
  return { letterNew, cashInReview, letterApproved, letterPending };
}

/** Points the app's DATA_DIR at a temporary folder, removed when the test app closes. */
export async function withUploadsDir(t: TestApp): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "portal_uploads_" });
  t.ctx.config.dataDir = dir;
  const close = t.close;
  t.close = async () => {
    await close();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  };
  return dir;
}

export async function storedFiles(dir: string): Promise<string[]> {
  const names: string[] = [];
  try {
    for await (const e of Deno.readDir(`${dir}/uploads`)) names.push(e.name);
  } catch { /* no uploads folder yet */ }
  return names;
}

export async function auditActions(t: TestApp, entity: string, id: number | string): Promise<string[]> {
  const rows = await t.db.query<{ action: string }>(
    "select action from audit_log where entity = $1 and entity_id = $2 order by id",
    [entity, String(id)],
  );
  return rows.map((r) => r.action);
}

/**
 * A guarantee's version as its screens read it (issue 38, contract/versions.ts): the id of the latest audited
 * write of its detail or of its current exception, 0 when none. Read from the tables, not through the code.
 */
export async function guaranteeVersion(t: TestApp, detailId: number): Promise<number> {
  const [row] = await t.db.query<{ v: string | number | null }>(
    `select max(a.id) as v from audit_log a
      where a.action not like 'auth.%'
        and ((a.entity = 'guarantee_detail' and a.entity_id = $1)
          or (a.entity = 'guarantee_exception'
              and a.entity_id in (select id::text from guarantee_exceptions where detail_id = $2)))`,
    [String(detailId), detailId],
  );
  return Number(row?.v ?? 0);
}
