// 'Locatarios' (spec 2, Menu Locatarios): the mall's tenant list, the manage-tenant modal (people and
// classification; staff never see or set a password) and the staff correction of a contract's closings
// (locks, history, audit, extract version). Messages are the spec's text, written here.
import assert from "node:assert/strict";
import { gunzipSync } from "node:zlib";
import { tableFromIPC } from "apache-arrow";
import { type Answer, forEachDb, lastMail } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import { contractOf, count, YESTERDAY } from "../helpers/tenant.ts";

const kinds = await dbKinds();
const API = "/api/staff-tenants";
const REQUIRED = "El campo es obligatorio";
const NO_PERMISSION = "El usuario no cuenta con los permisos necesarios.";
const SAVED = "Los cambios fueron guardados con exito.";

type Person = { correo: string; nombre: string } | null;

async function manageBody(
  c: { get: (p: string) => Promise<Answer> },
  code: string,
  patch: Record<string, unknown> = {},
) {
  const r = await c.get(`${API}/manage?numContrato=${code}`);
  const m = r.body.data;
  const person = (slot: string): Person =>
    m.personas[slot] ? { correo: m.personas[slot].correo, nombre: m.personas[slot].nombre } : null;
  return {
    numContrato: code,
    operador: person("operador"),
    administrador: person("administrador"),
    financiero1: person("financiero1"),
    financiero2: person("financiero2"),
    clasificacionComercialId: m.clasificacionComercialId,
    clasificacionSubComercialId: m.clasificacionSubComercialId,
    categoriaId: m.categoriaId,
    version: m.version,
    ...patch,
  };
}

forEachDb(
  "staff tenants: refused without LOCATARIOS and for tenants; list with hidden people",
  kinds,
  async (t) => {
    const a = await contractOf(t.db, "tenant@demo.pe");
    for (const email of ["pruebas@demo.pe", "tenant@demo.pe", "cobranza@demo.pe"]) {
      const c = await t.signedIn(email);
      for (
        const r of [
          await c.get(`${API}/malls`),
          await c.get(`${API}/options`),
          await c.get(`${API}?unidadEconomicaId=3`),
          await c.get(`${API}/manage?numContrato=${a.code}`),
          await c.put(`${API}/manage`, { numContrato: a.code }),
          await c.get(
            `${API}/closings?numContrato=${a.code}&fechaInicial=${YESTERDAY}&fechaFinal=${YESTERDAY}`,
          ),
          await c.put(`${API}/closings/1`, { ventasValor: 1, numeroTransacciones: 1 }),
          await c.get(`${API}/closings/1/history`),
        ]
      ) {
        assert.equal(r.status, 403, email);
        assert.equal(r.body.errorId, 600);
        assert.equal(r.body.message, NO_PERMISSION);
      }
    }
    // A tenant gets the permission error from every staff call, whatever it sends.
    const tenant = await t.signedIn("tenant@demo.pe");
    const calls: [string, string][] = [
      ["GET", `${API}/malls`],
      ["GET", `${API}/options`],
      ["GET", `${API}/closings/1/history`],
      ["GET", "/api/staff-contracts?unidadEconomicaId=3"],
      ["GET", `/api/staff-contracts/detail?numContrato=${a.code}`],
      ["POST", "/api/staff-contracts/dates"],
      ["GET", "/api/staff-statements"],
      ["GET", `/api/staff-statements/detail?ruc=${a.ruc}`],
      ["GET", `/api/staff-statements/debts/1?ruc=${a.ruc}`],
      ["GET", "/api/superadmin/comparison-year"],
      ["PUT", "/api/superadmin/comparison-year"],
      ["POST", "/api/superadmin/all-in"],
      ["GET", "/api/similar-contracts"],
      ["GET", "/api/similar-contracts/shops?unidadEconomicaId=3"],
      ["PUT", "/api/similar-contracts"],
      ["POST", "/api/similar-contracts"],
      ["DELETE", "/api/similar-contracts/1"],
    ];
    for (const [method, path] of calls) {
      const r = await tenant.call(method, path, method === "GET" ? undefined : {});
      assert.equal(r.status, 403, `${method} ${path}`);
      assert.equal(r.body.message, NO_PERMISSION, `${method} ${path}`);
    }
    const staff = await t.signedIn("staff@demo.pe");
    const malls = await staff.get(`${API}/malls`);
    assert.deepEqual(malls.body.data.map((m: { value: number }) => m.value).sort(), [2, 3, 6, 7, 8]);
    const bad = await staff.get(`${API}?unidadEconomicaId=5`);
    assert.equal(bad.status, 422);
    const list = await staff.get(`${API}?unidadEconomicaId=3`);
    assert.equal(list.status, 200, list.text);
    const row = list.body.data.table.find((r: { numContrato: string }) => r.numContrato === a.code);
    assert.equal(row.ruc, a.ruc);
    assert.equal(row.administradorCorreo, "tenant@demo.pe");
    assert.equal(row.operadorCorreo, "operador@demo.pe");
    assert.ok(row.nombre && "objetos" in row);
    // No contract of another mall.
    const [{ n }] = await t.db.query<{ n: number }>(
      "select count(*)::int as n from contracts where mall_id = 3",
    );
    assert.equal(list.body.data.table.length, n);
  },
);

