import {
  type ComparisonYear,
  type ComparisonYearBody,
  comparisonYearMessage,
} from "#contract/staff_admin.ts";
import { VALIDATION_ERROR } from "#contract/errors.ts";
import { audit } from "./audit.ts";
import { limaDate } from "./clock.ts";
import type { Actor, Ctx } from "./context.ts";
import type { Queryable } from "./db.ts";
import { AppError } from "./errors.ts";
import { assertVersion, versionOf } from "./versions.ts";

// The global comparison year (spec 2, Admin utilities): settings 'anioComparativo', 2019 until stored. The
// reports read it from the settings extract (its version changes with the row: sql/011's trigger).

const KEY = "anioComparativo";
export const DEFAULT_COMPARISON_YEAR = 2019;

const currentYear = (ctx: Ctx) => Number(limaDate(ctx.clock()).slice(0, 4));

const ENTITY = "setting";

async function storedYear(q: Queryable): Promise<number> {
  const [row] = await q.query<{ value: unknown }>("select value from settings where key = $1", [KEY]);
  const n = Number(row?.value ?? DEFAULT_COMPARISON_YEAR);
  return Number.isInteger(n) ? n : DEFAULT_COMPARISON_YEAR;
}

export async function comparisonYear(ctx: Ctx): Promise<ComparisonYear> {
  return {
    anioComparativo: await storedYear(ctx.db),
    anioActual: currentYear(ctx),
    version: await versionOf(ctx.db, ENTITY, KEY),
  };
}

/**
 * 'Guardar': 2017 to the current year (Lima); a repeat of the stored year changes nothing. Audited. `version`
 * is the setting's as the panel read it (issue 38): a save over a newer one is refused (448).
 */
export async function saveComparisonYear(
  ctx: Ctx,
  { anioComparativo: year, version }: ComparisonYearBody,
  actor: Actor,
): Promise<ComparisonYear> {
  const now = ctx.clock();
  const max = currentYear(ctx);
  if (year > max) {
    throw new AppError(VALIDATION_ERROR, undefined, { anioComparativo: comparisonYearMessage(max) });
  }
  return await ctx.db.tx(async (q) => {
    // The setting's row (sql/004 creates it) is the lock: a save racing another waits, then sees it.
    await q.query("select 1 from settings where key = $1 for update", [KEY]);
    await assertVersion(q, ENTITY, KEY, version);
    const before = await storedYear(q);
    if (before !== year) {
      await q.query(
        `insert into settings (key, value, updated_at, updated_by) values ($1, $2::text::jsonb, $3, $4)
         on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at,
                                         updated_by = excluded.updated_by`,
        [KEY, JSON.stringify(year), now, actor.userId],
      );
      await audit(q, {
        userId: actor.userId,
        action: "admin.comparison_year",
        entity: ENTITY,
        entityId: KEY,
        before: { anioComparativo: before },
        after: { anioComparativo: year },
        ip: actor.ip,
      }, now);
    }
    return { anioComparativo: year, anioActual: max, version: await versionOf(q, ENTITY, KEY) };
  });
}
