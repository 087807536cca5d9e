// Issue 42, items 2 and 3: text read from an uploaded file follows the control-character rule of JSON text
// (a NUL in an All-In cell answered 500 from PostgreSQL), and a ZIP bomb whose headers lie about its size is
// refused at once (it cost 2 to 8 s of inflating before).
import assert from "node:assert/strict";
import { SAMPLE_CONTRACTS } from "../../fixtures/all_in_sample.ts";
import { book, goodRow, HEADER, uploadAllIn, zipBomb } from "../helpers/all_in.ts";
import { forEachDb } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import { fileOf, postForm, SAMPLES, tenantAGuarantees, withUploadsDir } from "../helpers/guarantees.ts";
import { count } from "../helpers/tenant.ts";

const kinds = await dbKinds();
const FAILED = "Error: No se pudo cargar el archivo";
const CONTROL = "El texto contiene caracteres no permitidos.";
const BROKEN = "El archivo no es un libro de Excel válido.";
const TOO_LARGE = "El archivo supera el tamaño máximo permitido (20 MB).";

forEachDb(
  "uploads: a control character in a file's text or name is refused, never a 500",
  kinds,
  async (t) => {
    const admin = await t.signedIn("admin@demo.pe");
    const stored = () => count(t.db, "select 1 from all_in_indicators");
    const before = await stored();
    const uploads = await count(t.db, "select 1 from all_in_uploads");
    const send = (name: string, bytes: Uint8Array) =>
      uploadAllIn(t, admin, { anio: "2023" }, { name, bytes });

    // The outside check's cell, and a number typed as text with a control character.
    const nul = await send(
      "nulo.xlsx",
      book({
        AllIn: [HEADER, goodRow("CT\u0000131"), goodRow("CT000103"), [
          "CT000104",
          "1\u00070",
          1,
          1,
          1,
          1,
          1,
          1,
          1,
          1,
        ]],
      }),
    );
    assert.equal(nul.status, 422, JSON.stringify(nul.body));
    assert.equal(nul.body.message, FAILED);
    assert.equal(nul.body.data["fila 2"], "Fila 2: el texto contiene caracteres no permitidos.");
    assert.equal(
      nul.body.data["fila 4"],
      "Fila 4: el texto contiene caracteres no permitidos; ventasValor no es un número válido.",
    );
    assert.equal(nul.body.data["fila 3"], undefined);

    const named = await send("libro\u0007.xlsx", book({ AllIn: [HEADER, goodRow("CT000103")] }));
    assert.equal(named.status, 422, JSON.stringify(named.body));
    assert.equal(named.body.data.archivo, CONTROL);
    assert.equal(await stored(), before);
    assert.equal(await count(t.db, "select 1 from all_in_uploads"), uploads);

    // Another upload's file name: the same rule.
    await withUploadsDir(t);
    const a = await tenantAGuarantees(t);
    const tenant = await t.signedIn("tenant@demo.pe");
    const form = new FormData();
    form.set("kind", "carta_fianza");
    form.set("file", fileOf(SAMPLES.pdf(), "carta\u001b.pdf"));
    const file = await postForm(tenant, `/api/guarantees/${a.letterPending.id}/files`, form);
    assert.equal(file.status, 422, file.text);
    assert.equal(file.body.data.file, CONTROL);
    assert.equal(await count(t.db, "select 1 from guarantee_files where file_name like 'carta%'"), 0);
  },
);

forEachDb("uploads: a ZIP bomb is refused at once, whatever its headers say", kinds, async (t) => {
  const admin = await t.signedIn("admin@demo.pe");
  const send = (name: string, bytes: Uint8Array) => uploadAllIn(t, admin, { anio: "2023" }, { name, bytes });
  const inflated = 400 * 1024 * 1024;
  for (const [declared, message] of [[4096, BROKEN], [inflated, TOO_LARGE]] as const) {
    const bomb = zipBomb(inflated, declared);
    const r = await send("bomba.xlsx", bomb);
    assert.equal(r.status, 422, JSON.stringify(r.body));
    assert.equal(r.body.data.archivo, message, String(declared));
    // How little of it is inflated is counted in tests/unit/zip_check_test.ts, not timed here.
  }
  // A workbook deflated as Excel writes it still goes.
  const rows = [HEADER, ...SAMPLE_CONTRACTS.map(goodRow)];
  const good = await send("comprimido.xlsx", book({ AllIn: rows }, undefined, true));
  assert.equal(good.status, 200, JSON.stringify(good.body));
  assert.equal(good.body.data.filas, SAMPLE_CONTRACTS.length);
});
