// Recepción de Garantía and Bóveda de Garantías: allowed, refused by state, refused by role, audited, and
// the spec's texts (spec 3 sections 5 and 8).
import assert from "node:assert/strict";
import { limaDate } from "../../services/clock.ts";
import { forEachDb, type TestApp } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import { auditActions, guaranteeVersion, tenantAGuarantees } from "../helpers/guarantees.ts";

const kinds = await dbKinds();

// The spec's texts (spec 3 section 8; the vault's '...' completed as docs/decisions.md says).
const letterReceived = (n: string, state: string) =>
  `Recepción Guardada: La Recepción de la Carta Fianza ${n} ha sido guardada exitosamente con el estado de "${state}".`;
const cashReceived = (n: string, state: string) =>
  `Recepción Guardada: La Recepción de la Garantía en Efectivo Nro ${n} ha sido guardada exitosamente con el estado de "${state}".`;
const FORBIDDEN = "El usuario no cuenta con los permisos necesarios.";

const CF_CONFORME = 1;
const EF_CONFORME = 4;
const EF_NO_UBICADO = 6;

async function detail(t: TestApp, id: number) {
  const [d] = await t.db.query<{ is_recepcionada: boolean; nro_carta_fianza: string; nro_operacion: string }>(
    "select is_recepcionada, nro_carta_fianza, nro_operacion from guarantee_details where id = $1",
    [id],
  );
  return d;
}

/** An approved cash guarantee without exception, made unreceived. */
async function approvedCash(t: TestApp): Promise<number> {
  const [row] = await t.db.query<{ id: number }>(
    `select d.id from guarantee_details d left join guarantee_exceptions e on e.detail_id = d.id
      where d.type_code = 'GAR2' and d.state_code = 'IOK' and not d.is_renovada and e.id is null
      order by d.id limit 1`,
  );
  await t.db.query("update guarantee_details set is_recepcionada = false where id = $1", [row.id]);
  return row.id;
}

