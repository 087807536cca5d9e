// The older system's way, for the benchmark's comparison: one PostgreSQL query per request, answering the
// Ventas Mensual tables (per mall and per category, money and per m2, with totals) as JSON, with the
// definitions of docs/metrics.md.

import type { Queryable } from "../../services/db.ts";
import {
  addDays,
  closedMonth,
  monthSpan,
  monthToDate,
  sameDaysIn,
} from "../../web/src/reports/shared/dates.ts";

export interface LegacyArgs {
  act: { start: string; end: string };
  cmp: { start: string; end: string };
  y1: number;
  y2: number;
  inflation: boolean;
  sss: boolean;
}

// Per contract: sales of both periods (the comparison one adjusted for inflation), whether it had closings in
// each, and its area where it sold; then the figures of a group, money and per m2.
const BASE = `with infl as (
     select m as month,
            case when $7 and $5 < $6 then coalesce(exp(sum(ln(1 + i.pct / 100.0))), 1) else 1 end as factor
       from generate_series(1, 12) m
       left join inflation i on i.year * 12 + i.month > $5 * 12 + m and i.year * 12 + i.month <= $6 * 12 + m
      group by m),
   base as (
     select s.contract_id,
            coalesce(sum(case when s.sale_date between $1 and $2 then s.amount end), 0) as act,
            coalesce(sum(case when s.sale_date between $3 and $4 then s.amount * f.factor end), 0) as cmp,
            bool_or(s.sale_date between $1 and $2) as in_act, bool_or(s.sale_date between $3 and $4) as in_cmp
       from sales_closings s join infl f on f.month = extract(month from s.sale_date)
      where s.sale_date between $1 and $2 or s.sale_date between $3 and $4
      group by s.contract_id),
   pc as (
     select k.mall_id, k.category_id, b.act, b.cmp,
            case when b.act > 0 then k.area else 0 end as area_act,
            case when b.cmp > 0 then k.area else 0 end as area_cmp
       from base b join contracts k on k.id = b.contract_id
      where not $8 or (b.in_act and b.in_cmp))`;
const FIGURES = `coalesce(sum(act), 0)::float8 as act, coalesce(sum(cmp), 0)::float8 as cmp,
   (sum(act) - sum(cmp))::float8 as diff, ((sum(act) - sum(cmp)) / nullif(sum(cmp), 0) * 100)::float8 as pct,
   (sum(act) / nullif(sum(area_act), 0))::float8 as act_m2, (sum(cmp) / nullif(sum(area_cmp), 0))::float8 as cmp_m2`;

const params = (
  a: LegacyArgs,
) => [a.act.start, a.act.end, a.cmp.start, a.cmp.end, a.y1, a.y2, a.inflation, a.sss];

/** The per-mall table (every mall) with the national total last. */
export function legacyPerMall(q: Queryable, a: LegacyArgs) {
  return q.query(
    `${BASE}
     select m.id as mall_id, coalesce(m.name, 'Total') as name, ${FIGURES}
       from pc right join malls m on m.id = pc.mall_id
      group by rollup ((m.id, m.name, m.sort)) order by m.sort nulls last`,
    params(a),
  );
}

/** The per-category table of all malls with its total last. */
export function legacyPerCategory(q: Queryable, a: LegacyArgs) {
  return q.query(
    `${BASE}
     select g.id as category_id, coalesce(g.name, 'Total') as category, ${FIGURES}
       from pc join categories g on g.id = pc.category_id
      group by rollup ((g.id, g.name)) order by g.name nulls last`,
    params(a),
  );
}

/**
 * Venta General per mall with the national total last: the month to `end` and January 1 to `end` against
 * the month's budget and the budgets of January to the month (docs/metrics.md).
 */
export function legacyVentaGeneral(q: Queryable, year: number, month: number, end: string) {
  const first = `${year}-${String(month).padStart(2, "0")}-01`;
  return q.query(
    `with s as (
       select contract_id, sum(amount) filter (where sale_date >= $1) as mes, sum(amount) as anio
         from sales_closings where sale_date between $2 and $3 group by contract_id),
     b as (
       select contract_id, sum(amount) filter (where month = $1) as meta_mes, sum(amount) as meta_anio
         from budgets where month between $2 and $1 group by contract_id),
     pc as (
       select k.mall_id, coalesce(s.mes, 0) as mes, coalesce(s.anio, 0) as anio,
              coalesce(b.meta_mes, 0) as meta_mes, coalesce(b.meta_anio, 0) as meta_anio
         from s full join b on b.contract_id = s.contract_id
         join contracts k on k.id = coalesce(s.contract_id, b.contract_id))
     select m.id as mall_id, coalesce(m.name, 'Total') as mall,
            sum(mes)::float8 as acumulado_mes, sum(meta_mes)::float8 as meta_mes,
            (sum(mes) / nullif(sum(meta_mes), 0) * 100)::float8 as cumplimiento_mes,
            sum(anio)::float8 as acumulado_anio, sum(meta_anio)::float8 as meta_anio,
            (sum(anio) / nullif(sum(meta_anio), 0) * 100)::float8 as cumplimiento_anio
       from pc right join malls m on m.id = pc.mall_id
      group by rollup ((m.id, m.name, m.sort)) order by m.sort nulls last`,
    [first, `${year}-01-01`, end],
  );
}

/**
 * A minimal server answering `?table=mall|cat&tipo=&anioComparativo=&inflacion=&sss=` with the rows in the JSON
 * envelope, one query per request; `/blank` is the empty page the benchmark times the requests from.
 */
const html = { headers: { "content-type": "text/html; charset=utf-8" } };

export function serveLegacy(
  q: Queryable,
  today: string,
  port: number,
): { url: string; stop(): Promise<void> } {
  const ac = new AbortController();
  // Loopback only: the benchmark's load never leaves the machine.
  const srv = Deno.serve(
    { port, hostname: "127.0.0.1", signal: ac.signal, onListen: () => {} },
    async (req) => {
      const u = new URL(req.url);
      // The page that times the requests (same origin: the portal's CSP forbids other origins).
      if (u.pathname === "/blank") return new Response("<!doctype html><title>legacy</title>", html);
      if (u.pathname !== "/") return new Response(null, { status: 404 });
      const p = u.searchParams;
      if (p.get("table") === "vg") {
        const year = Number(p.get("anio")), month = Number(p.get("mes"));
        const yesterday = addDays(today, -1);
        const last = monthSpan(year, month).end;
        const rows = await legacyVentaGeneral(q, year, month, last < yesterday ? last : yesterday);
        return Response.json({ success: true, message: "OK", errorId: null, data: { table: rows } });
      }
      const y1 = Number(p.get("anioComparativo"));
      const per = p.get("tipo") === "ventaMensualCerrado" ? closedMonth(today) : monthToDate(today);
      const table = p.get("table") === "cat" ? legacyPerCategory : legacyPerMall;
      const rows = await table(q, {
        act: per.span,
        cmp: sameDaysIn(per.span, y1),
        y1,
        y2: per.year,
        inflation: p.get("inflacion") === "true",
        sss: p.get("sss") === "true",
      });
      const body = { success: true, message: "OK", errorId: null, data: { table: rows } };
      return Response.json(body);
    },
  );
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      ac.abort();
      await srv.finished;
    },
  };
}
