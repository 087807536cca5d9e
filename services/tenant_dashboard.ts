import type { CategoryAverage, DashboardIndicators, Figure, MonthlySales } from "../contract/tenant.ts";
import { limaDate } from "./clock.ts";
import type { Ctx } from "./context.ts";
import { addDays } from "./days.ts";
import { roundHalfUp } from "./numbers.ts";
import type { Session } from "./sessions.ts";
import { tenantScope } from "./tenant_scope.ts";

// The tenant dashboard. Category ('rubro') figures involve other tenants' sales: they are computed here
// and only the aggregate leaves the server, and only when contracts of at least MIN_PEERS other tenants
// (other RUCs) make it up: with fewer, a tenant could work out a neighbour's sales from its own and the
// average.

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

/** Cards 'Venta del día', 'Venta Rubro', 'Diferencia' and their per-m2 versions, with day-on-day change. */
export async function dashboardIndicators(ctx: Ctx, s: Session): Promise<DashboardIndicators> {
  const scope = await tenantScope(ctx.db, s);
  const today = limaDate(ctx.clock());
  const [cat] = await ctx.db.query<{ name: string }>("select name from categories where id = $1", [
    scope.categoryId,
  ]);
  const [last] = await ctx.db.query<{ d: string | null }>(
    "select max(sale_date) as d from sales_closings where contract_id = $1 and sale_date <= $2::date",
    [scope.contractId, today],
  );
  const date = last?.d == null ? null : String(last.d);
  const empty: Figure = { value: null, variation: null };
  if (!date) {
    return {
      date,
      area: scope.area,
      categoria: cat?.name ?? "",
      ventas: { ventaDia: empty, ventaPromedioxRubro: empty, diferencia: empty },
      ventasM2: { ventaDiaM2: empty, ventaPromedioxRubroM2: empty, diferencia: empty },
    };
  }
  const prev = addDays(date, -1);
  // Per contract and day first (a contract may have several supply points), then per day.
  const rows = await ctx.db.query<{
    sale_date: string;
    peers: number;
    n: number;
    total: number;
    area: number;
    own: number | null;
  }>(
    `with per_contract as (
       select s.sale_date, s.contract_id, c.tenant_id, sum(s.amount) as amount, c.area
         from sales_closings s join contracts c on c.id = s.contract_id
        where c.category_id = $2 and s.sale_date in ($3::date, $4::date)
        group by s.sale_date, s.contract_id, c.tenant_id, c.area)
     select sale_date, count(distinct tenant_id) filter (where tenant_id <> $5)::int as peers, count(*)::int as n,
            sum(amount) as total, sum(area) as area, sum(amount) filter (where contract_id = $1) as own
       from per_contract group by sale_date`,
    [scope.contractId, scope.categoryId, date, prev, scope.tenantId],
  );
  const of = (day: string): DayFigures => {
    const r = rows.find((x) => String(x.sale_date) === day);
    const own = r?.own == null ? null : Number(r.own);
    const shared = r && r.peers >= MIN_PEERS;
    return {
      own,
      ownM2: own == null ? null : own / scope.area,
      avg: shared ? Number(r.total) / r.n : null,
      avgM2: shared ? Number(r.total) / Number(r.area) : null,
    };
  };
  const d = of(date), p = of(prev);
  const diff = (a: number | null, b: number | null) => (a == null || b == null ? null : a - b);
  return {
    date,
    area: scope.area,
    categoria: cat?.name ?? "",
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