forEachDb(
  "a letter is received once by the reception staff; others and other states are refused",
  kinds,
  async (t) => {
    const a = await tenantAGuarantees(t);
    const id = a.letterApproved.id;
    await t.db.query("update guarantee_details set is_recepcionada = false where id = $1", [id]);
    const nro = (await detail(t, id)).nro_carta_fianza;

    const te = await t.signedIn("tesoreria@demo.pe");
    const catalog = (await te.get("/api/guarantee-reception/catalog")).body.data;
    assert.deepEqual(
      catalog.estados_recepcion.filter((s: { codigo_tipo_garantia: string }) =>
        s.codigo_tipo_garantia === "GAR1"
      )
        .map((s: { descripcion: string }) => s.descripcion),
      ["Recibida Conforme", "Recibida con Observaciones", "No Recibida"],
    );
    const pending = (await te.get("/api/guarantee-reception/pending")).body.data.table;
    const row = pending.find((r: { id_garantia_detalle: number }) => r.id_garantia_detalle === id);
    assert.equal(row.puede_recepcionar, true);
    assert.equal(row.numero, nro);

    // Refused by role: the collections reviewer and the tenant; nothing written.
    for (const email of ["cobranza@demo.pe", "tenant@demo.pe"]) {
      const c = await t.signedIn(email);
      const r = await c.post(`/api/guarantee-reception/${id}`, {
        id_garantia_recepcion_estado: CF_CONFORME,
        version: await guaranteeVersion(t, id),
      });
      assert.equal(r.status, 403);
      assert.equal(r.body.message, FORBIDDEN);
    }
    // A cash state for a letter.
    const wrong = await te.post(`/api/guarantee-reception/${id}`, {
      version: await guaranteeVersion(t, id),
      id_garantia_recepcion_estado: EF_CONFORME,
    });
    assert.equal(wrong.status, 409);
    assert.equal(wrong.body.message, "El estado de recepción no corresponde al tipo de garantía.");
    const none = await te.post(`/api/guarantee-reception/${id}`, {});
    assert.equal(none.status, 422);
    assert.equal(none.body.data.id_garantia_recepcion_estado, "Debe seleccionar el estado de la recepción.");
    assert.deepEqual(await auditActions(t, "guarantee_detail", id), []);

    const saved = await te.post(`/api/guarantee-reception/${id}`, {
      version: await guaranteeVersion(t, id),
      id_garantia_recepcion_estado: CF_CONFORME,
    });
    assert.equal(saved.status, 200);
    assert.equal(saved.body.message, letterReceived(nro, "Recibida Conforme"));
    assert.equal(saved.body.data.recepcion.semaforo_color, "verde");
    assert.equal((await detail(t, id)).is_recepcionada, true);
    assert.deepEqual(await auditActions(t, "guarantee_detail", id), ["guarantee.receive"]);

    // Once: it leaves the pending grid, enters the history, and a second reception is refused.
    const again = await te.post(`/api/guarantee-reception/${id}`, {
      version: await guaranteeVersion(t, id),
      id_garantia_recepcion_estado: CF_CONFORME,
    });
    assert.equal(again.status, 409);
    assert.equal(again.body.message, "La garantía ya fue recepcionada.");
    const after = (await te.get("/api/guarantee-reception/pending")).body.data.table;
    assert.ok(!after.some((r: { id_garantia_detalle: number }) => r.id_garantia_detalle === id));
    const history = (await te.get("/api/guarantee-reception/history")).body.data.table;
    assert.equal(history[0].id_garantia_detalle, id);
    assert.equal(history[0].recepcion.descripcion_recepcion_estado, "Recibida Conforme");
    assert.equal(history[0].recepcion.creation_by, "tesoreria@demo.pe");

    // Refused by state: a letter Ingresada.
    const early = await te.post(`/api/guarantee-reception/${a.letterNew.id}`, {
      version: await guaranteeVersion(t, a.letterNew.id),
      id_garantia_recepcion_estado: CF_CONFORME,
    });
    assert.equal(early.status, 409);
    assert.equal(early.body.message, "Solo se recepciona una garantía Aprobada (está Ingresado).");
    assert.deepEqual(await auditActions(t, "guarantee_detail", a.letterNew.id), []);
    assert.equal(
      (await (await t.signedIn("cobranza@demo.pe")).get("/api/guarantee-reception/pending")).status,
      403,
    );
  },
);

forEachDb(
  "cash: the account entry date is required and not before today; a red state leaves it pending",
  kinds,
  async (t) => {
    const id = await approvedCash(t);
    const op = (await detail(t, id)).nro_operacion;
    const today = limaDate(t.clock());
    const yesterday = limaDate(new Date(t.clock().getTime() - 86_400_000));
    const admin = await t.signedIn("admin@demo.pe");

    const noDate = await admin.post(`/api/guarantee-reception/${id}`, {
      version: await guaranteeVersion(t, id),
      id_garantia_recepcion_estado: EF_CONFORME,
    });
    assert.equal(noDate.status, 422);
    assert.equal(noDate.body.data.fecha_ingreso_cuenta, "Debe ingresar la fecha de ingreso a cuenta.");
    const past = await admin.post(`/api/guarantee-reception/${id}`, {
      version: await guaranteeVersion(t, id),
      id_garantia_recepcion_estado: EF_CONFORME,
      fecha_ingreso_cuenta: yesterday,
    });
    assert.equal(past.status, 422);
    assert.equal(
      past.body.data.fecha_ingreso_cuenta,
      "La fecha de ingreso a cuenta no puede ser anterior a hoy.",
    );
    const letterState = await admin.post(`/api/guarantee-reception/${id}`, {
      version: await guaranteeVersion(t, id),
      id_garantia_recepcion_estado: CF_CONFORME,
    });
    assert.equal(letterState.status, 409);

    const red = await admin.post(`/api/guarantee-reception/${id}`, {
      version: await guaranteeVersion(t, id),
      id_garantia_recepcion_estado: EF_NO_UBICADO,
      fecha_ingreso_cuenta: today,
    });
    assert.equal(red.status, 200);
    assert.equal(red.body.message, cashReceived(op, "Abono No Ubicado"));
    assert.equal((await detail(t, id)).is_recepcionada, false);
    const pending = (await admin.get("/api/guarantee-reception/pending")).body.data.table;
    const row = pending.find((r: { id_garantia_detalle: number }) => r.id_garantia_detalle === id);
    assert.equal(row.recepcion.semaforo_color, "rojo");
    assert.equal(row.recepcion.fecha_ingreso_cuenta, today);

    const ok = await admin.post(`/api/guarantee-reception/${id}`, {
      version: await guaranteeVersion(t, id),
      id_garantia_recepcion_estado: EF_CONFORME,
      fecha_ingreso_cuenta: today,
    });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.message, cashReceived(op, "Abono Conforme"));
    assert.equal((await detail(t, id)).is_recepcionada, true);
    assert.deepEqual(await auditActions(t, "guarantee_detail", id), [
      "guarantee.receive",
      "guarantee.receive",
    ]);

    // Cash never goes to the vault.
    const vault = await admin.post(`/api/guarantee-vault/${id}`, {
      version: await guaranteeVersion(t, id),
      file: "F-01",
      letra_numero: "A-12",
      codigo_estado: "BOV",
      codigo_autorizacion: "TES",
    });
    assert.equal(vault.status, 409);
    assert.equal(vault.body.message, "Solo las cartas fianza se guardan en la bóveda.");
  },
);

