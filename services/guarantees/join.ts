// The one join every guarantee read shares: a detail with its guarantee, contract, tenant, mall, currency,
// state, type, letter kind and bank, and whether the letter is in its renewal window.

import type { Queryable } from "../db.ts";

/** Days before a letter's expiry in which it may be renewed (settings, editable by part 2's configuration). */
export async function renewalWindowDays(q: Queryable): Promise<number> {
  const [row] = await q.query<{ value: unknown }>(
    "select value #>> '{}' as value from settings where key = 'garantiasVentanaRenovacionDias'",
  );
  const n = Number(row?.value ?? 45);
  return Number.isFinite(n) && n >= 0 ? n : 45;
}

const GUARANTEE_JOIN = `
    from guarantee_details d
    join guarantees g on g.id = d.guarantee_id
    join contracts c on c.id = g.contract_id
    join tenants t on t.id = c.tenant_id
    join malls m on m.id = c.mall_id
    join currencies cur on cur.id = g.currency_id
    join guarantee_states st on st.code = d.state_code
    join guarantee_types ty on ty.code = d.type_code
    join letter_kinds lk on lk.id = d.letter_kind_id
    left join banks b on b.id = d.bank_id`;

/** $1 is the window's days and $2 today (Lima), bound by selectDetails. */
const IN_RENEWAL_WINDOW = `(d.type_code = 'GAR1' and d.fecha_vencimiento is not null
           and d.fecha_vencimiento - $1::int <= $2::date) as en_ventana_renovacion`;

/**
 * Guarantee details through the shared join: `columns` read its aliases (d, g, c, t, m, cur, st, ty, lk, b)
 * and get en_ventana_renovacion added; `joins` adds more; the caller's parameters start at $3.
 */
export async function selectDetails<R>(
  q: Queryable,
  today: string,
  sql: { columns: string; joins?: string; where: string; tail?: string },
  params: unknown[] = [],
): Promise<R[]> {
  const days = await renewalWindowDays(q);
  return await q.query<R>(
    `select ${sql.columns},
            ${IN_RENEWAL_WINDOW}
     ${GUARANTEE_JOIN}${sql.joins ?? ""}
     where ${sql.where}${sql.tail ?? ""}`,
    [days, today, ...params],
  );
}
