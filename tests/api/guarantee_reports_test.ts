// The review screens' 'Reportes' (spec 3 section 2.3): each an Excel file computed on the server over every
// guarantee; its rows equal a count written here in SQL; refused to a tenant and to staff without review.
import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { forEachDb, type TestApp } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import { tenantAGuarantees } from "../helpers/guarantees.ts";

const kinds = await dbKinds();

const count = async (t: TestApp, sql: string) => (await t.db.query<{ n: number }>(sql))[0].n;

/** The counts each report must have, written from the spec's meaning of each report. */
const EXPECTED: Record<string, string> = {
  carta_data_entrega: `select (select count(*) from requirement_letter_details)::int
                             + (select count(*) from guarantee_letters)::int as n`,
  status_renovacion_carta_fianza: "select count(*)::int as n from guarantee_details where type_code = 'GAR1'",
  vencimiento_carta_fianza: `select count(*)::int as n from guarantee_details
                              where type_code = 'GAR1' and not is_renovada and fecha_vencimiento is not null`,
  cambio_tipo_garantia: `select count(*)::int as n from guarantee_exceptions e
                           join exception_types et on et.code = e.type_code where et.guarantee_type is not null`,
};

async function sheet(t: TestApp, email: string, id: string) {
  const c = await t.signedIn(email);
  const res = await t.app.request(`/api/guarantee-reports/${id}`, { headers: { cookie: c.cookie! } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (res.status !== 200) return { status: res.status, rows: [] as unknown[][], type: "", name: "" };
  const book = XLSX.read(bytes, { type: "array" });
  const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
  return {
    status: res.status,
    rows,
    type: res.headers.get("content-type") ?? "",
    name: decodeURIComponent(
      /filename\*=UTF-8''(.*)$/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "",
    ),
  };
}

forEachDb("Reportes: each Excel file has one row per record, as counted in PostgreSQL", kinds, async (t) => {
  // One notarial letter, so 'Datos Retorno/Entrega' has a row of each kind of source.
  const a = await tenantAGuarantees(t);
  const te = await t.signedIn("tesoreria@demo.pe");
  const gen = await te.post("/api/guarantee-requirements/generate", { garantias: [a.letterApproved.id] });
  assert.equal(gen.status, 200, gen.text);
  const names: Record<string, string> = {
    carta_data_entrega: "Datos Retorno-Entrega",
    status_renovacion_carta_fianza: "Status Renovación Carta Fianza",
    vencimiento_carta_fianza: "Vencimiento Carta Fianza",
    cambio_tipo_garantia: "Cambio Tipo Garantía",
  };
  for (const [id, sql] of Object.entries(EXPECTED)) {
    const s = await sheet(t, "cobranza@demo.pe", id);
    assert.equal(s.status, 200, id);
    assert.match(s.type, /spreadsheetml/);
    assert.ok(s.name.startsWith(names[id]), s.name);
    const n = await count(t, sql);
    assert.equal(s.rows.length - 1, n, `${id}: rows after the header`);
    if (id !== "cambio_tipo_garantia") assert.ok(n > 0, `${id} has data`);
  }
  const [{ nro }] = await t.db.query<{ nro: string }>(
    "select nro_carta_fianza as nro from guarantee_details where id = $1",
    [a.letterApproved.id],
  );
  const letters = await sheet(t, "tesoreria@demo.pe", "carta_data_entrega");
  assert.ok(
    letters.rows.some((r) => r[0] === "Requerimiento Notarial" && r[5] === nro),
    letters.rows.join("\n"),
  );
});

forEachDb(
  "Reportes: refused to a tenant and to staff without a review screen; unknown report",
  kinds,
  async (t) => {
    assert.equal((await sheet(t, "tenant@demo.pe", "vencimiento_carta_fianza")).status, 403);
    assert.equal((await sheet(t, "staff@demo.pe", "vencimiento_carta_fianza")).status, 403);
    assert.equal((await sheet(t, "cobranza@demo.pe", "otro")).status, 422);
  },
);
