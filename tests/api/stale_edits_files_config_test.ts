// Stale edits (issue 38, item 3), the last forms: the guarantee's file upload and the notarial configuration.
// Tab A and tab B read the same version; A saves; B's save over it is refused with 448 naming A's person and
// changes nothing; saving again with the newer version (the 448's) works.
import assert from "node:assert/strict";
import { forEachDb } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import { fileOf, postForm, SAMPLES, storedFiles, uploadForm, withUploadsDir } from "../helpers/guarantees.ts";
import { guaranteeVersion, tenantAGuarantees } from "../helpers/guarantees.ts";
import { nameOf, refusedBy, VERSION_MISSING } from "../helpers/stale.ts";

const kinds = await dbKinds();

forEachDb("guarantee upload: an upload over a newer write of the guarantee is refused", kinds, async (t) => {
  const dir = await withUploadsDir(t);
  const a = await tenantAGuarantees(t);
  const id = a.letterNew.id;
  const path = `/api/guarantees/${id}/files`;
  const tabA = await t.signedIn("tenant@demo.pe");
  const tabB = await t.signedIn("tenant@demo.pe");
  const read = async () => (await tabB.get(`/api/guarantees/${id}`)).body.data;
  const v0 = (await read()).version;
  assert.equal(v0, await guaranteeVersion(t, id));
  const form = (name: string, version: number | null) => {
    const f = uploadForm("carta_fianza", fileOf(SAMPLES.pdf(), name));
    if (version !== null) f.set("version", String(version));
    return f;
  };
  const fileName = async () => (await read()).detalle_garantia.filename_carta_fianza;

  const first = await postForm(tabA, path, form("Carta A.pdf", v0));
  assert.equal(first.status, 200, first.text);
  assert.equal(first.body.data.version, await guaranteeVersion(t, id), "the answer names the new version");
  const late = await postForm(tabB, path, form("Carta B.pdf", v0));
  refusedBy(late, await nameOf(t, "tenant@demo.pe"));
  assert.equal(await fileName(), "Carta A.pdf", "the refused upload changed nothing");
  assert.equal((await storedFiles(dir)).length, 1, "the refused upload left no file behind");
  const missing = await postForm(tabB, path, form("Carta B.pdf", null));
  assert.equal(missing.status, 422, missing.text);
  assert.equal(missing.body.message, VERSION_MISSING);

  const again = await postForm(tabB, path, form("Carta B.pdf", late.body.data.version));
  assert.equal(again.status, 200, again.text);
  assert.equal(await fileName(), "Carta B.pdf");
  // The version an upload answers is the form's to save over: tab B saves its typed data right after it.
  const view = await read();
  const d = view.detalle_garantia;
  const saved = await tabB.put(`/api/guarantees/${id}`, {
    razon_social: d.razon_social ?? "Alpaca SAC",
    nombre_comercial: d.nombre_comercial ?? "Alpaca",
    version: again.body.data.version,
  });
  assert.equal(saved.status, 200, saved.text);
  // …while tab A, still on its own upload's version, is refused.
  const stale = await postForm(tabA, path, form("Carta A2.pdf", first.body.data.version));
  refusedBy(stale, await nameOf(t, "tenant@demo.pe"));
});

forEachDb(
  "notarial configuration: a save over a newer configuration is refused and keeps the newer",
  kinds,
  async (t) => {
    const te = await t.signedIn("tesoreria@demo.pe");
    const other = await t.signedIn("admin@demo.pe");
    const read = async () => (await te.get("/api/guarantee-requirements/config")).body.data;
    const config = await read();
    assert.equal(config.version, 0, "never saved through the portal");
    const pick = (list: { codigo: string }[], codes: string[]) =>
      list.map((f) => ({ codigo: f.codigo, incluido: codes.includes(f.codigo) }));
    const body = (notary: string, version: number) => ({
      email_notaria: [notary],
      firmantes_firma_virtual: pick(config.firmantes_firma_virtual, ["GG", "LEG"]),
      firmantes_firma_fisica: pick(config.firmantes_firma_fisica, ["GAF", "TES"]),
      datos_mall_provincia: config.malls_configuracion.map((
        m: { codigo: number; nombre_to_carta: string },
      ) => ({ codigo_mall: m.codigo, email: ["mall@demo.pe"], nombre: m.nombre_to_carta })),
      version,
    });
    const notary = async () => (await read()).emails_notaria;

    const a = await other.put(
      "/api/guarantee-requirements/config",
      body("primera@notaria.pe", config.version),
    );
    assert.equal(a.status, 200, a.text);
    const [row] = await t.db.query<{ v: string }>(
      "select max(id) as v from audit_log where entity = 'notarial_config' and entity_id = '1'",
    );
    assert.equal(a.body.data.version, Number(row.v), "the answer carries the saved version");
    const b = await te.put("/api/guarantee-requirements/config", body("segunda@notaria.pe", config.version));
    refusedBy(b, await nameOf(t, "admin@demo.pe"));
    assert.deepEqual(await notary(), ["primera@notaria.pe"]);
    const missing = await te.put("/api/guarantee-requirements/config", {
      ...body("segunda@notaria.pe", 0),
      version: undefined,
    });
    assert.equal(missing.status, 422, missing.text);

    const again = await te.put(
      "/api/guarantee-requirements/config",
      body("segunda@notaria.pe", b.body.data.version),
    );
    assert.equal(again.status, 200, again.text);
    assert.deepEqual(await notary(), ["segunda@notaria.pe"]);
    assert.equal((await read()).version, again.body.data.version);
  },
);
