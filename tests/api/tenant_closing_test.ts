import assert from "node:assert/strict";
import { addDays, dmy, monthYear } from "../../services/days.ts";
import { forEachDb } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import { closingBody, contractOf, count, TODAY, YESTERDAY } from "../helpers/tenant.ts";

const kinds = await dbKinds();
const DONE_TODAY = "Ya se realizó el registro del cierre de ventas del día de hoy.";
const ALREADY = "Ya se registró el cierre de ventas de esa fecha.";

forEachDb("registering: yesterday, then today, then 'Ya se realizó…'", kinds, async (t) => {
  const a = await contractOf(t.db, "tenant@demo.pe");
  const tenant = await t.signedIn("tenant@demo.pe");
  const pending = await tenant.get("/api/tenant/closings/pending");
  assert.equal(pending.body.data.fechaPorRegistrar, YESTERDAY, "the seed leaves yesterday to register");
  assert.equal(pending.body.data.mensaje, null);
  assert.deepEqual(
    pending.body.data.suministros.map((s: { idSuministroPorLocatario: number }) =>
      s.idSuministroPorLocatario
    ),
    a.points,
  );
  assert.equal(pending.body.data.contrato.nroContrato, a.code);

  const saved = await tenant.post("/api/tenant/closings", closingBody(a.points, YESTERDAY, 1500.5, 31));
  assert.equal(saved.status, 200, saved.text);
  assert.equal(saved.body.data.messageId, 100);
  assert.equal(saved.body.data.fechaRegistro, YESTERDAY);
  const rows = await t.db.query<{ amount: number; transactions: number; registered_by: number }>(
    "select amount, transactions, registered_by from sales_closings where contract_id = $1 and sale_date = $2",
    [a.id, YESTERDAY],
  );
  assert.equal(rows.length, a.points.length);
  assert.ok(rows.every((r) => Number(r.amount) === 1500.5 && r.transactions === 31));
  assert.equal(
    await count(
      t.db,
      "select 1 from audit_log where entity = 'sales_closing' and action = 'tenant.closing_create'",
    ),
    1,
  );

  // Today is registrable (a shop closes its day in the evening); after it, nothing is left.
  assert.equal((await tenant.get("/api/tenant/closings/pending")).body.data.fechaPorRegistrar, TODAY);
  assert.equal((await tenant.post("/api/tenant/closings", closingBody(a.points, TODAY))).status, 200);
  const done = (await tenant.get("/api/tenant/closings/pending")).body.data;
  assert.equal(done.fechaPorRegistrar, null);
  assert.equal(done.mensaje, DONE_TODAY);
  assert.equal(done.tipoMensaje, "success");

  // A late resubmit of a registered day is told so and writes nothing.
  const before = await count(t.db, "select 1 from sales_closings where contract_id = $1", [a.id]);
  const again = await tenant.post("/api/tenant/closings", closingBody(a.points, YESTERDAY, 9));
  assert.equal(again.status, 409);
  assert.equal(again.body.errorId, 449);
  assert.equal(again.body.message, ALREADY);
  const future = await tenant.post("/api/tenant/closings", closingBody(a.points, addDays(TODAY, 1)));
  assert.equal(future.body.data.fechaRegistro, "No se puede registrar el cierre de un día futuro.");
  assert.equal(await count(t.db, "select 1 from sales_closings where contract_id = $1", [a.id]), before);
});

forEachDb("registering: concurrent submits of one day write it once", kinds, async (t) => {
  const a = await contractOf(t.db, "tenant@demo.pe");
  const tenant = await t.signedIn("tenant@demo.pe");
  const operador = await t.signedIn("operador@demo.pe");
  const body = closingBody(a.points, YESTERDAY);
  const answers = await Promise.all([
    tenant.post("/api/tenant/closings", body),
    operador.post("/api/tenant/closings", body),
    tenant.post("/api/tenant/closings", body),
    operador.post("/api/tenant/closings", body),
  ]);
  const statuses = answers.map((r) => r.status).sort();
  assert.deepEqual(statuses, [200, 409, 409, 409], answers.map((r) => r.text).join("\n"));
  for (const r of answers.filter((x) => x.status === 409)) assert.equal(r.body.message, ALREADY);
  assert.equal(
    await count(t.db, "select 1 from sales_closings where contract_id = $1 and sale_date = $2", [
      a.id,
      YESTERDAY,
    ]),
    a.points.length,
  );
  assert.equal(await count(t.db, "select 1 from audit_log where entity = 'sales_closing'"), 1);
}, { isolation: "database" });

