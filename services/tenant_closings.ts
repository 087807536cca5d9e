import type { Table } from "#contract/envelope.ts";
import { NOT_FOUND } from "#contract/errors.ts";
import type {
  ClosingChange,
  ClosingFigures,
  ClosingList,
  ClosingsQuery,
  EditClosingBody,
} from "#contract/tenant.ts";
import { audit } from "./audit.ts";
import { assertDayOpen } from "./closing_locks.ts";
import type { Actor, Ctx } from "./context.ts";
import type { Queryable } from "./db.ts";
import { AppError } from "./errors.ts";
import type { Session } from "./sessions.ts";
import { assertVersion } from "./versions.ts";
import { keptTenantScope, tenantScope } from "./tenant_scope.ts";

const CLOSING_MISSING = "El cierre de venta no existe.";
/** The audit entity of a closing's edits, whose latest row is its version. */
const ENTITY = "sales_closing";

const iso = (d: unknown) => (d == null ? null : new Date(d as string).toISOString());
const parse = (x: unknown) => (typeof x === "string" ? JSON.parse(x) : x);

/** The session contract's closings between two days (both included), newest first, and their total. */
export async function listClosings(ctx: Ctx, s: Session, range: ClosingsQuery): Promise<ClosingList> {
  const scope = await keptTenantScope(ctx.db, s);
  return await closingsOf(ctx.db, scope.contractId, range);
}

/** A contract's closings between two days (both included), newest first, and their total (staff use it too). */
export async function closingsOf(
  q: Queryable,
  contractId: number,
  range: ClosingsQuery,
): Promise<ClosingList> {
  const rows = await q.query<{
    id: number;
    code: string;
    description: string;
    name: string | null;
    sale_date: string;
    registered_at: Date;
    amount: number;
    transactions: number;
    updated_at: Date | null;
    changes: number;
    version: string | number | null;
  }>(
    // Look-ups by primary key per row: a month is a few dozen rows, and joins made the planner hash every
    // supply point and user.
    `select s.id, (select p.code from supply_points p where p.id = s.supply_point_id) as code,
            (select p.description from supply_points p where p.id = s.supply_point_id) as description,
            (select u.name from users u where u.id = s.registered_by) as name, s.sale_date, s.registered_at,
            s.amount, s.transactions, s.updated_at,
            (select count(*)::int from sales_closing_history h where h.closing_id = s.id) as changes,
            (select max(a.id) from audit_log a where a.entity = 'sales_closing' and a.entity_id = s.id::text)
              as version
       from sales_closings s
      where s.contract_id = $1 and s.sale_date between $2::date and $3::date
      order by s.sale_date desc, code`,
    [contractId, range.fechaInicial, range.fechaFinal],
    { prepare: true },
  );
  const table = rows.map((r) => ({
    cierreVentaId: Number(r.id),
    suministro: r.code,
    descripcion: r.description,
    nombreCompleto: r.name,
    fechaVenta: String(r.sale_date),
    registroFecha: iso(r.registered_at)!,
    ventasValor: Number(r.amount),
    numeroTransacciones: r.transactions,
    modificacionFecha: iso(r.updated_at),
    cambios: r.changes,
    version: Number(r.version ?? 0),
  }));
  const totalVentas = Math.round(table.reduce((n, r) => n + r.ventasValor * 100, 0)) / 100;
  return { table, auxData: { totalVentas } };
}

/** A closing of the session's contract, locked for update when q is a transaction; 404 for any other. */
async function ownClosing(q: Queryable, contractId: number, id: number, forUpdate = false) {
  const [row] = await q.query<{ id: number; sale_date: string; amount: number; transactions: number }>(
    `select id, sale_date, amount, transactions from sales_closings where id = $1 and contract_id = $2
     ${forUpdate ? "for update" : ""}`,
    [id, contractId],
  );
  if (!row) throw new AppError(NOT_FOUND, CLOSING_MISSING);
  return row;
}

/** 'Actualizar Cierre de Venta': refused on locked days; every change goes to the closing's history. */
export async function updateClosing(
  ctx: Ctx,
  s: Session,
  id: number,
  input: EditClosingBody,
  actor: Actor,
): Promise<{ changed: boolean }> {
  const now = ctx.clock();
  return await ctx.db.tx(async (q) => {
    const scope = await tenantScope(q, s);
    return await editClosing(q, scope.contractId, id, input, actor, now, "tenant.closing_update");
  });
}

/**
 * Changes a closing of the contract (locked for update): refused on locked days (441 with the reason), every
 * change kept in the closing's history and audited as `action`. The closings' triggers bump the extract
 * version of its partition (sql/011), so reports show the new figure on their next catalogue check.
 */
export async function editClosing(
  q: Queryable,
  contractId: number,
  id: number,
  input: EditClosingBody,
  actor: Actor,
  now: Date,
  action: string,
): Promise<{ changed: boolean }> {
  const row = await ownClosing(q, contractId, id, true);
  await assertDayOpen(q, String(row.sale_date));
  // After the row lock: a save racing another waits for it, then sees its audit row and is refused.
  await assertVersion(q, ENTITY, id, input.version);
  const before: ClosingFigures = { ventasValor: Number(row.amount), numeroTransacciones: row.transactions };
  const after: ClosingFigures = {
    ventasValor: Number(input.ventasValor.toFixed(2)),
    numeroTransacciones: input.numeroTransacciones,
  };
  if (
    before.ventasValor === after.ventasValor && before.numeroTransacciones === after.numeroTransacciones
  ) {
    return { changed: false };
  }
  await q.query(
    `update sales_closings set amount = $2::numeric, transactions = $3, updated_at = $4, updated_by = $5
      where id = $1`,
    [id, input.ventasValor.toFixed(2), input.numeroTransacciones, now, actor.userId],
  );
  await q.query(
    "insert into sales_closing_history (closing_id, at, user_id, before, after) values ($1, $2, $3, $4, $5)",
    [id, now, actor.userId, JSON.stringify(before), JSON.stringify(after)],
  );
  await audit(q, {
    userId: actor.userId,
    action,
    entity: ENTITY,
    entityId: id,
    before,
    after,
    ip: actor.ip,
  }, now);
  return { changed: true };
}

/** Who changed a closing of the session's contract, when, and from what to what; newest first. */
export async function closingHistory(ctx: Ctx, s: Session, id: number): Promise<Table<ClosingChange>> {
  const scope = await tenantScope(ctx.db, s);
  return await historyOf(ctx.db, scope.contractId, id);
}

/** The history of a closing of the contract (404 for a closing of another). */
export async function historyOf(q: Queryable, contractId: number, id: number): Promise<Table<ClosingChange>> {
  await ownClosing(q, contractId, id);
  const rows = await q.query<{ at: Date; name: string | null; before: unknown; after: unknown }>(
    `select h.at, u.name, h.before, h.after from sales_closing_history h left join users u on u.id = h.user_id
      where h.closing_id = $1 order by h.at desc, h.id desc`,
    [id],
  );
  return {
    table: rows.map((r) => ({
      fecha: iso(r.at)!,
      usuario: r.name,
      antes: parse(r.before),
      despues: parse(r.after),
    })),
  };
}
