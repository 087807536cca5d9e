// Stale edits (issue 38, item 3), the second half: map assignments, the guarantee and exception reviews, the
// exception form and the guarantee parameters. Tab A and tab B read the same version; A saves; B's save over
// it is refused with 448 naming A's person and changes nothing; saving again with the newer version works.
import assert from "node:assert/strict";
import { forEachDb, type TestApp } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import { fileOf, guaranteeVersion, postForm, SAMPLES, tenantAGuarantees } from "../helpers/guarantees.ts";
import { nameOf, refusedBy } from "../helpers/stale.ts";

const kinds = await dbKinds();

forEachDb("map assignment: a save over a newer assignment of the local is refused", kinds, async (t) => {
  const staff = await t.signedIn("staff@demo.pe");
  const admin = await t.signedIn("admin@demo.pe");
  type Loc = { id: number; code: string; numContrato: string | null; version: number };
  const read = async () =>
    (await staff.get("/api/maps/maintenance?unidadEconomicaId=3")).body.data.mapaCalor.locations as Loc[];
  const target = (await read()).find((l) => l.numContrato)!;
  const [first, second] = await t.db.query<{ code: string }>(
    "select code from contracts where mall_id = 3 and code <> $1 order by code limit 2",
    [target.numContrato],
  );
  const held = async () =>
    (await t.db.query<{ code: string }>(
      "select c.code from contract_locals cl join contracts c on c.id = cl.contract_id where cl.local_id = $1",
      [target.id],
    ))[0]?.code ?? null;
  const body = { unidadEconomicaId: 3, local: target.code, version: target.version };

  const a = await admin.post("/api/maps/assignment", { ...body, contrato: first.code });
  assert.equal(a.status, 200, a.text);
  const b = await staff.post("/api/maps/assignment", { ...body, contrato: second.code });
  refusedBy(b, await nameOf(t, "admin@demo.pe"));
  assert.equal(await held(), first.code, "the refused save changed nothing");
  // 'Limpiar' from the same stale map is refused too.
  const clear = await staff.post("/api/maps/assignment/clear", {
    unidadEconomicaId: 3,
    idObj: target.id,
    version: target.version,
  });
  refusedBy(clear, await nameOf(t, "admin@demo.pe"));
  assert.equal(await held(), first.code);

  const again = await staff.post("/api/maps/assignment", {
    ...body,
    contrato: second.code,
    version: b.body.data.version,
  });
  assert.equal(again.status, 200, again.text);
  assert.equal(await held(), second.code);
  assert.equal((await read()).find((l) => l.id === target.id)!.version, await localVersion(t, target.id));
});

/** The latest audited change of a local, read from the audit table. */
async function localVersion(t: TestApp, id: number) {
  const [row] = await t.db.query<{ v: string }>(
    "select max(id) as v from audit_log where entity = 'local' and entity_id = $1",
    [String(id)],
  );
  return Number(row.v);
}

forEachDb(
  "guarantee review: a review over the one made since the screen was read is refused",
  kinds,
  async (t) => {
    const a = await tenantAGuarantees(t);
    const id = a.letterNew.id;
    const tenant = await t.signedIn("tenant@demo.pe");
    assert.equal((await tenant.post(`/api/guarantees/${id}/send`)).status, 200);
    const co = await t.signedIn("cobranza@demo.pe");
    const te = await t.signedIn("tesoreria@demo.pe");
    // Treasury opened the screen before collections approved.
    const teView = (await te.get(`/api/guarantees/${id}`)).body.data;
    assert.equal(teView.version, await guaranteeVersion(t, id));
    const approved = await co.post(`/api/guarantees/${id}/review`, {
      options: { OK: true, CO_IMPORTE_FINAL: false },
      version: (await co.get(`/api/guarantees/${id}`)).body.data.version,
    });
    assert.equal(approved.status, 200, approved.text);
    const reviews = async () =>
      (await t.db.query<{ n: number }>(
        "select count(*)::int as n from guarantee_reviews where detail_id = $1",
        [
          id,
        ],
      ))[0].n;
    const before = Number(await reviews());
    const late = await te.post(`/api/guarantees/${id}/review`, {
      options: { TE_IMPORTE: true },
      version: teView.version,
    });
    refusedBy(late, await nameOf(t, "cobranza@demo.pe"));
    assert.equal(Number(await reviews()), before, "the refused review wrote nothing");
    const again = await te.post(`/api/guarantees/${id}/review`, {
      options: { TE_IMPORTE: true },
      version: late.body.data.version,
    });
    assert.equal(again.status, 200, again.text);
    assert.equal(Number(await reviews()), before + 1);
  },
);