forEachDb(
  "registering: out-of-order days, foreign supply points and every validation message",
  kinds,
  async (t) => {
    const a = await contractOf(t.db, "tenant@demo.pe");
    const c = await contractOf(t.db, "tenant2@demo.pe");
    const tenant = await t.signedIn("tenant@demo.pe");
    const before = await count(t.db, "select 1 from sales_closings");
    const post = (body: unknown) => tenant.post("/api/tenant/closings", body);
    const field = async (body: unknown) => {
      const r = await post(body);
      assert.equal(r.status, 422, r.text);
      assert.equal(r.body.errorId, 422);
      assert.equal(r.body.message, "Los datos ingresados no son válidos.");
      return r.body.data;
    };
    const one = (x: Record<string, unknown>) => ({
      fechaRegistro: YESTERDAY,
      suministros: a.points.map((id, i) =>
        i === 0 ? { idSuministroPorLocatario: id, ...x } : {
          idSuministroPorLocatario: id,
          venta: 1,
          transacciones: 1,
        }
      ),
    });
    assert.deepEqual(await field({}), {
      fechaRegistro: "Ingresar la fecha de registro.",
      suministros: "Ingrese la venta y las transacciones de cada suministro.",
    });
    assert.deepEqual(await field({ fechaRegistro: YESTERDAY, suministros: [] }), {
      suministros: "Ingrese la venta y las transacciones de cada suministro.",
    });
    assert.equal(
      (await field(one({ venta: -1, transacciones: 1 })))["suministros.0.venta"],
      "La venta no puede ser negativa.",
    );
    assert.equal(
      (await field(one({ venta: 10.123, transacciones: 1 })))["suministros.0.venta"],
      "La venta admite como máximo 2 decimales.",
    );
    assert.equal(
      (await field(one({ venta: 10_000_000.01, transacciones: 1 })))["suministros.0.venta"],
      "La venta no puede superar S/ 10,000,000.00 por suministro y día.",
    );
    // Something that is not a number is told so, not answered with the empty field's text (issue 19).
    assert.equal(
      (await field(one({ venta: "12", transacciones: 1 })))["suministros.0.venta"],
      "Ingresar solo números.",
    );
    assert.equal(
      (await field(one({ venta: 1, transacciones: "abc" })))["suministros.0.transacciones"],
      "Ingresar solo números.",
    );
    assert.equal(
      (await field(one({ venta: null, transacciones: 1 })))["suministros.0.venta"],
      "Ingresar la venta.",
    );
    assert.equal(
      (await field(one({ venta: 1 })))["suministros.0.transacciones"],
      "Ingresar el número de transacciones.",
    );
    assert.equal(
      (await field(one({ venta: 1, transacciones: 2.5 })))["suministros.0.transacciones"],
      "El número de transacciones debe ser un número entero.",
    );
    assert.equal(
      (await field(one({ venta: 1, transacciones: -3 })))["suministros.0.transacciones"],
      "El número de transacciones no puede ser negativo.",
    );
    assert.equal(
      (await field(one({ venta: 1, transacciones: 100_001 })))["suministros.0.transacciones"],
      "El número de transacciones no puede superar 100,000 por suministro y día.",
    );
    assert.equal(
      (await field({ ...closingBody(a.points, YESTERDAY), fechaRegistro: "2026-02-30" })).fechaRegistro,
      "Ingresar una fecha válida (dd/MM/yyyy).",
    );
    assert.equal(
      (await field({ ...closingBody(a.points, YESTERDAY), fechaRegistro: "1999-12-31" })).fechaRegistro,
      "La fecha debe estar entre los años 2000 y 2100.",
    );
    assert.equal(
      (await field({ ...closingBody(a.points, YESTERDAY), idLocatario: c.id })).json,
      "Parámetro no permitido: idLocatario.",
    );
    // Every supply point once: a missing or repeated one is refused.
    assert.equal(
      (await field(closingBody(a.points.slice(1), YESTERDAY))).suministros,
      "Ingrese la venta y las transacciones de cada suministro.",
    );
    assert.equal(
      (await field(closingBody([a.points[0], a.points[0]], YESTERDAY))).suministros,
      "Ingrese la venta y las transacciones de cada suministro.",
    );
    const malformed = await tenant.call("POST", "/api/tenant/closings", "{not json");
    assert.equal(malformed.body.data.body, "El cuerpo de la solicitud no es JSON válido.");

    // Another tenant's supply point: not found, never written.
    const foreign = await post(closingBody([a.points[0], c.points[0]], YESTERDAY));
    assert.equal(foreign.status, 404);
    // Only the oldest pending day: a gap cannot be skipped, an earlier day cannot be written twice.
    const skip = await post(closingBody(a.points, TODAY));
    assert.equal(skip.body.errorId, 449);
    assert.equal(skip.body.message, `Corresponde registrar el cierre de ventas del ${dmy(YESTERDAY)}.`);
    const old = await post(closingBody(a.points, addDays(YESTERDAY, -20)));
    assert.equal(old.body.message, ALREADY);
    assert.equal(await count(t.db, "select 1 from sales_closings"), before, "nothing was written");
  },
);