forEachDb(
  "manage tenant: required fields say 'El campo es obligatorio' and change nothing",
  kinds,
  async (t) => {
    const a = await contractOf(t.db, "tenant@demo.pe");
    const staff = await t.signedIn("staff@demo.pe");
    const body = await manageBody(staff, a.code);
    const before = await count(t.db, "select 1 from audit_log");
    const r = await staff.put(`${API}/manage`, {
      ...body,
      operador: { correo: "", nombre: "" },
      administrador: null,
      clasificacionComercialId: null,
      clasificacionSubComercialId: undefined,
      categoriaId: null,
    });
    assert.equal(r.status, 422, r.text);
    assert.equal(r.body.data["operador.correo"], REQUIRED);
    assert.equal(r.body.data["operador.nombre"], REQUIRED);
    assert.equal(r.body.data.administrador, REQUIRED);
    assert.equal(r.body.data.clasificacionComercialId, REQUIRED);
    assert.equal(r.body.data.clasificacionSubComercialId, REQUIRED);
    assert.equal(r.body.data.categoriaId, REQUIRED);
    // A password is never accepted from staff.
    const pw = await staff.put(`${API}/manage`, {
      ...body,
      operador: { ...body.operador, contrasenia: "Secreta2026" },
    });
    assert.equal(pw.status, 422);
    // A sub-classification of another classification is refused.
    const [other] = await t.db.query<{ id: number }>(
      "select id from commercial_classes where parent_id is not null and parent_id <> $1 limit 1",
      [body.clasificacionComercialId],
    );
    const sub = await staff.put(`${API}/manage`, { ...body, clasificacionSubComercialId: other.id });
    assert.equal(sub.status, 422);
    assert.equal(
      sub.body.data.clasificacionSubComercialId,
      "La subclasificación no corresponde a la clasificación comercial.",
    );
    // A staff account cannot be made a tenant's person.
    const staffMail = await staff.put(`${API}/manage`, {
      ...body,
      financiero1: { correo: "operaciones@demo.pe", nombre: "X" },
    });
    assert.equal(staffMail.body.errorId, 442);
    assert.equal(await count(t.db, "select 1 from audit_log"), before);
  },
);

