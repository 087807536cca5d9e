// Heat maps (issue 15): the vacancy map's plan and boxes, a status change (audited, visible in the locals
// data and the 'locals' extract the dashboard reads), the category traffic lights (add / edit / delete with
// the spec's success ids, the name message, the partition refused, 'Todos' kept) and the permissions.
import assert from "node:assert/strict";
import { versionOf } from "../../services/extracts/versions.ts";
import { forEachDb } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";

const kinds = await dbKinds();
// The spec's texts (spec 2 sections 5 and 8, spec 1 section 8) and those docs/decisions.md defines.
const NO_PERMISSION = "El usuario no cuenta con los permisos necesarios.";
const NAME_REQUIRED = "Ingresar el nombre de la categoría";
const CREATED = "Creación Exitosa.";
const SAVED = "Los cambios fueron guardados con exito.";
const DELETED = "Se eliminó exitosamente.";
const PARTITION = "Los rangos verde, amarillo y rojo deben cubrir de 0 a 100 sin superponerse.";

const ranges = (name: string, a: number, b: number) => ({
  categoriaName: name,
  verdeDesde: 0,
  verdeHasta: a,
  amarilloDesde: a + 1,
  amarilloHasta: b,
  rojoDesde: Math.min(b + 1, 100),
  rojoHasta: 100,
});

forEachDb("vacancy map: plan, boxes, status change audited and seen in the locals data", kinds, async (t) => {
  const staff = await t.signedIn("jefeoperaciones@demo.pe");
  const map = await staff.get("/api/maps/vacancy?unidadEconomicaId=3");
  assert.equal(map.status, 200, map.text);
  const { mapaCalor, vacancyData, malls, mallId } = map.body.data;
  assert.equal(mallId, 3);
  assert.ok(malls.some((m: { value: number }) => m.value === 3));
  const [db] = await t.db.query<{ n: number; area: number; vacant: number }>(
    `select count(*)::int as n, sum(area)::float8 as area,
            sum(case when vacancy_state = 4 then area else 0 end)::float8 as vacant
       from locals where mall_id = 3`,
  );
  assert.equal(mapaCalor.locations.length, Number(db.n));
  assert.ok(mapaCalor.levels.length >= 1);
  assert.ok(Math.abs(vacancyData.areaArrendable - Number(db.area)) < 1e-6);
  assert.ok(Math.abs(vacancyData.vacancy - Number(db.vacant) / Number(db.area) * 100) < 1e-9);
  const loc = mapaCalor.locations.find((l: { estado: number; numContrato: string | null }) =>
    l.estado !== 4 && l.numContrato
  );
  assert.ok(loc, "an occupied local");
  assert.deepEqual(Object.keys(loc.shape).sort(), ["h", "w", "x", "y"]);

  const v0 = (await versionOf(t.db, "locals"))!.version;
  const changed = await staff.post("/api/maps/vacancy/status", {
    unidadEconomicaId: 3,
    idObj: loc.id,
    newStatus: 4,
    version: loc.version,
  });
  assert.equal(changed.status, 200, changed.text);
  assert.equal(changed.body.data.messageId, 101);
  const [after] = await t.db.query<{ vacancy_state: number }>(
    "select vacancy_state from locals where id = $1",
    [
      loc.id,
    ],
  );
  assert.equal(Number(after.vacancy_state), 4);
  assert.ok((await versionOf(t.db, "locals"))!.version > v0, "the locals extract changed");
  const [row] = await t.db.query<{ user_id: number; entity_id: string; before: unknown; after: unknown }>(
    "select user_id, entity_id, before, after from audit_log where action = 'maps.vacancy_update'",
  );
  assert.equal(row.entity_id, String(loc.id));
  const parse = (x: unknown) => (typeof x === "string" ? JSON.parse(x) : x);
  assert.equal(parse(row.before).estado, loc.estado);
  assert.equal(parse(row.after).estado, 4);
  const again = await staff.get("/api/maps/vacancy?unidadEconomicaId=3");
  assert.ok(again.body.data.vacancyData.vacancy > vacancyData.vacancy, "the Vacancy box follows");

  // A local of another mall, a status out of 1–4: field messages, nothing written.
  const [other] = await t.db.query<{ id: number }>("select id from locals where mall_id <> 3 limit 1");
  const wrongMall = await staff.post("/api/maps/vacancy/status", {
    unidadEconomicaId: 3,
    idObj: other.id,
    newStatus: 2,
    version: 0,
  });
  assert.equal(wrongMall.status, 422, wrongMall.text);
  assert.equal(wrongMall.body.data.idObj, "El objeto de alquiler no pertenece a este mall.");
  const badStatus = await staff.post("/api/maps/vacancy/status", {
    unidadEconomicaId: 3,
    idObj: loc.id,
    newStatus: 5,
    version: 0,
  });
  assert.equal(badStatus.status, 422);
  assert.equal(badStatus.body.data.newStatus, "Seleccione un estado.");

  // Without the permission: refused, nothing changed.
  const other2 = await t.signedIn("pruebas@demo.pe");
  const refusedMap = await other2.get("/api/maps/vacancy?unidadEconomicaId=3");
  assert.equal(refusedMap.body.message, NO_PERMISSION);
  const refused = await other2.post("/api/maps/vacancy/status", {
    unidadEconomicaId: 3,
    idObj: loc.id,
    newStatus: 1,
    version: 0,
  });
  assert.equal(refused.body.success, false);
  assert.equal(refused.body.message, NO_PERMISSION);
  const [still] = await t.db.query<{ vacancy_state: number }>(
    "select vacancy_state from locals where id = $1",
    [
      loc.id,
    ],
  );
  assert.equal(Number(still.vacancy_state), 4);
});

