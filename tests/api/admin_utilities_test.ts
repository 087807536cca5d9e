// The superadmin utilities (spec 2, Admin utilities): the global comparison year and the All-In upload, with
// hostile workbooks (oversize, formulas, several sheets, one bad row) refused whole. Messages are the spec's.
import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { allInSampleBytes, SAMPLE_CONTRACTS } from "../../fixtures/all_in_sample.ts";
import { forEachDb } from "../helpers/api.ts";
import { book, goodRow, HEADER, uploadAllIn as upload } from "../helpers/all_in.ts";
import { dbKinds, SEED_TODAY } from "../helpers/db.ts";
import { count } from "../helpers/tenant.ts";

const kinds = await dbKinds();
const YEAR_API = "/api/superadmin/comparison-year";
const NO_PERMISSION = "El usuario no cuenta con los permisos necesarios.";
const FAILED = "Error: No se pudo cargar el archivo";
const THIS_YEAR = Number(SEED_TODAY.slice(0, 4));
forEachDb(
  "comparison year: 2017 to the current year, 'Guardar' audited, refused without SUPERADMIN_CONFIG",
  kinds,
  async (t) => {
    for (const email of ["staff@demo.pe", "tenant@demo.pe"]) {
      const c = await t.signedIn(email);
      for (const r of [await c.get(YEAR_API), await c.put(YEAR_API, { anioComparativo: 2020 })]) {
        assert.equal(r.status, 403, email);
        assert.equal(r.body.message, NO_PERMISSION);
      }
    }
    const admin = await t.signedIn("admin@demo.pe");
    const now = await admin.get(YEAR_API);
    assert.deepEqual(now.body.data, { anioComparativo: 2019, anioActual: THIS_YEAR, version: 0 });
    const early = await admin.put(YEAR_API, { anioComparativo: 2016, version: 0 });
    assert.equal(early.status, 422);
    const late = await admin.put(YEAR_API, { anioComparativo: THIS_YEAR + 1, version: 0 });
    assert.equal(late.status, 422);
    assert.equal(late.body.data.anioComparativo, `Seleccione un año entre 2017 y ${THIS_YEAR}.`);
    const version = async () =>
      (await t.db.query<{ version: number }>(
        "select version from extract_versions where partition = 'settings'",
      ))[0]
        .version;
    const v0 = await version();
    const saved = await admin.put(YEAR_API, { anioComparativo: 2022, version: 0 });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.message, "Los cambios fueron guardados con exito.");
    assert.equal((await admin.get(YEAR_API)).body.data.anioComparativo, 2022);
    const [s] = await t.db.query<{ v: string }>(
      "select value::text as v from settings where key = 'anioComparativo'",
    );
    assert.equal(s.v, "2022");
    assert.ok((await version()) > v0, "the settings extract follows");
    assert.equal(await count(t.db, "select 1 from audit_log where action = 'admin.comparison_year'"), 1);
    await admin.put(YEAR_API, { anioComparativo: 2022, version: saved.body.data.version });
    assert.equal(await count(t.db, "select 1 from audit_log where action = 'admin.comparison_year'"), 1);
  },
);

