// The event log (bitácora) per mall: the window the screen reads (the last 6 days up to today, start not
// after end: checked here too, not only by the screen), the marks on the traffic charts, and a new event
// stored with who logged it and when (audited 'events.create').

import {
  EVENT_DATE_FUTURE,
  EVENT_MALL_REQUIRED,
  EVENT_WINDOW_DAYS,
  type EventRow,
  type EventsAnswer,
  WINDOW_ORDER,
  WINDOW_RANGE,
} from "#contract/events.ts";
import { audit } from "./audit.ts";
import { limaDate } from "./clock.ts";
import type { Actor, Ctx } from "./context.ts";
import type { Queryable } from "./db.ts";
import { addDays } from "./days.ts";
import { AppError, VALIDATION_ERROR } from "./errors.ts";

/** The first day the window may start at: today − 5 (six days, today included). */
export const windowStart = (today: string) => addDays(today, -(EVENT_WINDOW_DAYS - 1));

async function checkMall(q: Queryable, mallId: number, field = "unidadEconomicaId") {
  const [m] = await q.query<{ id: number }>("select id from malls where id = $1", [mallId]);
  if (!m) throw new AppError(VALIDATION_ERROR, undefined, { [field]: EVENT_MALL_REQUIRED });
}

async function eventsBetween(q: Queryable, mallId: number, from: string, to: string): Promise<EventRow[]> {
  const rows = await q.query<{
    id: number;
    day: string;
    name: string;
    mall_id: number;
    mall: string;
    by: string | null;
    created_at: Date | string;
  }>(
    `select e.id, e.day, e.name, e.mall_id, m.name as mall, u.name as by, e.created_at
       from events e join malls m on m.id = e.mall_id left join users u on u.id = e.created_by
      where e.day between $2::date and $3::date and ($1::int = 0 or e.mall_id = $1::int)
      order by e.day, m.sort, e.id`,
    [mallId, from, to],
  );
  return rows.map((r) => ({
    id: r.id,
    fecha: String(r.day),
    evento: r.name,
    unidadEconomicaId: r.mall_id,
    unidadEconomica: r.mall,
    registradoPor: r.by,
    registradoEl: new Date(r.created_at).toISOString(),
  }));
}

/** The log's window: refused (422) when it starts after it ends or leaves the last 6 days up to today. */
export async function eventWindow(
  ctx: Ctx,
  q: { unidadEconomicaId: number; fechaInicio: string; fechaFin: string },
): Promise<EventsAnswer> {
  const today = limaDate(ctx.clock());
  if (q.fechaInicio > q.fechaFin) {
    throw new AppError(VALIDATION_ERROR, undefined, { fechaInicio: WINDOW_ORDER });
  }
  if (q.fechaInicio < windowStart(today) || q.fechaFin > today) {
    throw new AppError(VALIDATION_ERROR, undefined, {
      [q.fechaInicio < windowStart(today) ? "fechaInicio" : "fechaFin"]: WINDOW_RANGE,
    });
  }
  if (q.unidadEconomicaId !== 0) await checkMall(ctx.db, q.unidadEconomicaId);
  return {
    hoy: today,
    fechaInicio: q.fechaInicio,
    fechaFin: q.fechaFin,
    eventos: await eventsBetween(ctx.db, q.unidadEconomicaId, q.fechaInicio, q.fechaFin),
  };
}

/** The events of a span (at most 800 days) for the chart marks; mall 0 is every mall. */
export async function eventMarks(
  ctx: Ctx,
  q: { unidadEconomicaId: number; desde: string; hasta: string },
): Promise<EventRow[]> {
  const to = q.hasta < addDays(q.desde, 800) ? q.hasta : addDays(q.desde, 800);
  return await eventsBetween(ctx.db, q.unidadEconomicaId, q.desde, to);
}

/** Stores an event of a mall (its date up to today), audited with who and when. */
export async function addEvent(
  ctx: Ctx,
  actor: Actor,
  input: { fecha: string; evento: string; unidadEconomicaId: number },
): Promise<EventRow> {
  const now = ctx.clock();
  if (input.fecha > limaDate(now)) {
    throw new AppError(VALIDATION_ERROR, undefined, { fecha: EVENT_DATE_FUTURE });
  }
  return await ctx.db.tx(async (q) => {
    await checkMall(q, input.unidadEconomicaId);
    const [row] = await q.query<{ id: number }>(
      `insert into events (mall_id, day, name, created_by, created_at) values ($1, $2, $3, $4, $5) returning id`,
      [input.unidadEconomicaId, input.fecha, input.evento, actor.userId, now],
    );
    await audit(q, {
      userId: actor.userId,
      action: "events.create",
      entity: "event",
      entityId: row.id,
      after: { fecha: input.fecha, evento: input.evento, unidadEconomicaId: input.unidadEconomicaId },
      ip: actor.ip,
    }, now);
    const [saved] = (await eventsBetween(q, input.unidadEconomicaId, input.fecha, input.fecha))
      .filter((e) => e.id === row.id);
    return saved;
  });
}
