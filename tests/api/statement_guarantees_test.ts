// The account statement's guarantee row (spec 2, section 3): every field of the spec's row, and the letter
// opened through the guarantee screens' own file call and checks.
import assert from "node:assert/strict";
import { type Client, forEachDb, type TestApp } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import { contractOf } from "../helpers/tenant.ts";

const kinds = await dbKinds();

const SPEC_ROW = [
  "nroCartaFianza",
  "urlFileNameCartaFianza",
  "codigoMoneda",
  "importe",
  "intereses",
  "importeFinal",
  "codigoBanco",
  "nombreMall",
  "fechaEmisionCartaFianza",
  "fechaVencimientoCartaFianza",
  "origen",
];

interface Row {
  nroContrato: string;
  nroCartaFianza: string | null;
  urlFileNameCartaFianza: string | null;
  importe: number | null;
  intereses: number;
  importeFinal: number | null;
  codigoBanco: string | null;
}

async function open(t: TestApp, who: Client, url: string) {
  const res = await t.app.request(url, { headers: { cookie: who.cookie! } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, bytes };
}

forEachDb(
  "statement guarantees: every field of the spec's row, interest and final amount",
  kinds,
  async (t) => {
    const a = await contractOf(t.db, "tenant@demo.pe");
    const fin = await t.signedIn("financiero@demo.pe");
    const rows: Row[] = (await fin.get("/api/tenant/statement")).body.data.garantias;
    assert.ok(rows.length > 0);
    for (const g of rows) for (const k of SPEC_ROW) assert.ok(k in g, `${k} in the row`);
    // The bank and the interest as stored; the final amount is their sum.
    const stored = await t.db.query<
      { code: string; bank: string | null; intereses: number; importe: number | null }
    >(
      `select c.code, b.code as bank, d.intereses, d.importe from guarantee_details d
       join guarantees g on g.id = d.guarantee_id join contracts c on c.id = g.contract_id
       left join banks b on b.id = d.bank_id
      where c.tenant_id = $1 and not d.is_renovada order by c.code, d.fecha_vencimiento nulls last, d.id`,
      [a.tenantId],
    );
    assert.deepEqual(
      rows.map((g) => [g.codigoBanco, g.intereses, g.importeFinal]),
      stored.map((s) => [
        s.bank,
        Number(s.intereses),
        s.importe == null ? null : Math.round((Number(s.importe) + Number(s.intereses)) * 100) / 100,
      ]),
    );
    assert.ok(rows.some((g) => g.codigoBanco), "the demo customer has bank guarantees");
    // A cash deposit earns interest; give one some to see it on the row.
    await t.db.query(
      `update guarantee_details set intereses = 12.34, importe = 1000 where id = (select d.id from guarantee_details d
       join guarantees g on g.id = d.guarantee_id where g.contract_id = $1 and not d.is_renovada
       order by d.fecha_vencimiento nulls last, d.id limit 1)`,
      [a.id],
    );
    const after: Row[] = (await fin.get("/api/tenant/statement")).body.data.garantias;
    const changed = after.find((g) => g.importe === 1000 && g.intereses === 12.34);
    assert.ok(changed, "the stored interest is on the row");
    assert.equal(changed.importeFinal, 1012.34);
  },
);

forEachDb(
  "statement guarantees: the letter opens through the guarantee screens' checks",
  kinds,
  async (t) => {
    const a = await contractOf(t.db, "tenant@demo.pe");
    const b = await contractOf(t.db, "tenant@demo.pe", false);
    const withFiles = await t.db.query<{ code: string; file: string }>(
      `select c.code, coalesce(d.letter_file_id, d.operation_file_id) as file from guarantee_details d
       join guarantees g on g.id = d.guarantee_id join contracts c on c.id = g.contract_id
      where c.tenant_id = $1 and not d.is_renovada and coalesce(d.letter_file_id, d.operation_file_id) is not null`,
      [a.tenantId],
    );
    assert.ok(withFiles.some((f) => f.code === a.code), "the session's contract has a stored letter");

    // The tenant's finance user: links for the session's contract only.
    const fin = await t.signedIn("financiero@demo.pe");
    const rows: Row[] = (await fin.get("/api/tenant/statement")).body.data.garantias;
    const linked = rows.filter((g) => g.urlFileNameCartaFianza);
    assert.ok(linked.length > 0);
    assert.ok(linked.every((g) => g.nroContrato === a.code));
    assert.deepEqual(
      linked.map((g) => g.urlFileNameCartaFianza).sort(),
      withFiles.filter((f) => f.code === a.code).map((f) => `/api/guarantees/files/${f.file}`).sort(),
    );
    const url = linked[0].urlFileNameCartaFianza!;
    const mine = await open(t, fin, url);
    assert.equal(mine.status, 200);
    assert.equal(new TextDecoder().decode(mine.bytes.slice(0, 8)), "%PDF-1.4");

    // Another tenant is refused that letter as if it did not exist.
    const other = await t.signedIn("tenant2@demo.pe");
    assert.equal((await open(t, other, url)).status, 404);

    // The same customer's other contract is not the session's: no link, and its file is refused too.
    if (b.tenantId === a.tenantId) {
      assert.ok(rows.every((g) => g.nroContrato !== b.code || g.urlFileNameCartaFianza === null));
      const bFile = withFiles.find((f) => f.code === b.code);
      if (bFile) assert.equal((await open(t, fin, `/api/guarantees/files/${bFile.file}`)).status, 404);
    }

    // Staff of the guarantee screens (cobranza@) get every link of the customer and open them.
    const co = await t.signedIn("cobranza@demo.pe");
    const staffRows: Row[] = (await co.get(`/api/staff-statements/detail?ruc=${a.ruc}`)).body.data.garantias;
    assert.equal(staffRows.filter((g) => g.urlFileNameCartaFianza).length, withFiles.length);
    assert.equal((await open(t, co, url)).status, 200);

    // Staff with 'Estado de Cuenta' but no guarantee screen (staff@): no link, and the call refuses.
    const staff = await t.signedIn("staff@demo.pe");
    const plain = await staff.get(`/api/staff-statements/detail?ruc=${a.ruc}`);
    assert.equal(plain.status, 200, plain.text);
    assert.ok(plain.body.data.garantias.every((g: Row) => g.urlFileNameCartaFianza === null));
    assert.equal((await open(t, staff, url)).status, 403);
  },
);
