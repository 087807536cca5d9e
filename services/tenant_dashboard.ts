import type { CategoryAverage, DashboardIndicators, Figure, MonthlySales } from "#contract/tenant.ts";
import { limaDate } from "./clock.ts";
import { stampedCache } from "./change_stamp.ts";
import type { Ctx } from "./context.ts";
import { addDays } from "./days.ts";
import { roundHalfUp } from "./numbers.ts";
import type { Session } from "./sessions.ts";
import { keptTenantScope, type TenantScope, tenantScope } from "./tenant_scope.ts";

// The tenant dashboard. Category ('rubro') figures involve other tenants' sales: they are computed here
// and only the aggregate leaves the server, and only when contracts of at least MIN_PEERS other tenants
// (other RUCs) make it up: with fewer, a tenant could work out a neighbour's sales from its own and the
// average.
// The category's figures of a day are kept per category and day, and the cards per contract and day, under
// the session's change stamp (services/change_stamp.ts): a closing or a contract change anywhere makes the
// next request compute them again; otherwise a read costs no query.

export const MIN_PEERS = 3;

const round = (x: number | null, d = 2) => (x == null || !Number.isFinite(x) ? null : roundHalfUp(x, d));

function figure(value: number | null, previous: number | null): Figure {
  const variation = value == null || previous == null || previous === 0
    ? null
    : ((value - previous) / Math.abs(previous)) * 100;
  return { value: round(value), variation: round(variation, 1) };
}

interface DayFigures {
  own: number | null;
  ownM2: number | null;
  avg: number | null;
  avgM2: number | null;
}

/** One day of a category: its contracts' sales (a contract may have several supply points) and totals. */
interface CategoryDay {
  perContract: Map<number, { tenantId: number; amount: number }>;
  n: number;
  total: number;
  area: number;
}

const keptDays = stampedCache<CategoryDay>();
const keptCards = stampedCache<DashboardIndicators>();

function categoryDay(ctx: Ctx, stamp: string, categoryId: number, day: string): Promise<CategoryDay> {
  return keptDays(ctx.db, `${categoryId}:${day}`, stamp, async () => {
    // Totals summed by the database (exact decimals), as the figures were before they were kept.
    const rows = await ctx.db.query<
      { contract_id: number; tenant_id: number; amount: number; total: number; area: number }
    >(
      `select contract_id, tenant_id, amount, sum(amount) over () as total, sum(area) over () as area
         from (select s.contract_id, c.tenant_id, c.area, sum(s.amount) as amount
                 from sales_closings s join contracts c on c.id = s.contract_id
                where c.category_id = $1 and s.sale_date = $2::date
                group by s.contract_id, c.tenant_id, c.area) x`,
      [categoryId, day],
      { prepare: true },
    );
    return {
      perContract: new Map(
        rows.map((r) => [r.contract_id, { tenantId: r.tenant_id, amount: Number(r.amount) }]),
      ),
      n: rows.length,
      total: rows.length ? Number(rows[0].total) : 0,
      area: rows.length ? Number(rows[0].area) : 0,
    };
  });
}

/** Cards 'Venta del día', 'Venta Rubro', 'Diferencia' and their per-m2 versions, with day-on-day change. */
export async function dashboardIndicators(ctx: Ctx, s: Session): Promise<DashboardIndicators> {
  const scope = await keptTenantScope(ctx.db, s);
  const today = limaDate(ctx.clock());
  return await keptCards(
    ctx.db,
    `${scope.contractId}:${today}`,
    s.stamp,
    () => cards(ctx, s.stamp, scope, today),
  );
}