forEachDb("vault: the four fields, a received letter only, the location history kept", kinds, async (t) => {
  const a = await tenantAGuarantees(t);
  const id = a.letterApproved.id;
  await t.db.query("update guarantee_details set is_recepcionada = true where id = $1", [id]);
  const nro = (await detail(t, id)).nro_carta_fianza;
  const te = await t.signedIn("tesoreria@demo.pe");
  const body = { file: "F-07", letra_numero: "B-21", codigo_estado: "BOV", codigo_autorizacion: "TES" };
  /** The body with the guarantee's current version, as the vault list shows it. */
  const at = async (detailId: number) => ({ ...body, version: await guaranteeVersion(t, detailId) });

  const missing = await te.post(`/api/guarantee-vault/${id}`, { ...(await at(id)), file: " " });
  assert.equal(missing.status, 422);
  assert.equal(missing.body.data.file, "Debe ingresar el File.");
  const cobranza = await t.signedIn("cobranza@demo.pe");
  const refused = await cobranza.post(`/api/guarantee-vault/${id}`, await at(id));
  assert.equal(refused.status, 403);
  assert.equal(refused.body.message, FORBIDDEN);
  const notReceived = await te.post(`/api/guarantee-vault/${a.letterNew.id}`, await at(a.letterNew.id));
  assert.equal(notReceived.status, 409);
  assert.equal(notReceived.body.message, "Solo se guarda en la bóveda una carta fianza recepcionada.");

  const list = (await te.get("/api/guarantee-vault")).body.data.table;
  const row = list.find((r: { id_garantia_detalle: number }) => r.id_garantia_detalle === id);
  assert.equal(row.puede_guardar, true);

  const saved = await te.post(`/api/guarantee-vault/${id}`, await at(id));
  assert.equal(saved.status, 200);
  assert.ok(saved.body.message.startsWith("Garantía Guardada: Se ha guardado en la bóveda"));
  assert.ok(saved.body.message.includes(nro));
  const moved = await te.post(`/api/guarantee-vault/${id}`, {
    version: await guaranteeVersion(t, id),
    ...body,
    codigo_estado: "PRE",
    codigo_autorizacion: "GAF",
  });
  assert.equal(moved.status, 200);
  const history = (await te.get(`/api/guarantee-vault/${id}/history`)).body.data.historial;
  assert.deepEqual(
    history.map((h: { descripcion_estado: string; descripcion_autorizacion: string }) => [
      h.descripcion_estado,
      h.descripcion_autorizacion,
    ]),
    [["Prestada", "Gerencia de Administración y Finanzas"], ["En Bóveda", "Jefatura de Tesorería"]],
  );
  const now = (await te.get("/api/guarantee-vault")).body.data.table
    .find((r: { id_garantia_detalle: number }) => r.id_garantia_detalle === id);
  assert.equal(now.ubicacion.descripcion_estado, "Prestada");
  assert.deepEqual(await auditActions(t, "guarantee_detail", id), ["guarantee.store", "guarantee.store"]);
});