forEachDb(
  "category traffic lights: list, add, edit, delete, messages, 'Todos', permission",
  kinds,
  async (t) => {
    const admin = await t.signedIn("admin@demo.pe");
    const list = await admin.get("/api/maps/categories");
    assert.equal(list.status, 200, list.text);
    const rows = list.body.data as { value: number; label: string; semaforo: Record<string, unknown> }[];
    assert.equal(rows[0].label, "Todos");
    assert.deepEqual(rows[0].semaforo, {
      verde: { desde: 0, hasta: 30 },
      amarillo: { desde: 31, hasta: 60 },
      rojo: { desde: 61, hasta: 100 },
    });
    const [{ n }] = await t.db.query<{ n: number }>("select count(*)::int as n from categories");
    assert.equal(rows.length, Number(n) + 1);

    const blank = await admin.put("/api/maps/categories", ranges("  ", 30, 60));
    assert.equal(blank.status, 422);
    assert.equal(blank.body.data.categoriaName, NAME_REQUIRED);
    const gap = await admin.put("/api/maps/categories", { ...ranges("Mascotas", 30, 60), amarilloDesde: 35 });
    assert.equal(gap.status, 422);
    assert.equal(gap.body.data.semaforo, PARTITION);

    const added = await admin.put("/api/maps/categories", ranges("Mascotas", 20, 70));
    assert.equal(added.status, 200, added.text);
    assert.equal(added.body.message, CREATED);
    assert.equal(added.body.data.messageId, 100);
    const id = added.body.data.categoriaId as number;
    const [stored] = await t.db.query<{ verde_hasta: number; amarillo_hasta: number }>(
      "select verde_hasta, amarillo_hasta from categories where id = $1",
      [id],
    );
    assert.deepEqual([Number(stored.verde_hasta), Number(stored.amarillo_hasta)], [20, 70]);

    const versionOfRow = async (value: number) =>
      ((await admin.get("/api/maps/categories")).body.data as { value: number; version: number }[])
        .find((r) => r.value === value)!.version;
    const edited = await admin.post("/api/maps/categories", {
      categoriaId: id,
      ...ranges("Mascotas y más", 10, 90),
      version: await versionOfRow(id),
    });
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.body.message, SAVED);
    assert.equal(edited.body.data.messageId, 101);
    const todos = await admin.post("/api/maps/categories", {
      categoriaId: 0,
      ...ranges("Todos", 40, 80),
      version: await versionOfRow(0),
    });
    assert.equal(todos.body.data.messageId, 101, todos.text);
    const relisted = await admin.get("/api/maps/categories");
    assert.deepEqual(relisted.body.data[0].semaforo.amarillo, { desde: 41, hasta: 80 });
    assert.ok(relisted.body.data.some((r: { label: string }) => r.label === "Mascotas y más"));

    const todosDelete = await admin.del("/api/maps/categories/0");
    assert.equal(todosDelete.status, 422);
    const [used] = await t.db.query<{ category_id: number }>("select category_id from contracts limit 1");
    const inUse = await admin.del(`/api/maps/categories/${used.category_id}`);
    assert.equal(inUse.status, 422, inUse.text);
    const removed = await admin.del(`/api/maps/categories/${id}`);
    assert.equal(removed.status, 200, removed.text);
    assert.equal(removed.body.message, DELETED);
    assert.equal(removed.body.data.messageId, 301);
    const actions = await t.db.query<{ action: string }>(
      "select action from audit_log where action like 'maps.category_%' order by id",
    );
    assert.deepEqual(actions.map((a) => a.action), [
      "maps.category_create",
      "maps.category_update",
      "maps.category_update",
      "maps.category_delete",
    ]);

    // The mall operations head sees the vacancy map but not the category management.
    const jefe = await t.signedIn("jefeoperaciones@demo.pe");
    const refused = await jefe.put("/api/maps/categories", ranges("Otra", 30, 60));
    assert.equal(refused.body.success, false);
    assert.equal(refused.body.message, NO_PERMISSION);
    const refusedList = await jefe.get("/api/maps/categories");
    assert.equal(refusedList.body.message, NO_PERMISSION);
  },
);

