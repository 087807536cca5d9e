// Issue 42, item 6: the demo roles hold what their descriptions say (fixtures/accounts.ts, the README's table).
// gerencia@ is described as seeing every report: every permission a report's extracts are read with, and
// every heat map; it lacked the event log's (Bitácora de Eventos) until sql/030.
import assert from "node:assert/strict";
import { FAMILIES } from "#contract/extracts.ts";
import { PERMISSIONS } from "#contract/permissions.ts";
import { DEMO_ACCOUNTS } from "../../fixtures/accounts.ts";
import { forEachDb } from "../helpers/api.ts";
import { dbKinds, SEED_TODAY } from "../helpers/db.ts";

const kinds = await dbKinds();

forEachDb("gerencia@ sees every report and heat map, as its description says", kinds, async (t) => {
  const account = DEMO_ACCOUNTS.find((a) => a.email === "gerencia@demo.pe")!;
  assert.match(account.purpose, /every report and heat map/);
  const held = new Set(
    (await t.db.query<{ permission_id: string }>(
      `select rp.permission_id from role_permissions rp join users u on u.role_id = rp.role_id
        where u.email = 'gerencia@demo.pe'`,
    )).map((r) => r.permission_id),
  );
  const reports = new Set([
    ...Object.values(FAMILIES).flatMap((f) => f.permissions as readonly string[]),
    ...Object.keys(PERMISSIONS).filter((p) => p.startsWith("MAPA_CALOR_")),
  ]);
  assert.deepEqual([...reports].filter((p) => !held.has(p)), [], "report permissions gerencia@ lacks");

  t.clock.set(`${SEED_TODAY}T17:00:00Z`);
  const gerencia = await t.signedIn("gerencia@demo.pe");
  const today = SEED_TODAY;
  const log = await gerencia.get(`/api/events?unidadEconomicaId=3&fechaInicio=${today}&fechaFin=${today}`);
  assert.equal(log.status, 200, log.text);
});