forEachDb(
  "manage tenant: a new person gets the activation mail and signs in; a removed one loses the contract",
  kinds,
  async (t) => {
    const a = await contractOf(t.db, "tenant@demo.pe");
    const staff = await t.signedIn("staff@demo.pe");
    const garantias = await t.signedIn("garantias@demo.pe");
    const body = await manageBody(staff, a.code);
    assert.equal(body.financiero2?.correo, "garantias@demo.pe");
    const [cat] = await t.db.query<{ id: number }>("select id from categories where id <> $1 limit 1", [
      body.categoriaId,
    ]);
    const r = await staff.put(`${API}/manage`, {
      ...body,
      financiero2: { correo: "Nueva.Garantias@correo.pe", nombre: "Rosa Nueva Díaz" },
      categoriaId: cat.id,
    });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.message, SAVED);

    // The new person: tenant role 114, no password, an activation mail with a server-made token.
    const [u] = await t.db.query<{ id: number; role_id: number; has_pw: boolean; state: string }>(
      "select id, role_id, password_hash is not null as has_pw, state from users where lower(email) = 'nueva.garantias@correo.pe'",
    );
    assert.deepEqual([u.role_id, u.has_pw, u.state], [114, false, "A"]);
    const mail = await lastMail(t.db, "nueva.garantias@correo.pe");
    const token = /activateAccount\?a=([A-Za-z0-9]+)/.exec(mail.body_text)![1];
    assert.equal(token.length, 15);
    const act = await t.client().post("/api/auth/activate", { token, password: "NuevaClave2026" });
    assert.equal(act.status, 200, act.text);
    const nueva = t.client();
    assert.equal((await nueva.login("nueva.garantias@correo.pe", "NuevaClave2026")).status, 200);

    // garantias@ held only this contract: disabled and signed out.
    const [g] = await t.db.query<{ state: string }>(
      "select state from users where email = 'garantias@demo.pe'",
    );
    assert.equal(g.state, "I");
    assert.equal((await garantias.get("/api/auth/me")).status, 401);
    const [c] = await t.db.query<{ category_id: number }>("select category_id from contracts where id = $1", [
      a.id,
    ]);
    assert.equal(c.category_id, cat.id);

    // Audited with before and after, never a password.
    const [entry] = await t.db.query<{ before: unknown; after: unknown }>(
      "select before, after from audit_log where action = 'staff.tenant_update' and entity_id = $1",
      [a.code],
    );
    type Entry = { personas: Record<string, { correo: string }>; categoriaId: number };
    const parse = (x: unknown) => (typeof x === "string" ? JSON.parse(x) : x) as Entry;
    const before = parse(entry.before);
    const after = parse(entry.after);
    assert.equal(before.personas.financiero2.correo, "garantias@demo.pe");
    assert.equal(after.personas.financiero2.correo, "Nueva.Garantias@correo.pe");
    assert.equal(after.categoriaId, cat.id);

    // Put back: the existing (disabled) account is linked again and enabled; no second activation mail.
    const mails = await count(t.db, "select 1 from mail_outbox");
    // (the dialog opened again: the version it reads now)
    const back = await staff.put(`${API}/manage`, {
      ...body,
      version: (await manageBody(staff, a.code)).version,
    });
    assert.equal(back.status, 200, back.text);
    const [g2] = await t.db.query<{ state: string }>(
      "select state from users where email = 'garantias@demo.pe'",
    );
    assert.equal(g2.state, "A");
    assert.equal(await count(t.db, "select 1 from mail_outbox"), mails);
    assert.equal((await t.client().login("garantias@demo.pe")).status, 200);
  },
);

