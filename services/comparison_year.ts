import { type ComparisonYear, comparisonYearMessage } from "#contract/staff_admin.ts";
import { VALIDATION_ERROR } from "#contract/errors.ts";
import { audit } from "./audit.ts";
import { limaDate } from "./clock.ts";
import type { Actor, Ctx } from "./context.ts";
import { AppError } from "./errors.ts";

// The global comparison year (spec 2, Admin utilities): settings 'anioComparativo', 2019 until stored. The
// reports read it from the settings extract (its version changes with the row: sql/011's trigger).

const KEY = "anioComparativo";
export const DEFAULT_COMPARISON_YEAR = 2019;

const currentYear = (ctx: Ctx) => Number(limaDate(ctx.clock()).slice(0, 4));

export async function comparisonYear(ctx: Ctx): Promise<ComparisonYear> {
  const [row] = await ctx.db.query<{ value: unknown }>("select value from settings where key = $1", [KEY]);
  const n = Number(row?.value ?? DEFAULT_COMPARISON_YEAR);
  return {
    anioComparativo: Number.isInteger(n) ? n : DEFAULT_COMPARISON_YEAR,
    anioActual: currentYear(ctx),
  };
}

/** 'Guardar': 2017 to the current year (Lima); a repeat of the stored year changes nothing. Audited. */
export async function saveComparisonYear(ctx: Ctx, year: number, actor: Actor): Promise<ComparisonYear> {
  const now = ctx.clock();
  const max = currentYear(ctx);
  if (year > max) {
    throw new AppError(VALIDATION_ERROR, undefined, { anioComparativo: comparisonYearMessage(max) });
  }
  const before = await comparisonYear(ctx);
  if (before.anioComparativo !== year) {
    await ctx.db.tx(async (q) => {
      await q.query(
        `insert into settings (key, value, updated_at, updated_by) values ($1, $2::text::jsonb, $3, $4)
         on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at,
                                         updated_by = excluded.updated_by`,
        [KEY, JSON.stringify(year), now, actor.userId],
      );
      await audit(q, {
        userId: actor.userId,
        action: "admin.comparison_year",
        entity: "setting",
        entityId: KEY,
        before: { anioComparativo: before.anioComparativo },
        after: { anioComparativo: year },
        ip: actor.ip,
      }, now);
    });
  }
  return { anioComparativo: year, anioActual: max };
}