forEachDb(
  "dashboard 'Garantía Por Vencimiento': current letters expired or not, by mall, by year",
  kinds,
  async (t) => {
    const today = limaDate(t.clock());
    const year = Number(today.slice(0, 4));
    const co = await t.signedIn("cobranza@demo.pe");
    const panel = (await co.get(`/api/guarantee-dashboard/expiry?anio=${year}`)).body.data;
    const [want] = await t.db.query<{ expired: number; pending: number }>(
      `select count(*) filter (where fecha_vencimiento < $1::date)::int as expired,
            count(*) filter (where fecha_vencimiento >= $1::date)::int as pending
       from guarantee_details
      where type_code = 'GAR1' and not is_renovada and extract(year from fecha_vencimiento)::int = $2`,
      [today, year],
    );
    assert.deepEqual(
      panel.resumen.map((r: { categoria: string; cantidad: number }) => [r.categoria, r.cantidad]),
      [
        ["Vencidas", want.expired],
        ["Por Vencer", want.pending],
      ],
    );
    const sum = (k: "vencidas" | "por_vencer") =>
      panel.por_mall.reduce((n: number, r: Record<string, number>) => n + r[k], 0);
    assert.equal(sum("vencidas"), want.expired);
    assert.equal(sum("por_vencer"), want.pending);
    assert.ok(panel.anios.includes(year));
    const all = (await co.get("/api/guarantee-dashboard/expiry")).body.data;
    assert.equal(all.anio, null);
    assert.ok(all.resumen[0].cantidad + all.resumen[1].cantidad >= want.expired + want.pending);
    const bad = await co.get("/api/guarantee-dashboard/expiry?anio=abc");
    assert.equal(bad.status, 422);
    const tenant = await t.signedIn("tenant@demo.pe");
    assert.equal((await tenant.get("/api/guarantee-dashboard/expiry")).status, 403);
  },
);

forEachDb(
  "dashboard 'Grado De Avance': a reception moves a guarantee from not received to received",
  kinds,
  async (t) => {
    const a = await tenantAGuarantees(t);
    const id = a.letterApproved.id;
    await t.db.query("update guarantee_details set is_recepcionada = false where id = $1", [id]);
    const [{ mall_id }] = await t.db.query<{ mall_id: number }>(
      `select c.mall_id from guarantee_details d join guarantees g on g.id = d.guarantee_id
       join contracts c on c.id = g.contract_id where d.id = $1`,
      [id],
    );
    const co = await t.signedIn("cobranza@demo.pe");
    const count = async () => {
      const p = (await co.get(`/api/guarantee-dashboard/progress?mall=${mall_id}`)).body.data;
      const received = p.recibidas.reduce((n: number, r: { cantidad: number }) => n + r.cantidad, 0);
      return {
        received,
        pending: p.no_recibidas.sin_excepcion.cantidad + p.no_recibidas.con_excepcion.cantidad,
      };
    };
    const before = await count();
    const [want] = await t.db.query<{ received: number; pending: number }>(
      `select count(*) filter (where d.is_recepcionada)::int as received,
            count(*) filter (where not d.is_recepcionada)::int as pending
       from guarantee_details d join guarantees g on g.id = d.guarantee_id join contracts c on c.id = g.contract_id
      where c.mall_id = $1 and not d.is_renovada and d.type_code <> 'GAR0'
        and (d.state_code = 'IOK' or d.is_recepcionada)`,
      [mall_id],
    );
    assert.deepEqual(before, want);
    const te = await t.signedIn("tesoreria@demo.pe");
    assert.equal(
      (await te.post(`/api/guarantee-reception/${id}`, {
        id_garantia_recepcion_estado: CF_CONFORME,
        version: await guaranteeVersion(t, id),
      })).status,
      200,
    );
    assert.deepEqual(await count(), { received: before.received + 1, pending: before.pending - 1 });
    assert.equal((await co.get("/api/guarantee-dashboard/progress?mall=x")).status, 422);
  },
);

