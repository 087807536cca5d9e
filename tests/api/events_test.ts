// Bitácora de Eventos: the 6-day window and start-after-end refused by the server, the name's message, the
// permission, and an event stored with who and when (audited).
import assert from "node:assert/strict";
import { forEachDb } from "../helpers/api.ts";
import { dbKinds, SEED_TODAY } from "../helpers/db.ts";

const kinds = await dbKinds();
const NAME_REQUIRED = "Ingrese Nombre de Evento";
const SAVED = "Guardado Exitoso";
const NO_PERMISSION = "El usuario no cuenta con los permisos necesarios.";

const shift = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const dmy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

forEachDb("events: the window, the name's message, the permission, a stored event", kinds, async (t) => {
  // The demo data's day: the clock at noon in Lima of the seed's today.
  t.clock.set(`${SEED_TODAY}T17:00:00Z`);
  const today = SEED_TODAY;
  const admin = await t.signedIn("admin@demo.pe");
  const list = (mall: number, from: string, to: string) =>
    admin.get(`/api/events?unidadEconomicaId=${mall}&fechaInicio=${from}&fechaFin=${to}`);

  const ok = await list(0, shift(today, -5), today);
  assert.equal(ok.status, 200, ok.text);
  assert.ok(ok.body.data.eventos.length >= 1, "the demo data logs events in the last days");
  assert.ok(
    ok.body.data.eventos.every((e: { fecha: string }) => e.fecha >= shift(today, -5) && e.fecha <= today),
  );

  // The window: start after end, before today − 5, after today.
  const order = await list(3, today, shift(today, -1));
  assert.equal(order.status, 422);
  assert.ok(Object.values(order.body.data).length === 1);
  assert.equal((await list(3, shift(today, -6), today)).status, 422, "7 days back is outside the window");
  assert.equal(
    (await list(3, shift(today, -2), shift(today, 1))).status,
    422,
    "tomorrow is outside the window",
  );

  // Adding: the name is required, with the spec's message.
  const noName = await admin.post("/api/events", { fecha: dmy(today), evento: "  ", unidadEconomicaId: 3 });
  assert.equal(noName.status, 422);
  assert.equal(noName.body.data.evento, NAME_REQUIRED);
  const missing = await admin.post("/api/events", { fecha: dmy(today), unidadEconomicaId: 3 });
  assert.equal(missing.body.data.evento, NAME_REQUIRED);
  const future = await admin.post("/api/events", {
    fecha: dmy(shift(today, 1)),
    evento: "Mañana",
    unidadEconomicaId: 3,
  });
  assert.equal(future.status, 422, "an event after today is refused");
  const allMalls = await admin.post("/api/events", { fecha: dmy(today), evento: "x", unidadEconomicaId: 0 });
  assert.equal(allMalls.status, 422, "an event belongs to one mall");

  const saved = await admin.post("/api/events", {
    fecha: dmy(shift(today, -1)),
    evento: "Feria de prueba",
    unidadEconomicaId: 3,
  });
  assert.equal(saved.status, 200, saved.text);
  assert.equal(saved.body.message, SAVED);
  const [row] = await t.db.query<{ day: string; created_by: number; name: string }>(
    "select day, created_by, name from events where name = 'Feria de prueba'",
  );
  assert.equal(String(row.day), shift(today, -1));
  const [who] = await t.db.query<{ id: number }>("select id from users where email = 'admin@demo.pe'");
  assert.equal(row.created_by, who.id);
  const audits = await t.db.query("select 1 from audit_log where action = 'events.create'");
  assert.equal(audits.length, 1);
  const after = await list(3, shift(today, -5), today);
  assert.ok(after.body.data.eventos.some((e: { evento: string }) => e.evento === "Feria de prueba"));

  // A role without BITACORA_EVENTOS (coordinadores) gets the permission error, on reading and adding; its
  // traffic permissions read the chart marks.
  const coord = await t.signedIn("coordinadores@demo.pe");
  const denied = await coord.post("/api/events", { fecha: dmy(today), evento: "x", unidadEconomicaId: 3 });
  assert.equal(denied.status, 403, denied.text);
  assert.equal(denied.body.message, NO_PERMISSION);
  assert.equal(
    (await coord.get(`/api/events?unidadEconomicaId=3&fechaInicio=${today}&fechaFin=${today}`)).body.message,
    NO_PERMISSION,
  );
  const marks = await coord.get(
    `/api/events/marks?unidadEconomicaId=3&desde=${shift(today, -5)}&hasta=${today}`,
  );
  assert.equal(marks.status, 200, marks.text);
  assert.ok(marks.body.data.some((e: { evento: string }) => e.evento === "Feria de prueba"));
  const tenant = await t.signedIn("tenant@demo.pe");
  assert.equal(
    (await tenant.get(`/api/events/marks?unidadEconomicaId=3&desde=${today}&hasta=${today}`)).body.errorId,
    600,
  );
});
