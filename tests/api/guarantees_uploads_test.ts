import assert from "node:assert/strict";
import { forEachDb } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import {
  fileOf,
  postForm,
  SAMPLES,
  storedFiles,
  tenantAGuarantees,
  uploadForm,
  uploadFormAt,
  withUploadsDir,
} from "../helpers/guarantees.ts";
// The texts the screens show for a file that cannot go (spec 3 section 5: too large, empty, type).
const FILE_TOO_LARGE = "El archivo supera el tamaño máximo permitido (20 MB).";
const FILE_EMPTY = "El archivo está vacío.";
const FILE_TYPE = "Tipo de archivo no permitido. Solo se permiten archivos pdf, msg, xlsx y xls.";
const ONE_FILE = "Debe adjuntar un único archivo.";

const kinds = await dbKinds();

forEachDb(
  "an attachment is checked, stored outside the web root and served as a download",
  kinds,
  async (t) => {
    const dir = await withUploadsDir(t);
    const a = await tenantAGuarantees(t);
    const tenant = await t.signedIn("tenant@demo.pe");
    for (const ext of ["pdf", "msg", "xls", "xlsx"] as const) {
      const r = await postForm(
        tenant,
        `/api/guarantees/${a.letterNew.id}/files`,
        await uploadFormAt(
          t,
          a.letterNew.id,
          "carta_fianza",
          fileOf(SAMPLES[ext](), `Carta fianza Nº 12.${ext}`),
        ),
      );
      assert.equal(r.status, 200, `${ext}: ${r.text}`);
      assert.match(r.body.data.url, /^\/api\/guarantees\/files\/[A-Za-z0-9_-]+$/);
    }
    assert.equal((await storedFiles(dir)).length, 4);
    const last = (await tenant.get(`/api/guarantees/${a.letterNew.id}`)).body.data.detalle_garantia;
    assert.equal(last.filename_carta_fianza, "Carta fianza Nº 12.xlsx");
    const res = await t.app.request(last.url_filename_carta_fianza, { headers: { cookie: tenant.cookie! } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-disposition")!, /^attachment; filename="Carta fianza N 12.xlsx"/);
    assert.equal(res.headers.get("x-content-type-options"), "nosniff");
    assert.deepEqual(new Uint8Array(await res.arrayBuffer()), SAMPLES.xlsx());
    // Staff of the review screens may download it; another tenant may not.
    const co = await t.signedIn("cobranza@demo.pe");
    const coRes = await t.app.request(last.url_filename_carta_fianza, { headers: { cookie: co.cookie! } });
    assert.equal(coRes.status, 200);
    await coRes.body?.cancel();
    const other = await t.signedIn("tenant2@demo.pe");
    assert.equal((await other.get(last.url_filename_carta_fianza)).status, 404);
    // A demo attachment is a generated PDF.
    const [demo] = await t.db.query<{ id: string }>(
      "select id from guarantee_files where storage = 'demo' limit 1",
    );
    const staffFile = await t.app.request(`/api/guarantees/files/${demo.id}`, {
      headers: { cookie: co.cookie! },
    });
    assert.match(await staffFile.text(), /^%PDF-1\.4/);
    assert.deepEqual(
      (await t.db.query<{ action: string }>(
        "select action from audit_log where entity = 'guarantee_detail' and entity_id = $1",
        [String(a.letterNew.id)],
      )).map((x) => x.action),
      Array(4).fill("guarantee.upload"),
    );
  },
);

forEachDb(
  "uploads too large, empty, of a wrong type or with a lying extension store nothing",
  kinds,
  async (t) => {
    const dir = await withUploadsDir(t);
    const a = await tenantAGuarantees(t);
    const tenant = await t.signedIn("tenant@demo.pe");
    const path = `/api/guarantees/${a.letterNew.id}/files`;
    const count = async () => (await t.db.query("select 1 from guarantee_files")).length;
    const before = await count();
    const big = new Uint8Array(20_971_521);
    big.set(SAMPLES.pdf());
    const cases: [FormData, string][] = [
      [uploadForm("carta_fianza", fileOf(big, "grande.pdf")), FILE_TOO_LARGE],
      [uploadForm("carta_fianza", fileOf(new Uint8Array(0), "vacio.pdf")), FILE_EMPTY],
      [uploadForm("carta_fianza", fileOf(SAMPLES.png(), "foto.png")), FILE_TYPE],
      [uploadForm("carta_fianza", fileOf(new TextEncoder().encode("hola"), "nota.txt")), FILE_TYPE],
      // An allowed name over other content: the file is not what its name says (damaged or renamed).
      [uploadForm("carta_fianza", fileOf(SAMPLES.png(), "carta.pdf")), "El archivo no es un PDF válido."],
      [
        uploadForm("carta_fianza", fileOf(SAMPLES.zip(), "hoja.xlsx")),
        "El archivo no es un libro de Excel (.xlsx) válido.",
      ],
      [
        uploadForm("carta_fianza", fileOf(SAMPLES.xls(), "correo.msg")),
        "El archivo no es un correo .msg válido.",
      ],
      [
        uploadForm("carta_fianza", fileOf(SAMPLES.msg(), "hoja.xls")),
        "El archivo no es un libro de Excel (.xls) válido.",
      ],
      [uploadForm("carta_fianza", fileOf(SAMPLES.pdf(), "a.pdf"), fileOf(SAMPLES.pdf(), "b.pdf")), ONE_FILE],
    ];
    for (const [form, message] of cases) {
      const r = await postForm(tenant, path, form);
      assert.equal(r.status, 422, r.text.slice(0, 200));
      assert.equal(r.body.message, message);
    }
    // Beyond the 20 MB envelope the body is refused before it is read.
    const huge = new Uint8Array(22 * 1024 * 1024);
    const r = await postForm(tenant, path, uploadForm("carta_fianza", fileOf(huge, "enorme.pdf")));
    assert.equal(r.status, 422);
    assert.equal(r.body.message, FILE_TOO_LARGE);
    // The limit itself is allowed.
    const exact = new Uint8Array(20_971_520);
    exact.set(SAMPLES.pdf());
    const ok = await postForm(
      tenant,
      path,
      await uploadFormAt(t, a.letterNew.id, "carta_fianza", fileOf(exact, "justo.pdf")),
    );
    assert.equal(ok.status, 200, ok.text);
    assert.equal(await count(), before + 1);
    assert.equal((await storedFiles(dir)).length, 1);
  },
);

forEachDb("uploads follow the guarantee's state and type", kinds, async (t) => {
  const dir = await withUploadsDir(t);
  const a = await tenantAGuarantees(t);
  const tenant = await t.signedIn("tenant@demo.pe");
  const pdf = () => fileOf(SAMPLES.pdf(), "carta.pdf");
  const locked = await postForm(
    tenant,
    `/api/guarantees/${a.cashInReview.id}/files`,
    uploadForm("operacion", pdf()),
  );
  assert.equal(locked.status, 409);
  const wrongKind = await postForm(
    tenant,
    `/api/guarantees/${a.letterNew.id}/files`,
    uploadForm("operacion", pdf()),
  );
  assert.equal(wrongKind.status, 422);
  assert.equal(wrongKind.body.message, "El adjunto no corresponde al tipo de garantía.");
  const other = await t.signedIn("tenant2@demo.pe");
  const foreign = await postForm(
    other,
    `/api/guarantees/${a.letterNew.id}/files`,
    uploadForm("carta_fianza", pdf()),
  );
  assert.equal(foreign.status, 404);
  const staff = await t.signedIn("cobranza@demo.pe");
  const byStaff = await postForm(
    staff,
    `/api/guarantees/${a.letterNew.id}/files`,
    uploadForm("carta_fianza", pdf()),
  );
  assert.equal(byStaff.body.errorId, 600);
  const noCsrf = await t.app.request(`/api/guarantees/${a.letterNew.id}/files`, {
    method: "POST",
    headers: { cookie: tenant.cookie! },
    body: uploadForm("carta_fianza", pdf()),
  });
  assert.equal(noCsrf.status, 403);
  assert.deepEqual(await storedFiles(dir), []);
  // The 1 MB limit still holds for every other call.
  const bigJson = await tenant.put(`/api/guarantees/${a.letterNew.id}`, {
    razon_social: "x".repeat(1_100_000),
  });
  assert.equal(bigJson.status, 413);
});