async function cards(
  ctx: Ctx,
  stamp: string,
  scope: TenantScope,
  today: string,
): Promise<DashboardIndicators> {
  const [head] = await ctx.db.query<{ name: string | null; d: string | null }>(
    `select (select name from categories where id = $1) as name,
            (select max(sale_date) from sales_closings where contract_id = $2 and sale_date <= $3::date) as d`,
    [scope.categoryId, scope.contractId, today],
    { prepare: true },
  );
  const date = head?.d == null ? null : String(head.d);
  const empty: Figure = { value: null, variation: null };
  if (!date) {
    return {
      date,
      area: scope.area,
      categoria: head?.name ?? "",
      ventas: { ventaDia: empty, ventaPromedioxRubro: empty, diferencia: empty },
      ventasM2: { ventaDiaM2: empty, ventaPromedioxRubroM2: empty, diferencia: empty },
    };
  }
  const prev = addDays(date, -1);
  const [dayNow, dayPrev] = await Promise.all([
    categoryDay(ctx, stamp, scope.categoryId, date),
    categoryDay(ctx, stamp, scope.categoryId, prev),
  ]);
  const of = (r: CategoryDay): DayFigures => {
    const own = r.perContract.get(scope.contractId)?.amount ?? null;
    const peers = new Set(
      [...r.perContract.values()].map((x) => x.tenantId).filter((t) => t !== scope.tenantId),
    );
    const shared = r.n > 0 && peers.size >= MIN_PEERS;
    return {
      own,
      ownM2: own == null ? null : own / scope.area,
      avg: shared ? r.total / r.n : null,
      avgM2: shared ? r.total / r.area : null,
    };
  };
  const d = of(dayNow), p = of(dayPrev);
  const diff = (a: number | null, b: number | null) => (a == null || b == null ? null : a - b);
  return {
    date,
    area: scope.area,
    categoria: head?.name ?? "",
    ventas: {
      ventaDia: figure(d.own, p.own),
      ventaPromedioxRubro: figure(d.avg, p.avg),
      diferencia: figure(diff(d.own, d.avg), diff(p.own, p.avg)),
    },
    ventasM2: {
      ventaDiaM2: figure(d.ownM2, p.ownM2),
      ventaPromedioxRubroM2: figure(d.avgM2, p.avgM2),
      diferencia: figure(diff(d.ownM2, d.avgM2), diff(p.ownM2, p.avgM2)),
    },
  };
}

const yearRange = (year: number) => [`${year}-01-01`, `${year}-12-31`];

/** True for a month after the current one: the charts leave it empty rather than at zero. */
const isFuture = (today: string, year: number, month: number) =>
  `${year}-${String(month).padStart(2, "0")}` > today.slice(0, 7);

/** The contract's total sales per month of two years (12 rows; months without sales are 0). */
export async function monthlySales(
  ctx: Ctx,
  s: Session,
  anio1: number,
  anio2: number,
): Promise<MonthlySales> {
  const scope = await tenantScope(ctx.db, s);
  const rows = await ctx.db.query<{ y: number; m: number; total: number }>(
    `select extract(year from sale_date)::int as y, extract(month from sale_date)::int as m, sum(amount) as total
       from sales_closings
      where contract_id = $1 and (sale_date between $2::date and $3::date or sale_date between $4::date and $5::date)
      group by 1, 2`,
    [scope.contractId, ...yearRange(anio1), ...yearRange(anio2)],
  );
  const today = limaDate(ctx.clock());
  const sum = (y: number, m: number) =>
    isFuture(today, y, m) ? null : round(Number(rows.find((r) => r.y === y && r.m === m)?.total ?? 0));
  return {
    anio1,
    anio2,
    table: Array.from({ length: 12 }, (_, i) => ({
      mes: i + 1,
      ventaAnio1: sum(anio1, i + 1),
      ventaAnio2: sum(anio2, i + 1),
    })),
  };
}

/**
 * Per month of a year: the contract's total and the category's average monthly total per contract (all
 * malls; null for a month where contracts of fewer than MIN_PEERS other tenants of the category sold).
 */
export async function categoryAverage(ctx: Ctx, s: Session, anio: number): Promise<CategoryAverage> {
  const scope = await tenantScope(ctx.db, s);
  const rows = await ctx.db.query<{ m: number; peers: number; avg: number; own: number | null }>(
    `with per_contract as (
       select extract(month from s.sale_date)::int as m, s.contract_id, c.tenant_id, sum(s.amount) as total
         from sales_closings s join contracts c on c.id = s.contract_id
        where s.contract_id in (select id from contracts where category_id = $2)
          and s.sale_date between $3::date and $4::date
        group by 1, 2, 3)
     select m, count(distinct tenant_id) filter (where tenant_id <> $5)::int as peers, avg(total) as avg,
            sum(total) filter (where contract_id = $1) as own
       from per_contract group by m`,
    [scope.contractId, scope.categoryId, ...yearRange(anio), scope.tenantId],
  );
  const today = limaDate(ctx.clock());
  return {
    anio,
    table: Array.from({ length: 12 }, (_, i) => {
      const r = rows.find((x) => x.m === i + 1);
      const future = isFuture(today, anio, i + 1);
      return {
        mes: i + 1,
        ventaPromedioRubro: r && r.peers >= MIN_PEERS ? round(Number(r.avg)) : null,
        ventaAnio: future ? null : round(r?.own == null ? 0 : Number(r.own)),
      };
    }),
  };
}
