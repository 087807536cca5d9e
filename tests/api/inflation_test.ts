// Inflation factors: read and save a year's twelve months, the messages, the permission, and a save that
// changes the inflation extract's version (the reports with 'Inflación' on follow it).
import assert from "node:assert/strict";
import { versionOf } from "../../services/extracts/versions.ts";
import { forEachDb } from "../helpers/api.ts";
import { dbKinds, SEED_TODAY } from "../helpers/db.ts";

const kinds = await dbKinds();
const MONTHS = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "setiembre",
  "octubre",
  "noviembre",
  "diciembre",
];
const SAVED = "Guardado Exitoso";
const NUMBER_ONLY = "Ingresar solo dígitos y una coma o un punto decimal.";
const NO_PERMISSION = "El usuario no cuenta con los permisos necesarios.";
const YEAR = Number(SEED_TODAY.slice(0, 4));

forEachDb(
  "inflation: a year's months are read and saved; a save changes the extract's version",
  kinds,
  async (t) => {
    const fin = await t.signedIn("finanzas@demo.pe");
    const read = await fin.get("/api/inflation?anio=2022");
    assert.equal(read.status, 200, read.text);
    assert.deepEqual(Object.keys(read.body.data).sort(), ["anio", ...MONTHS, "version"].sort());
    assert.ok(MONTHS.every((m) => typeof read.body.data[m] === "number"), "the seed has every month of 2022");

    const body = {
      ...Object.fromEntries(MONTHS.map((m) => [m, String(read.body.data[m])])),
      version: read.body.data.version,
    };
    const v0 = (await versionOf(t.db, "inflation"))!.version;
    const same = await fin.post("/api/inflation", { anio: 2022, ...body });
    assert.equal(same.status, 200, same.text);
    assert.equal((await versionOf(t.db, "inflation"))!.version, v0, "nothing changed: no new version");

    // A month left blank over a stored factor is refused, and nothing is saved, unless 'borrar' names it.
    const unasked = await fin.post("/api/inflation", { anio: 2022, ...body, marzo: "1.5", mayo: "" });
    assert.equal(unasked.status, 422, unasked.text);
    assert.deepEqual(unasked.body.data, {
      mayo: `Ingresar el factor de Mayo: dejarlo vacío borraría el factor guardado (${read.body.data.mayo}).`,
    });
    assert.equal((await versionOf(t.db, "inflation"))!.version, v0, "a refused save changes nothing");

    const saved = await fin.post("/api/inflation", {
      anio: 2022,
      ...body,
      marzo: "1.5",
      abril: "-0,25",
      junio: "0,22",
      mayo: "",
      borrar: ["mayo"],
    });
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.body.message, SAVED);
    assert.equal(saved.body.data.marzo, 1.5);
    assert.equal(saved.body.data.abril, -0.25, "a month of deflation, with a decimal comma");
    assert.equal(saved.body.data.junio, 0.22, "'0,22' is 0.22, not 22");
    assert.equal(saved.body.data.mayo, null, "a blank month the person chose to clear has no factor");
    assert.ok((await versionOf(t.db, "inflation"))!.version > v0, "the inflation extract changed");
    const [audit] = await t.db.query<{ entity_id: string }>(
      "select entity_id from audit_log where action = 'inflation.save'",
    );
    assert.equal(audit.entity_id, "2022");

    // The messages.
    const bad = await fin.post("/api/inflation", {
      anio: 2022,
      ...body,
      enero: "1,5abc",
      febrero: "abc",
      junio: "1.2.3",
    });
    assert.equal(bad.status, 422);
    assert.deepEqual(bad.body.data, { enero: NUMBER_ONLY, febrero: NUMBER_ONLY, junio: NUMBER_ONLY });
    const big = await fin.post("/api/inflation", { anio: 2022, ...body, julio: "250", agosto: "0.12345" });
    assert.deepEqual(big.body.data, {
      julio: "El valor debe estar entre -100 y 100.",
      agosto: "Máximo 4 decimales.",
    });
    const early = await fin.get("/api/inflation?anio=2015");
    assert.deepEqual(early.body.data, { anio: "El año debe ser 2016 o posterior." });
    const later = await fin.get(`/api/inflation?anio=${YEAR + 1}`);
    assert.deepEqual(later.body.data, { anio: `El año debe estar entre 2016 y ${YEAR}.` });

    // A role without INFLACION is refused (staff and tenant).
    for (const email of ["staff@demo.pe", "tenant@demo.pe"]) {
      const c = await t.signedIn(email);
      const r = await c.post("/api/inflation", { anio: 2022, ...body });
      assert.equal(r.status, 403, email);
      assert.equal(r.body.message, NO_PERMISSION);
    }
  },
);
