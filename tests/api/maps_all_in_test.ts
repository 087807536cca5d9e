// Heat maps, second part (issue 15): the All-In map's figures against the closings and the All-In upload in
// PostgreSQL, its colours (the 'Todos' ranges; another category grey), its refusals; the rental-object
// maintenance: the contract-to-local assignment (the spec's messages, uppercased input, audited maps.assign,
// seen on every map), 'Limpiar', and the permissions.
import assert from "node:assert/strict";
import { forEachDb } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";

const kinds = await dbKinds();
// The spec's texts (spec 1 section 8; spec 2 'Mapa de calor') and those docs/decisions.md defines.
const NO_PERMISSION = "El usuario no cuenta con los permisos necesarios.";
const SAVED = "Los cambios fueron guardados con exito.";
const CONTRACT_REQUIRED = "Ingrese contrato";
const LOCAL_REQUIRED = "Ingrese Local";
const MONTH_AFTER = "El mes de cierre no puede ser posterior al mes actual.";
const parse = (x: unknown) => (typeof x === "string" ? JSON.parse(x) : x);
const near = (a: number | null | undefined, b: number, what: string) =>
  assert.ok(a != null && Math.abs(a - b) < 1e-6 * Math.max(1, Math.abs(b)), `${what}: ${a} vs ${b}`);

type Year = {
  anio: number;
  desde: string;
  hasta: string;
  ventas: number;
  anioCarga: number | null;
  costoOcupacion: number | null;
  allIn: number | null;
};
type Loc = {
  id: number;
  code: string;
  numContrato: string | null;
  categoriaId: number | null;
  actual: Year | null;
  comparativo: Year | null;
  color: string;
};

/** The expected figures of a contract and year computed in SQL from the closings and the upload. */
async function expected(
  db: { query: <T>(sql: string, p?: unknown[]) => Promise<T[]> },
  contract: string,
  y: Year,
) {
  const [r] = await db.query<{ ventas: number; anio: number | null; costo: number | null }>(
    `with c as (select id, area from contracts where code = $1),
          a as (select a.* from all_in_indicators a, c where a.contract_id = c.id and a.year <= $4
                 order by a.year desc limit 1)
     select (select coalesce(sum(amount), 0) from sales_closings, c
              where contract_id = c.id and sale_date between $2 and $3)::float8 as ventas,
            (select year from a) as anio,
            (select ((renta_m2 + fondo_m2 + gasto_comun_m2) * c.area * ($3::date - $2::date + 1)
                     / (make_date($4 + 1, 1, 1) - make_date($4, 1, 1)))::float8 from a, c) as costo`,
    [contract, y.desde, y.hasta, y.anio],
  );
  return r;
}