forEachDb(
  "dashboard 'Cliente Con Garantía': by RUC or contract, with the spec's messages",
  kinds,
  async (t) => {
    const [c] = await t.db.query<{ ruc: string; code: string; other: string }>(
      `select t.ruc, c.code,
            (select c2.code from contracts c2 where c2.tenant_id <> t.id order by c2.id limit 1) as other
       from guarantee_details d join guarantees g on g.id = d.guarantee_id
       join contracts c on c.id = g.contract_id join tenants t on t.id = c.tenant_id
      where d.type_code <> 'GAR0' order by d.id limit 1`,
    );
    const co = await t.signedIn("cobranza@demo.pe");
    const byRuc = (await co.get(`/api/guarantee-dashboard/client?ruc=${c.ruc}`)).body.data;
    const [want] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from guarantee_details d join guarantees g on g.id = d.guarantee_id
       join contracts c on c.id = g.contract_id join tenants t on t.id = c.tenant_id
      where t.ruc = $1 and d.type_code <> 'GAR0'`,
      [c.ruc],
    );
    assert.equal(byRuc.ruc, c.ruc);
    assert.equal(byRuc.resumen[0].cantidad + byRuc.resumen[1].cantidad, want.n);
    assert.ok(byRuc.contratos.some((x: { nroContrato: string }) => x.nroContrato === c.code));
    const digits = c.code.replace(/\D/g, "");
    const byContract = (await co.get(`/api/guarantee-dashboard/client?contrato=${digits}`)).body.data;
    assert.deepEqual(byContract.contratos.map((x: { nroContrato: string }) => x.nroContrato), [c.code]);

    const message = async (q: string) => {
      const r = await co.get(`/api/guarantee-dashboard/client?${q}`);
      return [r.status, r.body.message, r.body.data];
    };
    assert.deepEqual((await message("ruc=20999999999")).slice(0, 2), [404, "El RUC no existe."]);
    assert.deepEqual((await message("contrato=99999999")).slice(0, 2), [
      404,
      "El Nro de Contrato no existe.",
    ]);
    assert.deepEqual((await message(`ruc=${c.ruc}&contrato=${c.other.replace(/\D/g, "")}`)).slice(0, 2), [
      404,
      "El Nro de Contrato no existe.",
    ]);
    // A tenant without guarantees of a defined type.
    const [empty] = await t.db.query<{ ruc: string }>(
      `select t.ruc from tenants t where not exists (
       select 1 from contracts c join guarantees g on g.contract_id = c.id
         join guarantee_details d on d.guarantee_id = g.id
        where c.tenant_id = t.id and d.type_code <> 'GAR0') limit 1`,
    );
    if (empty) {
      assert.deepEqual((await message(`ruc=${empty.ruc}`)).slice(0, 2), [
        404,
        "No se encontraron datos.",
      ]);
    }
    const [status, , data] = await message("ruc=12ab");
    assert.equal(status, 422);
    assert.equal(data.ruc, "El RUC solo admite números (máximo 11).");
    assert.equal((await message("ruc=123456789012"))[0], 422);
    assert.equal((await message(""))[2].ruc, "Ingrese el RUC o el Nro de Contrato.");
    const tenant = await t.signedIn("tenant@demo.pe");
    assert.equal((await tenant.get(`/api/guarantee-dashboard/client?ruc=${c.ruc}`)).status, 403);
  },
);
