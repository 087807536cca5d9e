// A mall's floor plan as GeoJSON (issue 15; the format in docs/floor_plans.md): the export of the plan stored in
// the database and its import (levels by floor, locals by code, each shape the bounding box of its polygon on
// the 1300x1000 plan), checked whole before anything is written, in one transaction, audited maps.plan_import.
// Run by fixtures/import_plan.ts.

import { z } from "zod";
import { audit } from "./audit.ts";
import type { Db, Queryable } from "./db.ts";

export const PLAN_W = 1300;
export const PLAN_H = 1000;
export const MAX_FEATURES = 5000;
/** Points of one ring: a shop's outline needs a handful, a plan drawn by hand a few hundred at most. */
export const MAX_RING_POINTS = 1000;
const MAX_RINGS = 20;

/**
 * A level's title is shown on the map: no markup ('<', '>'), control characters, nor the invisible marks
 * that turn the text's direction (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069).
 */
// deno-lint-ignore no-control-regex
const UNSAFE_TITLE = /[<>\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

const point = z.tuple([z.number().finite(), z.number().finite()]).rest(z.number().finite());
const closedRing = z.array(point).min(4).max(MAX_RING_POINTS, `more than ${MAX_RING_POINTS} points`)
  .refine((r) => r[0].length === r.at(-1)!.length && r[0].every((x, i) => x === r.at(-1)![i]), {
    message: "the ring is not closed (its last point must repeat its first)",
  });
const feature = z.object({
  type: z.literal("Feature"),
  geometry: z.object({
    type: z.literal("Polygon"),
    coordinates: z.array(closedRing).min(1).max(MAX_RINGS, `more than ${MAX_RINGS} rings`),
  }),
  properties: z.object({
    code: z.string().trim().min(1).max(40).regex(/^[\p{L}\p{N} ._/-]+$/u),
    floor: z.number().int().min(-9).max(99),
    levelTitle: z.string().trim().min(1).max(60)
      .refine((t) => !UNSAFE_TITLE.test(t), "markup, control or text-direction characters").optional(),
    area: z.number().finite().positive().max(1_000_000).optional(),
  }),
});
export const planGeoJson = z.object({
  type: z.literal("FeatureCollection"),
  mall: z.number({ error: "the mall the plan is of is required" }).int().positive(),
  features: z.array(feature).min(1).max(MAX_FEATURES),
});
export type PlanGeoJson = z.infer<typeof planGeoJson>;

export interface PlanLocal {
  code: string;
  floor: number;
  levelTitle?: string;
  area?: number;
  shape: { x: number; y: number; w: number; h: number };
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * Checks a parsed GeoJSON document meant for `mallId`; answers the locals or every problem found (one per
 * line, the first 50).
 */
export function parsePlan(doc: unknown, mallId: number): { locals: PlanLocal[] } | { errors: string[] } {
  const parsed = planGeoJson.safeParse(doc);
  if (!parsed.success) {
    return {
      errors: parsed.error.issues.slice(0, 50).map((i) => `${i.path.join(".") || "document"}: ${i.message}`),
    };
  }
  if (parsed.data.mall !== mallId) {
    return { errors: [`mall: the file is the plan of mall ${parsed.data.mall}, not of mall ${mallId}`] };
  }
  const errors: string[] = [];
  const seen = new Set<string>();
  const locals = parsed.data.features.map((f, n) => {
    const code = f.properties.code.toUpperCase();
    if (seen.has(code)) errors.push(`features.${n}: the code ${code} appears twice`);
    seen.add(code);
    const ring = f.geometry.coordinates[0];
    const xs = ring.map((p) => p[0]), ys = ring.map((p) => p[1]);
    const x = Math.min(...xs), y = Math.min(...ys), w = Math.max(...xs) - x, h = Math.max(...ys) - y;
    if (x < 0 || y < 0 || x + w > PLAN_W || y + h > PLAN_H) {
      errors.push(`features.${n} (${code}): outside the ${PLAN_W}x${PLAN_H} plan`);
    }
    if (w <= 0 || h <= 0) errors.push(`features.${n} (${code}): an empty polygon`);
    return {
      code,
      floor: f.properties.floor,
      levelTitle: f.properties.levelTitle,
      area: f.properties.area,
      shape: { x: round(x), y: round(y), w: round(w), h: round(h) },
    };
  });
  return errors.length ? { errors } : { locals };
}

/** The mall's stored plan as GeoJSON (one rectangle per local). */
export async function exportPlan(q: Queryable, mallId: number): Promise<PlanGeoJson> {
  const rows = await q.query<
    { code: string; floor: number; title: string; area: number; shape: unknown }
  >(
    `select l.code, v.floor, v.title, l.area, l.shape from locals l join levels v on v.id = l.level_id
      where l.mall_id = $1 order by v.floor, l.code`,
    [mallId],
  );
  return {
    type: "FeatureCollection",
    mall: mallId,
    features: rows.map((r) => {
      const s = (typeof r.shape === "string" ? JSON.parse(r.shape) : r.shape) as Record<string, number>;
      const [x, y, w, h] = [Number(s.x), Number(s.y), Number(s.w), Number(s.h)];
      return {
        type: "Feature" as const,
        geometry: {
          type: "Polygon" as const,
          coordinates: [[[x, y], [x + w, y], [x + w, y + h], [x, y + h], [x, y]]],
        },
        properties: { code: r.code, floor: Number(r.floor), levelTitle: r.title, area: Number(r.area) },
      };
    }),
  };
}

export interface ImportSummary {
  levelsCreated: number;
  localsCreated: number;
  localsUpdated: number;
  /** Locals of the mall the file does not name: kept as they are (contracts and history point at them). */
  localsNotInFile: string[];
}

/** Writes the plan of one mall: all of it or, on any problem, nothing. A new local needs its area. */
export async function importPlan(
  db: Db,
  mallId: number,
  locals: PlanLocal[],
  who: { userId: number | null; at: Date; file: string },
): Promise<ImportSummary> {
  return await db.tx(async (q) => {
    const [mall] = await q.query("select 1 from malls where id = $1", [mallId]);
    if (!mall) throw new Error(`Cannot import the plan: mall ${mallId} does not exist`);
    const existing = new Map(
      (await q.query<{ id: number; code: string }>(
        "select id, upper(code) as code from locals where mall_id = $1 for update",
        [mallId],
      )).map((l) => [l.code, Number(l.id)]),
    );
    const missingArea = locals.filter((l) => !existing.has(l.code) && l.area == null).map((l) => l.code);
    if (missingArea.length) {
      throw new Error(`Cannot import the plan: new locals without an area: ${missingArea.join(", ")}`);
    }
    let levelsCreated = 0, localsCreated = 0, localsUpdated = 0;
    const levelIds = new Map<number, number>();
    for (const floor of [...new Set(locals.map((l) => l.floor))].sort((a, b) => a - b)) {
      const title = locals.find((l) => l.floor === floor && l.levelTitle)?.levelTitle ??
        (floor < 0 ? `Sótano ${-floor}` : `Piso ${floor}`);
      const [found] = await q.query<{ id: number }>(
        "select id from levels where mall_id = $1 and floor = $2",
        [mallId, floor],
      );
      if (found) {
        await q.query("update levels set title = $1 where id = $2", [title, found.id]);
        levelIds.set(floor, Number(found.id));
      } else {
        const [made] = await q.query<{ id: number }>(
          "insert into levels (mall_id, floor, title) values ($1, $2, $3) returning id",
          [mallId, floor, title],
        );
        levelIds.set(floor, Number(made.id));
        levelsCreated++;
      }
    }
    for (const l of locals) {
      const id = existing.get(l.code);
      const shape = JSON.stringify(l.shape);
      if (id) {
        await q.query(
          "update locals set level_id = $1, shape = $2::text::jsonb, area = coalesce($3, area) where id = $4",
          [levelIds.get(l.floor), shape, l.area ?? null, id],
        );
        localsUpdated++;
      } else {
        await q.query(
          "insert into locals (mall_id, level_id, code, area, shape) values ($1, $2, $3, $4, $5::text::jsonb)",
          [mallId, levelIds.get(l.floor), l.code, l.area, shape],
        );
        localsCreated++;
      }
    }
    const named = new Set(locals.map((l) => l.code));
    const summary: ImportSummary = {
      levelsCreated,
      localsCreated,
      localsUpdated,
      localsNotInFile: [...existing.keys()].filter((c) => !named.has(c)).sort(),
    };
    await audit(q, {
      userId: who.userId,
      action: "maps.plan_import",
      entity: "mall",
      entityId: mallId,
      after: { archivo: who.file, ...summary, localsNotInFile: summary.localsNotInFile.length },
    }, who.at);
    return summary;
  });
}