forEachDb("registering: a closed month or the closing lock refuses it with the reason", kinds, async (t) => {
  const a = await contractOf(t.db, "tenant@demo.pe");
  const tenant = await t.signedIn("tenant@demo.pe");
  const before = await count(t.db, "select 1 from sales_closings");
  const month = `${YESTERDAY.slice(0, 7)}-01`;
  await t.db.query("insert into period_locks (month, locked) values ($1, true)", [month]);
  const closed = `El periodo ${
    monthYear(YESTERDAY)
  } está cerrado: no se pueden registrar ni modificar ventas de ese mes.`;
  const r = await tenant.post("/api/tenant/closings", closingBody(a.points, YESTERDAY));
  assert.equal(r.status, 409);
  assert.equal(r.body.errorId, 449);
  assert.equal(r.body.message, closed);
  const pending = (await tenant.get("/api/tenant/closings/pending")).body.data;
  if (YESTERDAY.slice(0, 7) === TODAY.slice(0, 7)) {
    assert.equal(pending.fechaPorRegistrar, null);
    assert.equal(pending.mensaje, closed, "the screen says why nothing can be registered");
    assert.equal(pending.tipoMensaje, "warning", "a closed period is a warning, not a success");
  } else {
    assert.equal(pending.fechaPorRegistrar, TODAY, "a closed month is skipped");
  }
  await t.db.query("update period_locks set locked = false");
  // 'Bloquear Cierres' through yesterday: yesterday is refused, today (the next open day) is offered.
  await t.db.query("insert into closing_locks (locked_through) values ($1)", [YESTERDAY]);
  const locked = await tenant.post("/api/tenant/closings", closingBody(a.points, YESTERDAY));
  assert.equal(
    locked.body.message,
    `Los cierres de ventas están bloqueados hasta el ${
      dmy(YESTERDAY)
    }: no se pueden registrar ni modificar ventas de esas fechas.`,
  );
  assert.equal(await count(t.db, "select 1 from sales_closings"), before);
  assert.equal((await tenant.get("/api/tenant/closings/pending")).body.data.fechaPorRegistrar, TODAY);
  assert.equal((await tenant.post("/api/tenant/closings", closingBody(a.points, TODAY))).status, 200);
});