forEachDb(
  "staff closings: list, correction with history, audit, extract version and locks",
  kinds,
  async (t) => {
    const a = await contractOf(t.db, "tenant@demo.pe");
    const staff = await t.signedIn("staff@demo.pe");
    const from = `${YESTERDAY.slice(0, 7)}-01`;
    const list = await staff.get(
      `${API}/closings?numContrato=${a.code}&fechaInicial=${from}&fechaFinal=${YESTERDAY}`,
    );
    assert.equal(list.status, 200, list.text);
    const rows = list.body.data.table;
    assert.ok(rows.length > 0);
    assert.equal(list.body.data.auxData.locatario.numContrato, a.code);
    const sum = rows.reduce(
      (n: number, r: { ventasValor: number }) => n + Math.round(r.ventasValor * 100),
      0,
    );
    assert.equal(Math.round(list.body.data.auxData.totalVentas * 100), sum);
    const wrong = await staff.get(
      `${API}/closings?numContrato=${a.code}&fechaInicial=${YESTERDAY}&fechaFinal=${from}`,
    );
    if (from < YESTERDAY) {
      assert.equal(wrong.body.data.fechaFinal, "La fecha inicial no puede ser posterior a la fecha final.");
    }

    const row = rows[0];
    const [{ mall_id }] = await t.db.query<{ mall_id: number }>(
      "select mall_id from contracts where id = $1",
      [a.id],
    );
    const partition = `sales_daily.${mall_id}.${String(row.fechaVenta).slice(0, 4)}`;
    const version = async () =>
      (await t.db.query<{ version: number }>("select version from extract_versions where partition = $1", [
        partition,
      ]))[0]?.version ?? 0;
    const v0 = await version();
    const missing = await staff.put(`${API}/closings/${row.cierreVentaId}`, { numeroTransacciones: 1 });
    assert.equal(missing.status, 422);
    assert.equal(missing.body.data.ventasValor, "Ingresar la venta.");
    const notNumber = await staff.put(`${API}/closings/${row.cierreVentaId}`, {
      ventasValor: "abc",
      numeroTransacciones: 1,
      version: row.version,
    });
    assert.equal(notNumber.body.data.ventasValor, "Ingresar solo números.");

    const edit = await staff.put(`${API}/closings/${row.cierreVentaId}`, {
      ventasValor: row.ventasValor + 100,
      numeroTransacciones: row.numeroTransacciones + 1,
      version: row.version,
    });
    assert.equal(edit.status, 200, edit.text);
    assert.equal(edit.body.message, SAVED);
    const [s] = await t.db.query<{ amount: number }>("select amount from sales_closings where id = $1", [
      row.cierreVentaId,
    ]);
    assert.equal(Number(s.amount), Math.round((row.ventasValor + 100) * 100) / 100);
    assert.ok((await version()) > v0, "the partition's extract version changed");
    // The reports' extract of that partition carries the corrected day (the next catalogue check loads it).
    const res = await t.app.request(`/api/extracts/${partition}`, {
      headers: { cookie: staff.cookie!, "accept-encoding": "gzip" },
    }, { remoteAddr: { hostname: staff.ip } });
    assert.equal(res.status, 200);
    const table = tableFromIPC(gunzipSync(new Uint8Array(await res.arrayBuffer())));
    const day = String(row.fechaVenta).slice(0, 10);
    let cents = 0;
    for (const r of table.toArray()) {
      const d = r.day instanceof Date ? r.day : new Date(Number(r.day));
      if (Number(r.contract_id) === a.id && d.toISOString().slice(0, 10) === day) {
        cents += Number(r.amount_cents);
      }
    }
    const [want] = await t.db.query<{ c: number }>(
      "select round(sum(amount) * 100)::int as c from sales_closings where contract_id = $1 and sale_date = $2",
      [a.id, day],
    );
    assert.equal(cents, Number(want.c));
    const history = await staff.get(`${API}/closings/${row.cierreVentaId}/history`);
    assert.equal(history.body.data.table.length, 1);
    const [me] = await t.db.query<{ name: string }>("select name from users where email = 'staff@demo.pe'");
    assert.equal(history.body.data.table[0].usuario, me.name);
    assert.equal(history.body.data.table[0].antes.ventasValor, row.ventasValor);
    assert.equal(
      await count(t.db, "select 1 from audit_log where action = 'staff.closing_update' and entity_id = $1", [
        String(row.cierreVentaId),
      ]),
      1,
    );
    // The tenant sees the staff's change in its own history.
    const tenant = await t.signedIn("tenant@demo.pe");
    const th = await tenant.get(`/api/tenant/closings/${row.cierreVentaId}/history`);
    assert.equal(th.body.data.table.length, 1);

    // A closed month refuses the correction with the state refusal (449) and the reason.
    const admin = await t.signedIn("admin@demo.pe");
    const mm = `${String(row.fechaVenta).slice(5, 7)}/${String(row.fechaVenta).slice(0, 4)}`;
    assert.equal(
      (await admin.post("/api/closing-locks/month", { cierreMes: mm, bloquear: true })).status,
      200,
    );
    const locked = await staff.put(`${API}/closings/${row.cierreVentaId}`, {
      ventasValor: 1,
      numeroTransacciones: 1,
      version: 0,
    });
    assert.equal(locked.status, 409);
    assert.equal(locked.body.errorId, 449);
    assert.equal(
      locked.body.message,
      `El periodo ${mm} está cerrado: no se pueden registrar ni modificar ventas de ese mes.`,
    );
    // 'Bloquear Cierres' through that day (the month open again) refuses it too, with its own reason.
    assert.equal(
      (await admin.post("/api/closing-locks/month", { cierreMes: mm, bloquear: false })).status,
      200,
    );
    await t.db.query("insert into closing_locks (locked_through) values ($1)", [row.fechaVenta]);
    const blocked = await staff.put(`${API}/closings/${row.cierreVentaId}`, {
      ventasValor: 1,
      numeroTransacciones: 1,
      version: 0,
    });
    assert.equal(blocked.status, 409);
    assert.equal(blocked.body.errorId, 449);
    assert.equal(
      blocked.body.message,
      `Los cierres de ventas están bloqueados hasta el ${
        day.split("-").reverse().join("/")
      }: no se pueden registrar ni modificar ventas de esas fechas.`,
    );
    const [kept] = await t.db.query<{ amount: number }>("select amount from sales_closings where id = $1", [
      row.cierreVentaId,
    ]);
    assert.equal(Number(kept.amount), Math.round((row.ventasValor + 100) * 100) / 100);
    assert.equal(
      await count(t.db, "select 1 from sales_closing_history where closing_id = $1", [row.cierreVentaId]),
      1,
    );
    assert.equal(
      await count(t.db, "select 1 from audit_log where action = 'staff.closing_update' and entity_id = $1", [
        String(row.cierreVentaId),
      ]),
      1,
    );
  },
);
