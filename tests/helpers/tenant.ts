// Helpers of the tenant-area tests: the demo tenants' contracts and a few row counts.
import type { RegisterClosingBody } from "#contract/tenant.ts";
import type { Db } from "../../services/db.ts";
import { addDays } from "../../services/days.ts";
import { SEED_TODAY } from "./db.ts";

export const TODAY = SEED_TODAY;
export const YESTERDAY = addDays(SEED_TODAY, -1);

export interface DemoContract {
  id: number;
  code: string;
  tenantId: number;
  ruc: string;
  points: number[];
}

/** The default contract of a demo tenant user (tenant@: 'A', tenant2@: 'C'), or its other one. */
export async function contractOf(db: Db, email: string, isDefault = true): Promise<DemoContract> {
  const [c] = await db.query<{ id: number; code: string; tenant_id: number; ruc: string }>(
    `select c.id, c.code, c.tenant_id, t.ruc from contract_users cu join users u on u.id = cu.user_id
       join contracts c on c.id = cu.contract_id join tenants t on t.id = c.tenant_id
      where lower(u.email) = lower($1) and cu.is_default = $2 order by c.id limit 1`,
    [email, isDefault],
  );
  const points = await db.query<{ id: number }>(
    "select id from supply_points where contract_id = $1 and active order by code, id",
    [c.id],
  );
  return { id: c.id, code: c.code, tenantId: c.tenant_id, ruc: c.ruc, points: points.map((p) => p.id) };
}

export async function count(db: Db, sql: string, params: unknown[] = []): Promise<number> {
  const [r] = await db.query<{ n: number }>(`select count(*)::int as n from (${sql}) x`, params);
  return r.n;
}

/** A digest of the tables a tenant can change, to prove a refused call changed nothing. */
export async function snapshot(db: Db): Promise<string> {
  const parts = await db.query<{ t: string; n: string }>(
    `select 'closings' as t, count(*)::text || ':' || coalesce(sum(amount), 0)::text || ':' || coalesce(sum(transactions), 0)::text as n from sales_closings
     union all select 'history', count(*)::text from sales_closing_history
     union all select 'slots', string_agg(contract_id || slot || user_id, ',' order by contract_id, slot) from contract_users
     union all select 'users', string_agg(id || email || name || coalesce(password_hash, '-'), ',' order by id) from users
     union all select 'sessions', count(*) filter (where revoked_at is not null)::text from sessions
     union all select 'mail', count(*)::text from mail_outbox`,
  );
  return parts.map((p) => `${p.t}=${p.n}`).join("|");
}

/** The register body for a contract: the same sale and transactions on every supply point. */
export const closingBody = (
  points: number[],
  fechaRegistro: string,
  venta = 1234.56,
  transacciones = 42,
): RegisterClosingBody => ({
  fechaRegistro,
  suministros: points.map((id) => ({ idSuministroPorLocatario: id, venta, transacciones })),
});