forEachDb(
  "closing history: edits are kept (who, when, before, after) and locked days refuse them",
  kinds,
  async (t) => {
    const a = await contractOf(t.db, "tenant@demo.pe");
    const tenant = await t.signedIn("tenant@demo.pe");
    const from = addDays(YESTERDAY, -10);
    const list = await tenant.get(`/api/tenant/closings?fechaInicial=${from}&fechaFinal=${TODAY}`);
    assert.equal(list.status, 200);
    const table = list.body.data.table;
    const expected = await t.db.query<{ id: number; amount: number }>(
      "select id, amount from sales_closings where contract_id = $1 and sale_date between $2 and $3",
      [a.id, from, TODAY],
    );
    assert.equal(table.length, expected.length);
    assert.deepEqual(Object.keys(table[0]).sort(), [
      "cambios",
      "cierreVentaId",
      "descripcion",
      "fechaVenta",
      "modificacionFecha",
      "nombreCompleto",
      "numeroTransacciones",
      "registroFecha",
      "suministro",
      "ventasValor",
      "version",
    ]);
    const total = expected.reduce((n, r) => n + Math.round(Number(r.amount) * 100), 0) / 100;
    assert.equal(list.body.data.auxData.totalVentas, total);

    const row = table[0];
    assert.equal(row.version, 0, "a closing never edited is at version 0");
    // The version an edit form reads now (each edit below is made by someone who opened the form after
    // the one before it).
    const versionNow = async () =>
      (await tenant.get(`/api/tenant/closings?fechaInicial=${from}&fechaFinal=${TODAY}`)).body.data.table
        .find((r: { cierreVentaId: number }) => r.cierreVentaId === row.cierreVentaId).version;
    const edit = await tenant.put(`/api/tenant/closings/${row.cierreVentaId}`, {
      ventasValor: 777.7,
      numeroTransacciones: 7,
      version: row.version,
    });
    assert.equal(edit.status, 200, edit.text);
    assert.equal(edit.body.data.messageId, 101);
    const operador = await t.signedIn("operador@demo.pe");
    const byOperator = await operador.put(`/api/tenant/closings/${row.cierreVentaId}`, {
      ventasValor: 800,
      numeroTransacciones: 8,
      version: await versionNow(),
    });
    assert.equal(byOperator.status, 200, byOperator.text);
    const history = (await tenant.get(`/api/tenant/closings/${row.cierreVentaId}/history`)).body.data.table;
    assert.equal(history.length, 2);
    assert.deepEqual(history[1].antes, {
      ventasValor: row.ventasValor,
      numeroTransacciones: row.numeroTransacciones,
    });
    assert.deepEqual(history[1].despues, { ventasValor: 777.7, numeroTransacciones: 7 });
    assert.equal(history[1].usuario, "Lucía Fernández Huamán");
    assert.deepEqual(history[0].antes, { ventasValor: 777.7, numeroTransacciones: 7 });
    assert.deepEqual(history[0].despues, { ventasValor: 800, numeroTransacciones: 8 });
    assert.equal(history[0].usuario, "Rosa Condori Ticona");
    assert.ok(Date.parse(history[0].fecha) >= Date.parse(history[1].fecha));
    const again = (await tenant.get(`/api/tenant/closings?fechaInicial=${from}&fechaFinal=${TODAY}`)).body
      .data.table
      .find((r: { cierreVentaId: number }) => r.cierreVentaId === row.cierreVentaId);
    assert.equal(again.ventasValor, 800);
    assert.equal(again.cambios, 2);
    assert.ok(again.modificacionFecha);
    assert.equal(
      await count(
        t.db,
        "select 1 from audit_log where entity = 'sales_closing' and action = 'tenant.closing_update'",
      ),
      2,
    );

    // The same values again change nothing and add no history.
    await tenant.put(`/api/tenant/closings/${row.cierreVentaId}`, {
      ventasValor: 800,
      numeroTransacciones: 8,
      version: await versionNow(),
    });
    assert.equal(
      (await tenant.get(`/api/tenant/closings/${row.cierreVentaId}/history`)).body.data.table.length,
      2,
    );

    const bad = await tenant.put(`/api/tenant/closings/${row.cierreVentaId}`, {
      ventasValor: -5,
      numeroTransacciones: 1.5,
      version: await versionNow(),
    });
    assert.deepEqual(bad.body.data, {
      ventasValor: "La venta no puede ser negativa.",
      numeroTransacciones: "El número de transacciones debe ser un número entero.",
    });
    const missing = await tenant.put(`/api/tenant/closings/${row.cierreVentaId}`, {});
    assert.deepEqual(missing.body.data, {
      ventasValor: "Ingresar la venta.",
      numeroTransacciones: "Ingresar el número de transacciones.",
      version: "Falta la versión del registro leído: vuelva a abrir el formulario.",
    });

    // A locked day refuses the edit and keeps the values.
    await t.db.query("insert into closing_locks (locked_through) values ($1)", [row.fechaVenta]);
    const locked = await tenant.put(`/api/tenant/closings/${row.cierreVentaId}`, {
      ventasValor: 1,
      numeroTransacciones: 1,
      version: await versionNow(),
    });
    assert.equal(locked.body.errorId, 449);
    assert.match(locked.body.message, /bloqueados hasta el/);
    const [kept] = await t.db.query<{ amount: number }>("select amount from sales_closings where id = $1", [
      row.cierreVentaId,
    ]);
    assert.equal(Number(kept.amount), 800);

    // Without the session's CSRF token a write is refused.
    const forged = await tenant.call("PUT", `/api/tenant/closings/${row.cierreVentaId}`, {
      ventasValor: 1,
      numeroTransacciones: 1,
      version: await versionNow(),
    }, { "x-csrf-token": "otro" });
    assert.equal(forged.body.errorId, 440);
  },
);

forEachDb("closing query: date range validation", kinds, async (t) => {
  const tenant = await t.signedIn("tenant@demo.pe");
  const data = async (q: string) => {
    const r = await tenant.get(`/api/tenant/closings${q}`);
    assert.equal(r.status, 422, r.text);
    return r.body.data;
  };
  assert.deepEqual(await data(""), {
    fechaInicial: "Ingresar la fecha inicial.",
    fechaFinal: "Ingresar la fecha final.",
  });
  assert.deepEqual(await data("?fechaInicial=2026-03-05&fechaFinal=2026-03-01"), {
    fechaFinal: "La fecha inicial no puede ser posterior a la fecha final.",
  });
  assert.deepEqual(await data("?fechaInicial=1999-01-01&fechaFinal=2101-01-01"), {
    fechaInicial: "La fecha debe estar entre los años 2000 y 2100.",
    fechaFinal: "La fecha debe estar entre los años 2000 y 2100.",
  });
  assert.deepEqual(await data("?fechaInicial=05/03/2026&fechaFinal=2026-13-01"), {
    fechaInicial: "Ingresar una fecha válida (dd/MM/yyyy).",
    fechaFinal: "Ingresar una fecha válida (dd/MM/yyyy).",
  });
  const empty = await tenant.get("/api/tenant/closings?fechaInicial=2000-01-01&fechaFinal=2000-12-31");
  assert.deepEqual(empty.body.data, { table: [], auxData: { totalVentas: 0 } });
});