forEachDb("All-In map: figures against PostgreSQL, colours, refusals, permission", kinds, async (t) => {
  const staff = await t.signedIn("staff@demo.pe");
  const map = await staff.get("/api/maps/all-in?unidadEconomicaId=3");
  assert.equal(map.status, 200, map.text);
  const data = map.body.data;
  const today = new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10); // Lima
  const [y, m] = today.split("-").map(Number);
  const previous = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
  assert.equal(data.mes, previous, "the closing month defaults to the previous month");
  assert.equal(data.anioComparativo, Number(previous.slice(0, 4)) - 1);
  assert.equal(data.categoriaId, 0);
  assert.equal(data.hayVentas, true);
  assert.equal(data.categorias[0].label, "Todos");
  const locs = data.mapaCalor.locations as Loc[];
  const [{ n }] = await t.db.query<{ n: number }>("select count(*)::int as n from locals where mall_id = 3");
  assert.equal(locs.length, Number(n));

  const priced = locs.filter((l) => l.actual?.allIn != null && l.comparativo?.allIn != null);
  assert.ok(priced.length > 0, "shops with both years' ratio");
  for (const l of priced.slice(0, 4)) {
    for (const yr of [l.actual!, l.comparativo!]) {
      const e = await expected(t.db, l.numContrato!, yr);
      assert.equal(yr.desde, `${yr.anio}-01-01`);
      near(yr.ventas, Number(e.ventas), `${l.numContrato} ${yr.anio} ventas`);
      assert.equal(yr.anioCarga, Number(e.anio));
      near(yr.costoOcupacion, Number(e.costo), `${l.numContrato} ${yr.anio} costo`);
      near(yr.allIn, Number(e.costo) / Number(e.ventas) * 100, `${l.numContrato} ${yr.anio} allIn`);
    }
    // 'Todos' ranges: 0–30 verde, 31–60 amarillo, 61–100 rojo (settings 'semaforoTodos' until saved).
    const pct = l.actual!.allIn!;
    assert.equal(l.color, pct <= 30 ? "verde" : pct <= 60 ? "amarillo" : "rojo", `${l.code} ${pct}`);
  }
  const empty = locs.find((l) => !l.numContrato);
  if (empty) assert.equal(empty.color, "sinDatos");

  // A category chosen: its shops by its ranges, the others grey ('otra').
  const shop = priced[0];
  const byCategory = await staff.get(
    `/api/maps/all-in?unidadEconomicaId=3&mes=${previous}&anioComparativo=2019&categoriaId=${shop.categoriaId}`,
  );
  assert.equal(byCategory.status, 200, byCategory.text);
  const again = byCategory.body.data.mapaCalor.locations as Loc[];
  assert.equal(byCategory.body.data.anioComparativo, 2019);
  assert.ok(again.filter((l) => l.categoriaId !== shop.categoriaId).every((l) => l.color === "otra"));
  assert.notEqual(again.find((l) => l.id === shop.id)!.color, "otra");

  // Refusals: a month after the current one, a bad month, an unknown category; nothing else answered.
  const future = await staff.get(`/api/maps/all-in?unidadEconomicaId=3&mes=${y + 1}-01`);
  assert.equal(future.status, 422, future.text);
  assert.equal(future.body.data.mes, MONTH_AFTER);
  const bad = await staff.get("/api/maps/all-in?unidadEconomicaId=3&mes=2026-13");
  assert.equal(bad.status, 422, bad.text);
  const unknown = await staff.get("/api/maps/all-in?unidadEconomicaId=3&categoriaId=999999");
  assert.equal(unknown.status, 422, unknown.text);

  const other = await t.signedIn("jefeoperaciones@demo.pe");
  const refused = await other.get("/api/maps/all-in?unidadEconomicaId=3");
  assert.equal(refused.body.success, false);
  assert.equal(refused.body.message, NO_PERMISSION);
});

