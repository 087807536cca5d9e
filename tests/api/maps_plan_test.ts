// The floor-plan GeoJSON import (issue 15, docs/floor_plans.md): the stored plan exported and imported back
// with a moved shop, a new level and a new local (seen on the map call, audited maps.plan_import); a file with
// a shop outside the plan, a repeated code or a new local without its area writes nothing.
import assert from "node:assert/strict";
import { exportPlan, importPlan, parsePlan, type PlanLocal } from "../../services/maps_plan.ts";
import { forEachDb } from "../helpers/api.ts";
import { dbKinds } from "../helpers/db.ts";

const kinds = await dbKinds();
type Ring = [number, number][];
const square = (x: number, y: number, w: number, h: number): Ring[] => [
  [[x, y], [x + w, y], [x + w, y + h], [x, y + h], [x, y]],
];

forEachDb(
  "floor plan: GeoJSON export, import with a moved shop and a new local, refusals",
  kinds,
  async (t) => {
    const plan = await exportPlan(t.db, 3);
    const [{ n }] = await t.db.query<{ n: number }>(
      "select count(*)::int as n from locals where mall_id = 3",
    );
    assert.equal(plan.features.length, Number(n));
    const first = plan.features[0];
    first.geometry.coordinates = square(10, 20, 100, 50);
    plan.features.push({
      type: "Feature",
      geometry: { type: "Polygon", coordinates: square(600, 400, 80, 60) },
      properties: { code: "k-900", floor: 4, levelTitle: "Terraza", area: 12.5 },
    });
    const parsed = parsePlan(JSON.parse(JSON.stringify(plan)), 3);
    assert.ok("locals" in parsed, JSON.stringify(parsed));
    const summary = await importPlan(t.db, 3, parsed.locals, {
      userId: null,
      at: new Date(),
      file: "plan.geojson",
    });
    assert.deepEqual(summary, {
      levelsCreated: 1,
      localsCreated: 1,
      localsUpdated: Number(n),
      localsNotInFile: [],
    });
    const [moved] = await t.db.query<{ shape: unknown }>(
      "select shape from locals where mall_id = 3 and code = $1",
      [first.properties.code],
    );
    const shape = typeof moved.shape === "string" ? JSON.parse(moved.shape) : moved.shape;
    assert.deepEqual(shape, { x: 10, y: 20, w: 100, h: 50 });

    const staff = await t.signedIn("staff@demo.pe");
    const map = await staff.get("/api/maps/vacancy?unidadEconomicaId=3");
    const levels = map.body.data.mapaCalor.levels as { id: number; floor: number; title: string }[];
    const terraza = levels.find((l) => l.floor === 4)!;
    assert.equal(terraza.title, "Terraza");
    const added = (map.body.data.mapaCalor.locations as { code: string; levelId: number; area: number }[])
      .find((l) => l.code === "K-900")!;
    assert.deepEqual([added.levelId, added.area], [terraza.id, 12.5]);
    const [a] = await t.db.query<{ entity_id: string }>(
      "select entity_id from audit_log where action = 'maps.plan_import'",
    );
    assert.equal(a.entity_id, "3");

    // Refused whole: a shop outside the plan and a repeated code; a new local without its area.
    const bad = structuredClone(plan);
    bad.features[1].geometry.coordinates = square(1250, 10, 100, 10);
    bad.features[2].properties.code = bad.features[0].properties.code;
    const refused = parsePlan(bad, 3);
    assert.ok("errors" in refused);
    assert.equal(refused.errors.length, 2, refused.errors.join("; "));
    assert.ok("errors" in parsePlan({ type: "FeatureCollection", mall: 3, features: [] }, 3));
    const noArea: PlanLocal[] = [{ code: "K-901", floor: 1, shape: { x: 1, y: 1, w: 5, h: 5 } }];
    await assert.rejects(
      importPlan(t.db, 3, noArea, { userId: null, at: new Date(), file: "x.geojson" }),
      /new locals without an area: K-901/,
    );
    const [{ k }] = await t.db.query<{ k: number }>(
      "select count(*)::int as k from locals where code = 'K-901'",
    );
    assert.equal(Number(k), 0);
  },
);

// Issue 42, item 5: hostile plans are refused with one line each, before anything is written.
Deno.test("floor plan: an open ring, a huge polygon, a title with markup or direction marks, another mall", () => {
  const doc = (patch: (f: Record<string, unknown>) => void, mall = 3) => {
    const f: Record<string, unknown> = {
      type: "Feature",
      geometry: { type: "Polygon", coordinates: square(10, 10, 50, 40) },
      properties: { code: "L-1", floor: 1, levelTitle: "Primer Piso", area: 10 },
    };
    patch(f);
    return { type: "FeatureCollection", mall, features: [f] };
  };
  const props = (f: Record<string, unknown>) => f.properties as Record<string, unknown>;
  const huge: [number, number][] = Array.from(
    { length: 100_000 },
    (_, i) => [i % 1000, Math.floor(i / 1000)],
  );
  huge.push(huge[0]);
  const cases: [string, unknown, RegExp][] = [
    [
      "open ring",
      doc((f) => f.geometry = { type: "Polygon", coordinates: [[[1, 1], [9, 1], [9, 9], [1, 9]]] }),
      /^features\.0\.geometry\.coordinates\.0: the ring is not closed/,
    ],
    [
      "100,000 points",
      doc((f) => f.geometry = { type: "Polygon", coordinates: [huge] }),
      /^features\.0\.geometry\.coordinates\.0: more than 1000 points$/,
    ],
    [
      "<script>",
      doc((f) => props(f).levelTitle = "<script>alert(1)</script>"),
      /^features\.0\.properties\.levelTitle: markup, control or text-direction characters$/,
    ],
    [
      "right-to-left override",
      doc((f) => props(f).levelTitle = "Piso \u202Eodnuges"),
      /^features\.0\.properties\.levelTitle: markup, control or text-direction characters$/,
    ],
    ["another mall", doc(() => {}, 2), /^mall: the file is the plan of mall 2, not of mall 3$/],
    [
      "no mall",
      { type: "FeatureCollection", features: doc(() => {}).features },
      /^mall: the mall the plan is of is required$/,
    ],
  ];
  for (const [name, d, line] of cases) {
    const r = parsePlan(d, 3);
    assert.ok("errors" in r, name);
    assert.equal(r.errors.length, 1, `${name}: ${r.errors.join(" | ")}`);
    assert.match(r.errors[0], line, name);
  }
  const fine = parsePlan(doc(() => {}), 3);
  assert.ok("locals" in fine, JSON.stringify(fine));
});
