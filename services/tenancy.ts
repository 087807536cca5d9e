import type { Queryable } from "./db.ts";

export interface UserContract {
  id: number;
  code: string;
  denominacion: string;
  mallId: number;
  ruc: string;
  razonSocial: string;
  isDefault: boolean;
}

/** The contracts a tenant user holds a person slot in, the default one first. */
export async function userContracts(q: Queryable, userId: number): Promise<UserContract[]> {
  const rows = await q.query<{
    id: number;
    code: string;
    denominacion: string;
    mall_id: number;
    ruc: string;
    razon_social: string;
    is_default: boolean;
  }>(
    `select c.id, c.code, c.denominacion, c.mall_id, t.ruc, t.razon_social, bool_or(cu.is_default) as is_default
       from contract_users cu join contracts c on c.id = cu.contract_id join tenants t on t.id = c.tenant_id
      where cu.user_id = $1
      group by c.id, c.code, c.denominacion, c.mall_id, t.ruc, t.razon_social
      order by bool_or(cu.is_default) desc, c.code`,
    [userId],
  );
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    denominacion: r.denominacion,
    mallId: r.mall_id,
    ruc: r.ruc,
    razonSocial: r.razon_social,
    isDefault: r.is_default,
  }));
}
