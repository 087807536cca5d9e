// Monthly inflation factors (%), per year (spec 3 section 2.2). A save writes only the months that changed;
// the statement trigger on `inflation` (sql/011_extracts.sql) then bumps the inflation extract's version,
// so every report with 'Inflación' on reads the new factors on its next change.

import {
  clearRefused,
  type InflationBody,
  type InflationYear,
  MONTHS,
  yearRangeMessage,
} from "#contract/inflation.ts";
import { FIRST_YEAR } from "#contract/inflation.ts";
import { audit } from "./audit.ts";
import { limaDate } from "./clock.ts";
import type { Actor, Ctx } from "./context.ts";
import type { Queryable } from "./db.ts";
import { AppError, VALIDATION_ERROR } from "./errors.ts";
import { assertVersion, versionOf } from "./versions.ts";

/** The audit entity of a year's saves (its latest row is the year's version). */
const ENTITY = "inflation";

function checkYear(ctx: Ctx, anio: number) {
  const current = Number(limaDate(ctx.clock()).slice(0, 4));
  if (anio < FIRST_YEAR || anio > current) {
    throw new AppError(VALIDATION_ERROR, undefined, { anio: yearRangeMessage(current) });
  }
}

async function readYear(q: Queryable, anio: number): Promise<InflationYear> {
  const rows = await q.query<{ month: number; pct: string | number }>(
    "select month, pct from inflation where year = $1",
    [anio],
  );
  const out = { anio, version: await versionOf(q, ENTITY, anio) } as InflationYear;
  for (const m of MONTHS) out[m] = null;
  for (const r of rows) out[MONTHS[r.month - 1]] = Number(r.pct);
  return out;
}

export async function inflationYear(ctx: Ctx, anio: number): Promise<InflationYear> {
  checkYear(ctx, anio);
  return await readYear(ctx.db, anio);
}

export async function saveInflation(ctx: Ctx, actor: Actor, input: InflationBody): Promise<InflationYear> {
  checkYear(ctx, input.anio);
  const now = ctx.clock();
  return await ctx.db.tx(async (q) => {
    // A year with no factor yet has no row to lock: two first saves queue on the year's key.
    await q.query("select pg_advisory_xact_lock(hashtext('inflation:' || $1::text))", [input.anio]);
    await assertVersion(q, ENTITY, input.anio, input.version);
    const before = await readYear(q, input.anio);
    const changed = MONTHS.map((m, i) => ({ m, month: i + 1, value: input[m] }))
      .filter((x) => x.value !== before[x.m]);
    const set = changed.filter((x) => x.value != null);
    const cleared = changed.filter((x) => x.value == null);
    // A blank month deletes a stored factor only when the person said so (the screen's question).
    const unasked = cleared.filter((x) => !input.borrar?.includes(x.m));
    if (unasked.length) {
      throw new AppError(
        VALIDATION_ERROR,
        undefined,
        Object.fromEntries(unasked.map((x) => [x.m, clearRefused(x.m, before[x.m]!)])),
      );
    }
    if (set.length) {
      await q.query(
        `insert into inflation (year, month, pct)
         select $1, m, p from unnest($2::int[], $3::numeric[]) as x (m, p)
         on conflict (year, month) do update set pct = excluded.pct`,
        [input.anio, set.map((x) => x.month), set.map((x) => String(x.value))],
      );
    }
    if (cleared.length) {
      await q.query("delete from inflation where year = $1 and month = any($2::int[])", [
        input.anio,
        cleared.map((x) => x.month),
      ]);
    }
    const after = await readYear(q, input.anio);
    if (changed.length) {
      await audit(q, {
        userId: actor.userId,
        action: "inflation.save",
        entity: ENTITY,
        entityId: input.anio,
        before,
        after,
        ip: actor.ip,
      }, now);
    }
    return after;
  });
}
