import type { PendingClosing, RegisterClosingBody, RegisteredClosing } from "#contract/tenant.ts";
import { NOT_FOUND, STATE_CONFLICT } from "#contract/errors.ts";
import { audit } from "./audit.ts";
import { limaDate } from "./clock.ts";
import { assertDayOpen, firstOpenDay, lockReason } from "./closing_locks.ts";
import type { Actor, Ctx } from "./context.ts";
import type { Queryable } from "./db.ts";
import { addDays, dmy, maxDay } from "./days.ts";
import { AppError, VALIDATION_ERROR } from "./errors.ts";
import type { Session } from "./sessions.ts";
import { type TenantScope, tenantScope } from "./tenant_scope.ts";

/** Closings are kept from here on, whatever the contract's start. */
export const FIRST_CLOSING_DAY = "2017-01-01";

export const DONE_TODAY = "Ya se realizó el registro del cierre de ventas del día de hoy.";
export const ALREADY_REGISTERED = "Ya se registró el cierre de ventas de esa fecha.";

const activePoints = (q: Queryable, contractId: number) =>
  q.query<{ id: number; code: string; description: string }>(
    "select id, code, description from supply_points where contract_id = $1 and active order by code, id",
    [contractId],
  );

/**
 * The day after the contract's last registered day (or its first day of operations, not before 2017),
 * skipping locked days: an old gap never blocks today's work, and a locked day is staff's to fill.
 */
async function dayToRegister(q: Queryable, scope: TenantScope): Promise<{ day: string; unlocked: string }> {
  const [row] = await q.query<{ last: string | null }>(
    "select max(sale_date) as last from sales_closings where contract_id = $1",
    [scope.contractId],
  );
  const start = maxDay(scope.opStart, FIRST_CLOSING_DAY);
  const unlocked = row?.last == null ? start : maxDay(addDays(String(row.last), 1), start);
  return { day: await firstOpenDay(q, unlocked), unlocked };
}

/** What the 'Registrar Cierre' screen shows: the day to register and one card per supply point. */
export async function pendingClosing(ctx: Ctx, s: Session): Promise<PendingClosing> {
  const scope = await tenantScope(ctx.db, s);
  const today = limaDate(ctx.clock());
  const { day, unlocked } = await dayToRegister(ctx.db, scope);
  const points = await activePoints(ctx.db, scope.contractId);
  let mensaje: string | null = null;
  let tipoMensaje: PendingClosing["tipoMensaje"] = null;
  if (scope.opEnd && day > scope.opEnd) {
    mensaje = `El contrato finalizó sus operaciones el ${dmy(scope.opEnd)}; no tiene cierres por registrar.`;
    tipoMensaje = "info";
  } else if (day > today) {
    if (scope.opStart > today) {
      mensaje = `El contrato inicia sus operaciones el ${dmy(scope.opStart)}.`;
      tipoMensaje = "info";
    } else if (unlocked <= today) {
      // Every day still to register is locked: the tenant is told why rather than that it is done.
      mensaje = await lockReason(ctx.db, unlocked);
      tipoMensaje = "warning";
    } else {
      mensaje = DONE_TODAY;
      tipoMensaje = "success";
    }
  } else if (points.length === 0) {
    mensaje = "El contrato no tiene suministros activos. Contáctese con el administrador del mall.";
    tipoMensaje = "warning";
  }
  return {
    fechaPorRegistrar: mensaje ? null : day,
    mensaje,
    tipoMensaje,
    contrato: { nroContrato: scope.code, denominacion: scope.denominacion },
    suministros: points.map((p) => ({
      idSuministroPorLocatario: p.id,
      codigo: p.code,
      descripcion: p.description,
    })),
  };
}

/**
 * Registers one day of the session's contract: every active supply point at once, in one transaction.
 * A repeated submit (double click, retry, a second tab) finds the rows there and is told so; the unique
 * (supply point, day) key makes sure it never writes a second closing, even when both run at once.
 */
export async function registerClosing(
  ctx: Ctx,
  s: Session,
  input: RegisterClosingBody,
  actor: Actor,
): Promise<RegisteredClosing> {
  const now = ctx.clock();
  const today = limaDate(now);
  const day = input.fechaRegistro;
  if (day > today) {
    throw new AppError(VALIDATION_ERROR, undefined, {
      fechaRegistro: "No se puede registrar el cierre de un día futuro.",
    });
  }
  return await ctx.db.tx(async (q) => {
    const scope = await tenantScope(q, s);
    await assertDayOpen(q, day);
    const points = await activePoints(q, scope.contractId);
    const mine = new Set(points.map((p) => p.id));
    if (input.suministros.some((x) => !mine.has(x.idSuministroPorLocatario))) {
      throw new AppError(NOT_FOUND, "El suministro no existe o no pertenece a su contrato.");
    }
    const given = new Set(input.suministros.map((x) => x.idSuministroPorLocatario));
    if (points.length === 0 || given.size !== points.length || input.suministros.length !== points.length) {
      throw new AppError(VALIDATION_ERROR, undefined, {
        suministros: "Ingrese la venta y las transacciones de cada suministro.",
      });
    }
    const { day: expected } = await dayToRegister(q, scope);
    if (day < expected) throw new AppError(STATE_CONFLICT, ALREADY_REGISTERED);
    if (day > expected || (scope.opEnd && day > scope.opEnd)) {
      throw new AppError(STATE_CONFLICT, `Corresponde registrar el cierre de ventas del ${dmy(expected)}.`);
    }
    const rows = input.suministros;
    const inserted = await q.query<{ id: number }>(
      `insert into sales_closings (supply_point_id, contract_id, sale_date, amount, transactions, registered_at,
                                   registered_by)
       select p, $2, $3::date, a, t, $6, $7
         from unnest($1::int[], $4::numeric[], $5::int[]) as x (p, a, t)
       on conflict (supply_point_id, sale_date) do nothing
       returning id`,
      [
        rows.map((r) => r.idSuministroPorLocatario),
        scope.contractId,
        day,
        rows.map((r) => r.venta.toFixed(2)),
        rows.map((r) => r.transacciones),
        now,
        actor.userId,
      ],
    );
    // Another submit of the same day won the race: this one writes nothing (the transaction rolls back).
    if (inserted.length !== rows.length) throw new AppError(STATE_CONFLICT, ALREADY_REGISTERED);
    const ids = inserted.map((r) => Number(r.id)).sort((a, b) => a - b);
    await audit(q, {
      userId: actor.userId,
      action: "tenant.closing_create",
      entity: "sales_closing",
      entityId: `${scope.contractId}:${day}`,
      after: { contractId: scope.contractId, fechaRegistro: day, suministros: rows, cierreVentaIds: ids },
      ip: actor.ip,
    }, now);
    return { fechaRegistro: day, cierreVentaIds: ids };
  });
}
