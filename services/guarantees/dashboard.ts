// Dashboard de Garantías, 'Garantía Por Vencimiento': the current bank letters (not renewed, with an expiry)
// expired or not at Lima's today, overall and by mall, for one year of expiry or all.

import { NOT_FOUND } from "#contract/errors.ts";
import {
  type Amounts,
  type ClientFilter,
  type ClientPanel,
  COMING_DUE_DAYS,
  CONTRACT_NOT_FOUND,
  EXPIRED,
  type ExpiryByMall,
  type ExpiryPanel,
  NO_DATA,
  NOT_EXPIRED,
  type ProgressPanel,
  RUC_NOT_FOUND,
} from "#contract/guarantees/dashboard.ts";
import { addDays } from "../days.ts";
import { AppError } from "../errors.ts";
import { limaDate } from "../clock.ts";
import type { Ctx } from "../context.ts";

const LETTERS = `
    from guarantee_details d
    join guarantees g on g.id = d.guarantee_id
    join contracts c on c.id = g.contract_id
    join malls m on m.id = c.mall_id
    join currencies cur on cur.id = g.currency_id
    left join banks b on b.id = d.bank_id
   where d.type_code = 'GAR1' and not d.is_renovada and d.fecha_vencimiento is not null`;

export async function expiryPanel(ctx: Ctx, anio: number | null): Promise<ExpiryPanel> {
  const today = limaDate(ctx.clock());
  const years = await ctx.db.query<{ y: number }>(
    `select distinct extract(year from d.fecha_vencimiento)::int as y ${LETTERS} order by y desc`,
  );
  const inYear = "($2::int is null or extract(year from d.fecha_vencimiento)::int = $2::int)";
  const totals = await ctx.db.query<
    { expired: boolean; n: string | number; pen: string | number; usd: string | number }
  >(
    `select d.fecha_vencimiento < $1::date as expired, count(*) as n,
            coalesce(sum(d.importe) filter (where cur.code = 'PEN'), 0) as pen,
            coalesce(sum(d.importe) filter (where cur.code = 'USD'), 0) as usd
     ${LETTERS} and ${inYear}
     group by 1`,
    [today, anio],
  );
  const byMall = await ctx.db.query<
    { id: number; name: string; expired: string | number; pending: string | number }
  >(
    `select m.id, m.name,
            count(*) filter (where d.fecha_vencimiento < $1::date) as expired,
            count(*) filter (where d.fecha_vencimiento >= $1::date) as pending
     ${LETTERS} and ${inYear}
     group by m.id, m.name, m.sort order by m.sort, m.name`,
    [today, anio],
  );
  const coming = await ctx.db.query<
    { id: number; name: string; bank: string; n: string | number; pen: string | number; usd: string | number }
  >(
    `select m.id, m.name, coalesce(b.name, '-') as bank, count(*) as n,
            coalesce(sum(d.importe) filter (where cur.code = 'PEN'), 0) as pen,
            coalesce(sum(d.importe) filter (where cur.code = 'USD'), 0) as usd
     ${LETTERS} and d.fecha_vencimiento between $1::date and $2::date
     group by m.id, m.name, m.sort, b.name order by m.sort, m.name, bank`,
    [today, addDays(today, COMING_DUE_DAYS)],
  );
  const category = (expired: boolean) => {
    const r = totals.find((t) => t.expired === expired);
    return {
      categoria: expired ? EXPIRED : NOT_EXPIRED,
      cantidad: Number(r?.n ?? 0),
      importe_soles: Number(r?.pen ?? 0),
      importe_dolares: Number(r?.usd ?? 0),
    } as const;
  };
  return {
    anios: years.map((y) => y.y),
    anio,
    hoy: today,
    resumen: [category(true), category(false)],
    por_mall: byMall.map((r): ExpiryByMall => ({
      id_mall: r.id,
      mall: r.name,
      vencidas: Number(r.expired),
      por_vencer: Number(r.pending),
    })),
    proximos: coming.map((r) => ({
      id_mall: r.id,
      mall: r.name,
      banco: r.bank,
      cantidad: Number(r.n),
      importe_soles: Number(r.pen),
      importe_dolares: Number(r.usd),
    })),
  };
}

/** An approved exception that gives another guarantee: what is received is that type. */
const EXC = "(e.state_code = 'APR' and d.is_excepcion and et.guarantee_type is not null)";

/**
 * Grado De Avance: the current (not renewed) guarantees of a defined type that are approved or already
 * received; received ones by the type received, the others with and without an approved exception.
 */