forEachDb(
  "sales map: a shop's figures against the closings, the ranges, the permission",
  kinds,
  async (t) => {
    const staff = await t.signedIn("staff@demo.pe");
    const map = await staff.get("/api/maps/sales?unidadEconomicaId=3");
    assert.equal(map.status, 200, map.text);
    const { diaAnterior, mapaCalor, hayVentas } = map.body.data;
    assert.equal(hayVentas, true);
    const start = `${diaAnterior.slice(0, 7)}-01`;
    type Loc = { numContrato: string | null; indicadores: Record<string, number | null> | null };
    const sold = (mapaCalor.locations as Loc[]).filter((l) => (l.indicadores?.ventaM2MesActual ?? 0) > 0);
    assert.ok(sold.length > 0, "shops sold this month");
    const shop = sold[0];
    const [c] = await t.db.query<{ area: number; dia: number; mes: number; anterior: number }>(
      `select c.area::float8 as area,
            coalesce((select sum(amount) from sales_closings where contract_id = c.id and sale_date = $2), 0)::float8 as dia,
            coalesce((select sum(amount) from sales_closings where contract_id = c.id
                       and sale_date between $3 and $2), 0)::float8 as mes,
            coalesce((select sum(amount) from sales_closings where contract_id = c.id
                       and sale_date >= ($3::date - interval '1 month') and sale_date < $3), 0)::float8 as anterior
       from contracts c where c.code = $1`,
      [shop.numContrato, diaAnterior, start],
    );
    const ind = shop.indicadores!;
    const near = (a: number | null, b: number) =>
      assert.ok(a != null && Math.abs(a - b) < 1e-6, `${a} vs ${b}`);
    near(ind.area, c.area);
    near(ind.ventaDiaAnterior, c.dia);
    near(ind.ventaDiaAnteriorM2, c.dia / c.area);
    near(ind.ventaM2MesActual, c.mes / c.area);
    near(ind.ventaM2MesAnterior, c.anterior / c.area);
    near(ind.ventaMesAnterior, c.anterior);
    near(ind.promedioVentaMesActual, c.mes / Number(diaAnterior.slice(8, 10)));
    assert.ok(ind.rango != null && ind.rango >= 1 && ind.rango <= 6);

    const other = await t.signedIn("jefeoperaciones@demo.pe");
    const refused = await other.get("/api/maps/sales?unidadEconomicaId=3");
    assert.equal(refused.body.message, NO_PERMISSION);
  },
);

forEachDb(
  "closing map: a shop's missing days as Lista Roja counts them, the permission",
  kinds,
  async (t) => {
    const staff = await t.signedIn("staff@demo.pe");
    const map = await staff.get("/api/maps/closings?unidadEconomicaId=3");
    assert.equal(map.status, 200, map.text);
    const { diaAnterior, mapaCalor } = map.body.data;
    type Loc = { numContrato: string; cierre: { diasFaltantes: number; rango: number } | null };
    const withContract = (mapaCalor.locations as Loc[]).filter((l) => l.cierre);
    assert.ok(withContract.length > 0);
    for (const l of withContract.slice(0, 5)) {
      const [c] = await t.db.query<{ due: number; registered: number }>(
        `with c as (select id, greatest(date_trunc('month', $2::date)::date, coalesce(op_start, start_date)) as f
                    from contracts where code = $1)
       select ($2::date - c.f + 1)::int as due,
              (select count(distinct sale_date)::int from sales_closings
                where contract_id = c.id and sale_date between c.f and $2::date) as registered
         from c`,
        [l.numContrato, diaAnterior],
      );
      const missing = Math.max(0, Number(c.due) - Number(c.registered));
      assert.equal(l.cierre!.diasFaltantes, missing, l.numContrato);
      assert.equal(l.cierre!.rango, missing === 0 ? 1 : missing <= 3 ? 2 : 3);
    }
    const other = await t.signedIn("jefeoperaciones@demo.pe");
    const refused = await other.get("/api/maps/closings?unidadEconomicaId=3");
    assert.equal(refused.body.message, NO_PERMISSION);
  },
);
