import type { Queryable } from "./db.ts";

export interface UserContract {
  id: number;
  code: string;
  denominacion: string;
  mallId: number;
  ruc: string;
  razonSocial: string;
  /** The mall's name and the contract's locals ('L-101, L-102'; null without one): they tell shops apart. */
  mall: string;
  locales: string | null;
  isDefault: boolean;
}

/**
 * How a contract is named where a person picks one: two contracts of one tenant often share the
 * denomination, so the mall and the local go with it ('CT000131 - Alpaca Urbana · Santa Anita · Local L-101').
 */
export const contractLabel = (c: Pick<UserContract, "code" | "denominacion" | "mall" | "locales">) =>
  [`${c.code} - ${c.denominacion}`, c.mall, c.locales && `Local ${c.locales}`].filter(Boolean).join(" · ");

/** The contracts a tenant user holds a person slot in, the default one first. */
export async function userContracts(q: Queryable, userId: number): Promise<UserContract[]> {
  const rows = await q.query<{
    id: number;
    code: string;
    denominacion: string;
    mall_id: number;
    ruc: string;
    razon_social: string;
    mall: string;
    locales: string | null;
    is_default: boolean;
  }>(
    `select c.id, c.code, c.denominacion, c.mall_id, t.ruc, t.razon_social, m.name as mall,
            (select string_agg(l.code, ', ' order by l.code) from contract_locals cl
               join locals l on l.id = cl.local_id where cl.contract_id = c.id) as locales,
            bool_or(cu.is_default) as is_default
       from contract_users cu join contracts c on c.id = cu.contract_id join tenants t on t.id = c.tenant_id
       join malls m on m.id = c.mall_id
      where cu.user_id = $1
      group by c.id, c.code, c.denominacion, c.mall_id, t.ruc, t.razon_social, m.name
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
    mall: r.mall,
    locales: r.locales,
    isDefault: r.is_default,
  }));
}