forEachDb(
  "maintenance: assignment validated, uppercased, audited, seen on every map; 'Limpiar'",
  kinds,
  async (t) => {
    const staff = await t.signedIn("staff@demo.pe");
    const map = await staff.get("/api/maps/maintenance?unidadEconomicaId=3");
    assert.equal(map.status, 200, map.text);
    const locs = map.body.data.mapaCalor.locations as (Loc & { version: number })[];
    const versionOf = async (id: number) =>
      ((await staff.get("/api/maps/maintenance?unidadEconomicaId=3")).body.data.mapaCalor
        .locations as (Loc & { version: number })[]).find((l) => l.id === id)!.version;
    const contratos = map.body.data.contratos as { code: string }[];
    const [{ n }] = await t.db.query<{ n: number }>(
      "select count(*)::int as n from contracts where mall_id = 3",
    );
    assert.equal(contratos.length, Number(n));
    const target = locs.find((l) => l.numContrato)!;
    const [other] = await t.db.query<{ code: string }>(
      `select code from contracts where mall_id = 3 and code <> $1 order by code limit 1`,
      [target.numContrato],
    );

    const blank = await staff.post("/api/maps/assignment", {
      unidadEconomicaId: 3,
      contrato: " ",
      local: "",
    });
    assert.equal(blank.status, 422, blank.text);
    assert.equal(blank.body.data.contrato, CONTRACT_REQUIRED);
    assert.equal(blank.body.data.local, LOCAL_REQUIRED);
    const [foreign] = await t.db.query<{ code: string }>(
      "select code from contracts where mall_id <> 3 limit 1",
    );
    const wrongMall = await staff.post("/api/maps/assignment", {
      unidadEconomicaId: 3,
      contrato: foreign.code,
      local: target.code,
      version: target.version,
    });
    assert.equal(wrongMall.status, 422, wrongMall.text);
    assert.equal(wrongMall.body.data.contrato, "El contrato no pertenece a este mall.");
    assert.equal(
      Number(
        (await t.db.query<{ n: number }>(
          "select count(*)::int as n from audit_log where action = 'maps.assign'",
        ))[0].n,
      ),
      0,
    );

    // Typed in lower case: stored upper case.
    const saved = await staff.post("/api/maps/assignment", {
      unidadEconomicaId: 3,
      contrato: other.code.toLowerCase(),
      local: target.code.toLowerCase(),
      version: target.version,
    });
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.body.message, SAVED);
    assert.deepEqual([saved.body.data.local, saved.body.data.contrato], [target.code, other.code]);
    const [held] = await t.db.query<{ code: string }>(
      `select c.code from contract_locals cl join contracts c on c.id = cl.contract_id where cl.local_id = $1`,
      [target.id],
    );
    assert.equal(held.code, other.code);
    const [row] = await t.db.query<{ entity_id: string; before: unknown; after: unknown; user_id: number }>(
      "select entity_id, before, after, user_id from audit_log where action = 'maps.assign'",
    );
    assert.equal(row.entity_id, String(target.id));
    assert.equal(parse(row.before).contrato, target.numContrato);
    assert.equal(parse(row.after).contrato, other.code);
    // A repeat writes nothing.
    const repeat = await staff.post("/api/maps/assignment", {
      unidadEconomicaId: 3,
      contrato: other.code,
      local: target.code,
      version: await versionOf(target.id),
    });
    assert.equal(repeat.status, 200, repeat.text);
    assert.equal(
      Number(
        (await t.db.query<{ n: number }>(
          "select count(*)::int as n from audit_log where action = 'maps.assign'",
        ))[0].n,
      ),
      1,
    );

    // The local's history: the new holder open (assigned today), the one before closed today.
    const history = await staff.get(`/api/maps/locals/${target.id}/history?unidadEconomicaId=3`);
    assert.equal(history.status, 200, history.text);
    const rows = history.body.data as {
      contrato: string;
      desde: string;
      hasta: string | null;
      origen: string;
    }[];
    const today = new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10); // Lima
    assert.deepEqual(rows[0], {
      ...rows[0],
      contrato: other.code,
      desde: today,
      hasta: null,
      origen: "asignacion",
    });
    assert.deepEqual(
      { contrato: rows[1].contrato, hasta: rows[1].hasta, origen: rows[1].origen },
      { contrato: target.numContrato, hasta: today, origen: "contrato" },
    );
    const [{ seeded }] = await t.db.query<{ seeded: number }>(
      "select count(*)::int as seeded from local_contract_history where local_id = $1 and origen = 'contrato'",
      [target.id],
    );
    assert.equal(rows.length, Number(seeded) + 1);
    const [foreignLocal] = await t.db.query<{ id: number }>(
      "select id from locals where mall_id <> 3 limit 1",
    );
    const wrongLocal = await staff.get(`/api/maps/locals/${foreignLocal.id}/history?unidadEconomicaId=3`);
    assert.equal(wrongLocal.status, 422, wrongLocal.text);

    // Every map shows the new contract.
    for (const path of ["vacancy", "sales", "closings", "all-in", "maintenance"]) {
      const r = await staff.get(`/api/maps/${path}?unidadEconomicaId=3`);
      const l = (r.body.data.mapaCalor.locations as Loc[]).find((x) => x.id === target.id)!;
      assert.equal(l.numContrato, other.code, path);
    }

    const cleared = await staff.post("/api/maps/assignment/clear", {
      unidadEconomicaId: 3,
      idObj: target.id,
      version: await versionOf(target.id),
    });
    assert.equal(cleared.status, 200, cleared.text);
    assert.equal(cleared.body.data.contrato, null);
    const after = await staff.get("/api/maps/maintenance?unidadEconomicaId=3");
    assert.equal(
      (after.body.data.mapaCalor.locations as Loc[]).find((x) => x.id === target.id)!.numContrato,
      null,
    );
    const actions = await t.db.query<{ after: unknown }>(
      "select after from audit_log where action = 'maps.assign' order by id",
    );
    assert.equal(actions.length, 2);
    assert.equal(parse(actions[1].after).contrato, null);
    const closed = await staff.get(`/api/maps/locals/${target.id}/history?unidadEconomicaId=3`);
    assert.equal(closed.body.data[0].hasta, today, "'Limpiar' closes the holder's row");

    const jefe = await t.signedIn("jefeoperaciones@demo.pe");
    for (
      const r of [
        await jefe.get("/api/maps/maintenance?unidadEconomicaId=3"),
        await jefe.post("/api/maps/assignment", {
          unidadEconomicaId: 3,
          contrato: other.code,
          local: target.code,
          version: 0,
        }),
        await jefe.post("/api/maps/assignment/clear", { unidadEconomicaId: 3, idObj: target.id, version: 0 }),
        await jefe.get(`/api/maps/locals/${target.id}/history?unidadEconomicaId=3`),
      ]
    ) {
      assert.equal(r.body.success, false);
      assert.equal(r.body.message, NO_PERMISSION);
    }
    assert.equal((await t.db.query("select 1 from audit_log where action = 'maps.assign'")).length, 2);
  },
);
