// Stale edits (issue 38, item 3), the forms the audit of every update route found without a version: the
// comparison year of /configuracion-global, the category traffic lights (and 'Todos'), a local's vacancy
// status, a group of 'Contratos Símiles' and the tenant's 'Administración de Usuarios' (whose people staff's
// 'Gestionar' edits too). Tab A and tab B read the same version; A saves; B's save over it is refused with
// 448 naming A's person and changes nothing; saving again with the 448's version works.
import assert from "node:assert/strict";
import { type Answer, type Client, forEachDb } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";
import { nameOf, refusedBy } from "../helpers/stale.ts";

const kinds = await dbKinds();

/** Two saves from the same version `v0`: the first wins, the second is refused naming `who`, then replaces it. */
async function staleRound(
  save: (c: Client, value: number, version: number) => Promise<Answer>,
  [a, b]: [Client, Client],
  v0: number,
  who: string,
) {
  const first = await save(a, 1, v0);
  assert.equal(first.status, 200, first.text);
  const late = await save(b, 2, v0);
  refusedBy(late, who);
  return late.body.data.version as number;
}

forEachDb("comparison year: a save over a newer year is refused and keeps it", kinds, async (t) => {
  const admin = await t.signedIn("admin@demo.pe");
  const tabB = await t.signedIn("admin@demo.pe");
  const API = "/api/superadmin/comparison-year";
  const stored = async () => (await admin.get(API)).body.data;
  const v0 = (await stored()).version;
  assert.equal((await admin.put(API, { anioComparativo: 2021, version: v0 })).status, 200);
  const late = await tabB.put(API, { anioComparativo: 2023, version: v0 });
  refusedBy(late, await nameOf(t, "admin@demo.pe"));
  assert.equal((await stored()).anioComparativo, 2021);
  const again = await tabB.put(API, { anioComparativo: 2023, version: late.body.data.version });
  assert.equal(again.status, 200, again.text);
  assert.equal((await stored()).anioComparativo, 2023);
  assert.equal((await stored()).version, again.body.data.version);
});

forEachDb("category traffic lights: an edit over a newer one is refused, 'Todos' too", kinds, async (t) => {
  const admin = await t.signedIn("admin@demo.pe");
  const staff = await t.signedIn("admin@demo.pe");
  type Row = { value: number; label: string; version: number; semaforo: { verde: { hasta: number } } };
  const rows = async () => (await admin.get("/api/maps/categories")).body.data as Row[];
  const ranges = (verde: number) => ({
    verdeDesde: 0,
    verdeHasta: verde,
    amarilloDesde: verde + 1,
    amarilloHasta: 80,
    rojoDesde: 81,
    rojoHasta: 100,
  });
  for (const pick of [(r: Row[]) => r[0], (r: Row[]) => r[1]]) {
    const row = pick(await rows());
    const edit = (c: Client, verde: number, version: number) =>
      c.post("/api/maps/categories", {
        categoriaId: row.value,
        categoriaName: row.label,
        ...ranges(10 + verde),
        version,
      });
    const newer = await staleRound(
      edit,
      [admin, staff],
      pick(await rows()).version,
      await nameOf(t, "admin@demo.pe"),
    );
    const now = () => rows().then((r) => r.find((x) => x.value === row.value)!.semaforo.verde.hasta);
    assert.equal(await now(), 11, `${row.label}: the refused edit changed nothing`);
    assert.equal((await edit(staff, 2, newer)).status, 200);
    assert.equal(await now(), 12);
  }
});

forEachDb("vacancy: a status change over a newer change of the local is refused", kinds, async (t) => {
  const staff = await t.signedIn("staff@demo.pe");
  const admin = await t.signedIn("admin@demo.pe");
  type Loc = { id: number; estado: number; version: number };
  const read = async () =>
    (await staff.get("/api/maps/vacancy?unidadEconomicaId=3")).body.data.mapaCalor.locations as Loc[];
  const loc = (await read()).find((l) => l.estado === 1)!;
  const state = async () => (await read()).find((l) => l.id === loc.id)!;
  const change = (c: Client, status: number, version: number) =>
    c.post("/api/maps/vacancy/status", {
      unidadEconomicaId: 3,
      idObj: loc.id,
      newStatus: status + 1,
      version,
    });
  const newer = await staleRound(
    change,
    [admin, staff],
    loc.version,
    await nameOf(t, "admin@demo.pe"),
  );
  assert.equal((await state()).estado, 2, "the refused change changed nothing");
  assert.equal((await change(staff, 3, newer)).status, 200);
  assert.equal((await state()).estado, 4);
  // The maintenance map's assignment and the vacancy status are one local's changes: one version.
  const m = (await admin.get("/api/maps/maintenance?unidadEconomicaId=3")).body.data.mapaCalor.locations
    .find((l: Loc) => l.id === loc.id);
  assert.equal(m.version, (await state()).version);
});