const exceptionFields = (motivo: string, version: number) => {
  const form = new FormData();
  const fields = {
    tipoExcepcion: "CFE",
    numfactura: "",
    importe: "12,500.00",
    moneda: "1",
    fechaLimite: "2099-03-31",
    motivo,
    version: String(version),
  };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("sustento", fileOf(SAMPLES.msg(), "Aprobacion gerencia.msg"));
  return form;
};

forEachDb("exceptions: the form and the review refuse a save over a newer change", kinds, async (t) => {
  const a = await tenantAGuarantees(t);
  const id = a.letterPending.id;
  const path = `/api/guarantee-exceptions/${id}`;
  const admin = await t.signedIn("admin@demo.pe");
  const tabB = await t.signedIn("admin@demo.pe");
  const motivo = async () =>
    (await t.db.query<{ motivo: string }>("select motivo from guarantee_exceptions where detail_id = $1", [
      id,
    ]))[0]
      ?.motivo ?? null;

  // Two tabs open the registration on the same version; the first registers, the second is refused.
  const v0 = (await admin.get(path)).body.data.version;
  const first = await postForm(admin, path, exceptionFields("Primera razón.", v0));
  assert.equal(first.status, 200, first.text);
  const second = await postForm(tabB, path, exceptionFields("Segunda razón.", v0));
  refusedBy(second, await nameOf(t, "admin@demo.pe"));
  assert.equal(await motivo(), "Primera razón.");
  const missing = await postForm(admin, path, noVersion());
  assert.equal(missing.status, 422, missing.text);

  // Collections reads the exception; the registrar corrects it meanwhile; the review is refused.
  const co = await t.signedIn("cobranza@demo.pe");
  const read = (await co.get(path)).body.data.version;
  const v1 = (await admin.get(path)).body.data.version;
  assert.equal(read, v1);
  const fix = await postForm(admin, path, exceptionFields("Razón corregida.", v1));
  assert.equal(fix.status, 200, fix.text);
  const review = await co.post(`${path}/review`, { estado: "APR", version: read });
  refusedBy(review, await nameOf(t, "admin@demo.pe"));
  const [state] = await t.db.query<{ state_code: string }>(
    "select state_code from guarantee_exceptions where detail_id = $1",
    [id],
  );
  assert.equal(state.state_code, "ING", "the refused review changed nothing");
  const again = await co.post(`${path}/review`, { estado: "APR", version: review.body.data.version });
  assert.equal(again.status, 200, again.text);
});

/** The exception form without its version field: refused with the field's message. */
function noVersion() {
  const form = exceptionFields("Sin versión.", 0);
  form.delete("version");
  return form;
}

forEachDb(
  "guarantee parameters: a save over a newer value is refused and keeps the newer",
  kinds,
  async (t) => {
    const admin = await t.signedIn("admin@demo.pe");
    const other = await t.signedIn("admin@demo.pe"); // the same person's second tab
    type Param = { codigo: string; tipo: string; value: string; version: number };
    const list = async () => (await admin.get("/api/guarantee-parameters")).body.data.table as Param[];
    const p = (await list()).find((x) => x.tipo === "digits")!;
    const value = async () => (await list()).find((x) => x.codigo === p.codigo)!.value;
    const a = await admin.put("/api/guarantee-parameters", {
      codigo: p.codigo,
      value: "12",
      version: p.version,
    });
    assert.equal(a.status, 200, a.text);
    const b = await other.put("/api/guarantee-parameters", {
      codigo: p.codigo,
      value: "34",
      version: p.version,
    });
    refusedBy(b, await nameOf(t, "admin@demo.pe"));
    assert.equal(await value(), "12");
    const again = await other.put("/api/guarantee-parameters", {
      codigo: p.codigo,
      value: "34",
      version: b.body.data.version,
    });
    assert.equal(again.status, 200, again.text);
    assert.equal(await value(), "34");
  },
);
