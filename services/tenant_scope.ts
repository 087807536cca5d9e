import { stampedCache } from "./change_stamp.ts";
import { NO_USER_DATA } from "#contract/errors.ts";
import type { Queryable } from "./db.ts";
import { AppError } from "./errors.ts";
import type { Session } from "./sessions.ts";

/** The contract a tenant session works on, and what the tenant screens need to know of it. */
export interface TenantScope {
  userId: number;
  contractId: number;
  tenantId: number;
  code: string;
  denominacion: string;
  mallId: number;
  mallName: string;
  categoryId: number;
  area: number;
  currency: string;
  /** First day of operations ('YYYY-MM-DD'; the contract start when none is recorded). */
  opStart: string;
  opEnd: string | null;
}

export const NO_CONTRACT = "Su usuario no tiene un contrato de locatario seleccionado.";

/**
 * The session's chosen contract, only while the user still holds a person slot in it. This is the one
 * place a tenant's contract, tenant id and RUC come from: never from a parameter the browser sends.
 */
export async function tenantScope(q: Queryable, s: Session): Promise<TenantScope> {
  const scope = await readScope(q, s);
  if (!scope) throw new AppError(NO_USER_DATA, NO_CONTRACT);
  return scope;
}

const kept = stampedCache<TenantScope | null>();

/**
 * tenantScope for reads outside a transaction: kept under the session's change stamp (contracts, malls
 * and person slots have versions, services/change_stamp.ts), so a removed slot refuses from the next request.
 */
export async function keptTenantScope(db: Queryable, s: Session): Promise<TenantScope> {
  if (!s.isTenant || s.contractId == null) throw new AppError(NO_USER_DATA, NO_CONTRACT);
  const scope = await kept(db, `${s.userId}:${s.contractId}`, s.stamp, () => readScope(db, s));
  if (!scope) throw new AppError(NO_USER_DATA, NO_CONTRACT);
  return scope;
}

async function readScope(q: Queryable, s: Session): Promise<TenantScope | null> {
  if (!s.isTenant || s.contractId == null) throw new AppError(NO_USER_DATA, NO_CONTRACT);
  const [r] = await q.query<{
    id: number;
    tenant_id: number;
    code: string;
    denominacion: string;
    mall_id: number;
    mall_name: string;
    category_id: number;
    area: number;
    currency: string;
    op_start: string;
    op_end: string | null;
  }>(
    `select c.id, c.tenant_id, c.code, c.denominacion, c.mall_id, m.name as mall_name, c.category_id, c.area,
            c.currency, coalesce(c.op_start, c.start_date) as op_start, c.op_end
       from contracts c join malls m on m.id = c.mall_id
      where c.id = $1 and exists (select 1 from contract_users cu where cu.contract_id = c.id and cu.user_id = $2)`,
    [s.contractId, s.userId],
    { prepare: true },
  );
  if (!r) return null;
  return {
    userId: s.userId,
    contractId: r.id,
    tenantId: r.tenant_id,
    code: r.code,
    denominacion: r.denominacion,
    mallId: r.mall_id,
    mallName: r.mall_name,
    categoryId: r.category_id,
    area: Number(r.area),
    currency: r.currency,
    opStart: String(r.op_start),
    opEnd: r.op_end == null ? null : String(r.op_end),
  };
}