forEachDb("contratos símiles: an edit over a newer edit of the group is refused", kinds, async (t) => {
  const admin = await t.signedIn("admin@demo.pe");
  const tabB = await t.signedIn("admin@demo.pe");
  type Group = Record<string, string | number | null> & { id: number; version: number };
  const groups = async () => (await admin.get("/api/similar-contracts")).body.data.table as Group[];
  const KEYS = [
    "contratoArequipa",
    "contratoSantaAnita",
    "contratoChiclayo",
    "contratoIquitos",
    "contratoSjl",
  ];
  const members = (x: Group) => KEYS.filter((k) => x[k]);
  // A group of three or more malls, so that one can be dropped and it still has two.
  const g = (await groups()).find((x) => members(x).length >= 3)!;
  const dropped = members(g).at(-1)!;
  const body = (keep: boolean) => ({
    id: g.id,
    ...Object.fromEntries(members(g).map((k) => [k, k === dropped && !keep ? null : g[k]])),
  });
  const edit = (c: Client, n: number, version: number) =>
    c.post("/api/similar-contracts", { ...body(n === 2), version });
  const newer = await staleRound(
    edit,
    [admin, tabB],
    g.version,
    await nameOf(t, "admin@demo.pe"),
  );
  const member = async () => (await groups()).find((x) => x.id === g.id)![dropped];
  assert.equal(await member(), null, "the refused edit changed nothing");
  assert.equal((await edit(tabB, 2, newer)).status, 200);
  assert.equal(await member(), g[dropped]);
});

forEachDb(
  "tenant users: a save over a newer one, or over staff's 'Gestionar', is refused and changes nothing",
  kinds,
  async (t) => {
    // The same person in two tabs.
    const [tenant, tabB] = [await t.signedIn("tenant@demo.pe"), await t.signedIn("tenant@demo.pe")];
    const read = async () => (await tenant.get("/api/tenant/users")).body.data;
    const d = await read();
    const slot = (s: string, name?: string) =>
      d[s] ? { correo: d[s].correo, nombreCompleto: name ?? d[s].nombreCompleto } : null;
    const save = (c: Client, n: number, version: number) =>
      c.put("/api/tenant/users", {
        administrador: slot("administrador"),
        operador: slot("operador"),
        financiero1: slot("financiero1", `Persona Financiera ${n}`),
        financiero2: slot("financiero2"),
        version,
      });
    assert.ok(d.financiero1, "tenant@'s contract has a first finance person");
    const who = await nameOf(t, "tenant@demo.pe");
    const newer = await staleRound(save, [tenant, tabB], d.version, who);
    assert.equal((await read()).financiero1.nombreCompleto, "Persona Financiera 1");
    const again = await save(tabB, 2, newer);
    assert.equal(again.status, 200, again.text);
    assert.equal((await read()).financiero1.nombreCompleto, "Persona Financiera 2");

    // Staff's 'Gestionar' of the same contract, read before the tenant's save, is refused too, and the other
    // way round: both edit the same people, so they share one version.
    const staff = await t.signedIn("staff@demo.pe");
    const [c] = await t.db.query<{ code: string }>(
      `select c.code from contracts c join contract_users cu on cu.contract_id = c.id
       join users u on u.id = cu.user_id where u.email = 'tenant@demo.pe' and cu.is_default`,
    );
    const m = (await staff.get(`/api/staff-tenants/manage?numContrato=${c.code}`)).body.data;
    assert.equal(m.version, (await read()).version);
    const tenantView = (await read()).version;
    const person = (s: string) =>
      m.personas[s] ? { correo: m.personas[s].correo, nombre: m.personas[s].nombre } : null;
    const manage = await staff.put("/api/staff-tenants/manage", {
      numContrato: c.code,
      administrador: person("administrador"),
      operador: person("operador"),
      financiero1: { ...person("financiero1")!, nombre: "Persona Financiera 3" },
      financiero2: person("financiero2"),
      clasificacionComercialId: m.clasificacionComercialId,
      clasificacionSubComercialId: m.clasificacionSubComercialId,
      categoriaId: m.categoriaId,
      version: m.version,
    });
    assert.equal(manage.status, 200, manage.text);
    const late = await save(tenant, 4, tenantView);
    refusedBy(late, await nameOf(t, "staff@demo.pe"));
    assert.equal((await read()).financiero1.nombreCompleto, "Persona Financiera 3");
  },
);