forEachDb("All-In upload: the sample file is stored per contract and year, audited", kinds, async (t) => {
  for (const email of ["staff@demo.pe", "tenant@demo.pe"]) {
    const c = await t.signedIn(email);
    const r = await upload(t, c, { anio: "2024" }, { name: "all_in_sample.xlsx", bytes: allInSampleBytes() });
    assert.equal(r.status, 403, email);
    assert.equal(r.body.message, NO_PERMISSION);
  }
  const admin = await t.signedIn("admin@demo.pe");
  const noFile = await upload(t, admin, {});
  assert.equal(noFile.status, 422);
  assert.equal(noFile.body.message, FAILED);
  assert.equal(noFile.body.data.anio, "Seleccione el año.");
  assert.equal(noFile.body.data.archivo, "Seleccione un archivo .xlsx.");

  const r = await upload(t, admin, { anio: "2024" }, {
    name: "all_in_sample.xlsx",
    bytes: allInSampleBytes(),
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.message, "Carga Exitosa: El archivo all_in_sample.xlsx ha sido cargado con éxito.");
  assert.equal(r.body.data.success, true);
  const stored = await t.db.query<{ code: string; allin: number; area: number }>(
    `select c.code, a.allin, a.area from all_in_indicators a join contracts c on c.id = a.contract_id
      where a.year = 2024 and c.code = any($1::text[]) order by c.code`,
    [SAMPLE_CONTRACTS],
  );
  assert.equal(stored.length, SAMPLE_CONTRACTS.length);
  const wb = XLSX.read(await Deno.readFile(new URL("../../fixtures/all_in_sample.xlsx", import.meta.url)));
  const rows = XLSX.utils.sheet_to_json<Record<string, number>>(wb.Sheets[wb.SheetNames[0]]);
  assert.equal(Number(stored[0].area), rows[0].area, "the shipped sample is the one the maker writes");
  assert.equal(await count(t.db, "select 1 from audit_log where action = 'admin.all_in_upload'"), 1);
});

forEachDb("All-In upload: hostile or wrong files are refused whole and store nothing", kinds, async (t) => {
  const admin = await t.signedIn("admin@demo.pe");
  const before = await count(t.db, "select 1 from all_in_indicators");
  const refused = async (name: string, bytes: Uint8Array, key = "archivo") => {
    const r = await upload(t, admin, { anio: "2023" }, { name, bytes });
    assert.equal(r.status, 422, name);
    assert.equal(r.body.message, FAILED, name);
    assert.ok(r.body.data[key], `${name}: ${JSON.stringify(r.body.data)}`);
    return r.body.data as Record<string, string>;
  };
  // One bad row (not a number) refuses the whole file, naming the row.
  const oneBad = await refused(
    "una_fila_mala.xlsx",
    book({
      AllIn: [
        HEADER,
        goodRow("CT000103"),
        ["CT000104", "mucho", 1, 1, 1, 1, 1, 1, 1, 1],
        goodRow("CT000107"),
      ],
    }),
    "fila 3",
  );
  assert.match(oneBad["fila 3"], /^Fila 3: ventasValor no es un número válido/);
  // An unknown contract refuses the whole file.
  const unknown = await refused(
    "contrato.xlsx",
    book({ AllIn: [HEADER, goodRow("CT000103"), goodRow("XX999999")] }),
    "fila 3",
  );
  assert.equal(unknown["fila 3"], "Fila 3: el contrato XX999999 no existe.");
  // Every row's every error in one answer: a bad number and an unknown contract in one row, an unknown
  // contract in another, a missing contract in a third (issue 38: they came one kind at a time).
  const all = await refused(
    "todo.xlsx",
    book({
      AllIn: [
        HEADER,
        goodRow("CT000103"),
        ["XX999998", "mucho", 1, 1, 1, 1, 1, 1, 1, -5],
        goodRow("XX999999"),
        ["", 1, 1, 1, 1, 1, 1, 1, 1, 1],
      ],
    }),
    "fila 3",
  );
  assert.deepEqual(all, {
    archivo: "3 fila(s) con errores: no se cargó ninguna.",
    "fila 3":
      "Fila 3: ventasValor no es un número válido; gastocomunm2 no es un número válido; el contrato " +
      "XX999998 no existe.",
    "fila 4": "Fila 4: el contrato XX999999 no existe.",
    "fila 5": "Fila 5: falta el contrato.",
  });
  // Formulas are not evaluated: the file is refused.
  await refused("formulas.xlsx", book({ AllIn: [HEADER, goodRow("CT000103")] }, "B2"));
  // Several sheets.
  await refused("hojas.xlsx", book({ AllIn: [HEADER, goodRow("CT000103")], Otra: [["x"]] }));
  // Not a workbook, empty, a renamed executable.
  // A damaged book named .xlsx is told so, not that its type is not allowed.
  assert.equal(
    (await refused("falso.xlsx", new TextEncoder().encode("MZ not a workbook"))).archivo,
    "El archivo no es un libro de Excel válido.",
  );
  await refused("vacio.xlsx", new Uint8Array(0));
  // Wrong header, too many columns.
  await refused("cabecera.xlsx", book({ AllIn: [["codigo", "x"], ["CT000103", 1]] }));
  await refused(
    "columnas.xlsx",
    book({ AllIn: [[...HEADER, ...Array.from({ length: 15 }, (_, i) => `c${i}`)]] }),
  );
  const many = await refused(
    "filas.xlsx",
    book({ AllIn: [HEADER, ...Array.from({ length: 5001 }, () => goodRow("CT000103"))] }),
  );
  assert.equal(many.archivo, "El archivo supera el máximo de 5000 filas.");
  // Oversize: refused before it is read.
  const big = new Uint8Array(20_971_520 + 2 * 1024 * 1024);
  big.set([0x50, 0x4b, 0x03, 0x04]);
  const r = await upload(t, admin, { anio: "2023" }, { name: "grande.xlsx", bytes: big });
  assert.equal(r.status, 422);
  assert.equal(r.body.message, FAILED);
  assert.equal(r.body.data.archivo, "El archivo supera el tamaño máximo permitido (20 MB).");
  assert.equal(await count(t.db, "select 1 from all_in_indicators"), before);
  assert.equal(await count(t.db, "select 1 from audit_log where action = 'admin.all_in_upload'"), 0);
});