export async function progressPanel(ctx: Ctx, mall: number | null): Promise<ProgressPanel> {
  const malls = await ctx.db.query<{ id_mall: number; nombre: string }>(
    "select id as id_mall, name as nombre from malls order by sort, name",
  );
  const rows = await ctx.db.query<
    {
      received: boolean;
      exc: boolean;
      cartera: string;
      n: string | number;
      pen: string | number;
      usd: string | number;
    }
  >(
    `select d.is_recepcionada as received, coalesce(${EXC}, false) or d.is_excepcion as exc,
            case when ${EXC} then ety.name else ty.name end as cartera,
            count(*) as n,
            coalesce(sum(d.importe) filter (where cur.code = 'PEN'), 0) as pen,
            coalesce(sum(d.importe) filter (where cur.code = 'USD'), 0) as usd
       from guarantee_details d
       join guarantees g on g.id = d.guarantee_id
       join contracts c on c.id = g.contract_id
       join currencies cur on cur.id = g.currency_id
       join guarantee_types ty on ty.code = d.type_code
       left join guarantee_exceptions e on e.detail_id = d.id
       left join exception_types et on et.code = e.type_code
       left join guarantee_types ety on ety.code = et.guarantee_type
      where not d.is_renovada and (d.type_code <> 'GAR0' or ${EXC})
        and (d.state_code = 'IOK' or d.is_recepcionada)
        and ($1::int is null or c.mall_id = $1::int)
      group by 1, 2, 3`,
    [mall],
  );
  const amounts = (list: typeof rows): Amounts => ({
    cantidad: list.reduce((n, r) => n + Number(r.n), 0),
    importe_soles: list.reduce((n, r) => n + Number(r.pen), 0),
    importe_dolares: list.reduce((n, r) => n + Number(r.usd), 0),
  });
  const received = rows.filter((r) => r.received);
  const carteras = [...new Set(received.map((r) => r.cartera))].sort();
  const pending = rows.filter((r) => !r.received);
  return {
    malls,
    id_mall: mall,
    recibidas: carteras.map((cartera) => ({
      cartera,
      ...amounts(received.filter((r) => r.cartera === cartera)),
    })),
    no_recibidas: {
      sin_excepcion: amounts(pending.filter((r) => !r.exc)),
      con_excepcion: amounts(pending.filter((r) => r.exc)),
    },
  };
}

/**
 * Cliente Con Garantía: a tenant's guarantees (by RUC, by contract, or the contract within the RUC), active
 * while not renewed and, for a letter, not expired; per currency and per contract.
 */
export async function clientPanel(ctx: Ctx, f: ClientFilter): Promise<ClientPanel> {
  const today = limaDate(ctx.clock());
  let tenantId: number | null = null;
  if (f.ruc) {
    const [t] = await ctx.db.query<{ id: number }>("select id from tenants where ruc = $1", [f.ruc]);
    if (!t) throw new AppError(NOT_FOUND, RUC_NOT_FOUND);
    tenantId = t.id;
  }
  let contractId: number | null = null;
  if (f.contrato) {
    const [c] = await ctx.db.query<{ id: number; tenant_id: number }>(
      // The contract is typed by its number (digits): CT000123 is 123 or 000123.
      `select id, tenant_id from contracts
        where ltrim(regexp_replace(code, '[^0-9]', '', 'g'), '0') = ltrim($1, '0') order by id limit 1`,
      [f.contrato],
    );
    if (!c || (tenantId != null && c.tenant_id !== tenantId)) {
      throw new AppError(NOT_FOUND, CONTRACT_NOT_FOUND);
    }
    contractId = c.id;
    tenantId = c.tenant_id;
  }
  const rows = await ctx.db.query<{
    ruc: string;
    razon_social: string;
    code: string;
    mall: string;
    moneda: string;
    currency: string;
    active: boolean;
    n: string | number;
    total: string | number;
  }>(
    `select t.ruc, t.razon_social, c.code, m.name as mall, cur.symbol as moneda, cur.code as currency,
            (not d.is_renovada and (d.type_code <> 'GAR1' or d.fecha_vencimiento is null
                                    or d.fecha_vencimiento >= $3::date)) as active,
            count(*) as n, coalesce(sum(d.importe), 0) as total
       from guarantee_details d
       join guarantees g on g.id = d.guarantee_id
       join contracts c on c.id = g.contract_id
       join tenants t on t.id = c.tenant_id
       join malls m on m.id = c.mall_id
       join currencies cur on cur.id = g.currency_id
      where d.type_code <> 'GAR0' and c.tenant_id = $1 and ($2::int is null or c.id = $2::int)
      group by 1, 2, 3, 4, 5, 6, 7
      order by c.code`,
    [tenantId, contractId, today],
  );
  if (rows.length === 0) throw new AppError(NOT_FOUND, NO_DATA);
  const summary = (active: boolean) => {
    const list = rows.filter((r) => r.active === active);
    const amount = (code: string) =>
      list.filter((r) => r.currency === code).reduce((n, r) => n + Number(r.total), 0);
    return {
      categoria: active ? "Activas" as const : "Inactivas" as const,
      cantidad: list.reduce((n, r) => n + Number(r.n), 0),
      importe_soles: amount("PEN"),
      importe_dolares: amount("USD"),
    };
  };
  const byKey = <K extends string>(key: (r: typeof rows[number]) => K) => {
    const out = new Map<K, { first: typeof rows[number]; active: number; inactive: number }>();
    for (const r of rows) {
      const e = out.get(key(r)) ?? { first: r, active: 0, inactive: 0 };
      if (r.active) e.active += Number(r.total);
      else e.inactive += Number(r.total);
      out.set(key(r), e);
    }
    return [...out.values()];
  };
  return {
    ruc: rows[0].ruc,
    razon_social: rows[0].razon_social,
    resumen: [summary(true), summary(false)],
    por_moneda: byKey((r) => r.moneda).map((e) => ({
      moneda: e.first.moneda,
      importe_activos: e.active,
      importe_inactivos: e.inactive,
    })),
    contratos: byKey((r) => `${r.code}|${r.moneda}`).map((e) => ({
      nroContrato: e.first.code,
      mall: e.first.mall,
      moneda: e.first.moneda,
      importeActivos: e.active,
      importeInactivos: e.inactive,
    })),
  };
}
