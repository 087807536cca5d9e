// The All-In map (issue 15; docs/metrics.md 'Heat maps'): per shop of a mall (its latest contract) the
// occupancy cost of the closing month's year to date (the rents per m2 of the All-In upload, services/all_in.ts)
// over its sales of the same days, against the comparison year's same days, coloured by the traffic lights.

import {
  allInLightOf,
  type AllInLocation,
  type AllInMap,
  type AllInQuery,
  type AllInYear,
  MONTH_AFTER_CURRENT,
  previousMonth,
  YEAR_INVALID,
} from "#contract/maps_all_in.ts";
import { CATEGORY_NOT_FOUND, type Semaforo } from "#contract/maps.ts";
import { limaDate } from "./clock.ts";
import type { Ctx } from "./context.ts";
import { addDays, daysBetween } from "./days.ts";
import { AppError, VALIDATION_ERROR } from "./errors.ts";
import { listCategories, mallPlan, mapMalls } from "./maps.ts";

const pad = (n: number) => String(n).padStart(2, "0");
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const isLeap = (y: number) => daysInMonth(y, 2) === 29;

/**
 * The period of a year for a closing month: 1 January to the month's last day, or to yesterday while the month
 * runs; the comparison year ends on the same calendar day (28 February for a 29th).
 */
export function periodOf(mes: string, year: number, yesterday: string) {
  const m = Number(mes.slice(5, 7));
  let endDay = daysInMonth(Number(mes.slice(0, 4)), m);
  if (yesterday.slice(0, 7) === mes) endDay = Number(yesterday.slice(8, 10));
  const hasta = `${year}-${pad(m)}-${pad(Math.min(endDay, daysInMonth(year, m)))}`;
  const desde = `${year}-01-01`;
  if (hasta < desde) return { desde, hasta: addDays(desde, -1), dias: 0 };
  return { desde, hasta, dias: daysBetween(desde, hasta) + 1 };
}

interface ContractRow {
  id: number;
  code: string;
  area: number;
  currency: "PEN" | "USD";
  category_id: number;
  category: string;
  actual: number;
  comparativo: number;
}

interface RentRow {
  contract_id: number;
  year: number;
  renta_m2: number;
  fondo_m2: number;
  gasto_comun_m2: number;
}

function yearFigures(
  year: number,
  period: { desde: string; hasta: string; dias: number },
  ventas: number,
  area: number,
  rents: RentRow[] | undefined,
): AllInYear {
  // The upload of the year, else the latest before it (rents run on until the next upload).
  const rent = rents?.filter((r) => Number(r.year) <= year).sort((a, b) =>
    Number(b.year) - Number(a.year)
  )[0];
  const base = { anio: year, desde: period.desde, hasta: period.hasta, ventas };
  const ventasM2 = area > 0 ? ventas / area : null;
  if (!rent) {
    return {
      ...base,
      ventasM2,
      anioCarga: null,
      rentaM2: null,
      fondoM2: null,
      gastoComunM2: null,
      costoOcupacion: null,
      allIn: null,
    };
  }
  const rentaM2 = Number(rent.renta_m2), fondoM2 = Number(rent.fondo_m2), gasto = Number(rent.gasto_comun_m2);
  const costo = (rentaM2 + fondoM2 + gasto) * area * period.dias / (isLeap(year) ? 366 : 365);
  return {
    ...base,
    ventasM2,
    anioCarga: Number(rent.year),
    rentaM2,
    fondoM2,
    gastoComunM2: gasto,
    costoOcupacion: costo,
    allIn: ventas > 0 ? (costo / ventas) * 100 : null,
  };
}

export async function allInMap(ctx: Ctx, query: AllInQuery): Promise<AllInMap> {
  const today = limaDate(ctx.clock());
  const yesterday = addDays(today, -1);
  const mes = query.mes ?? previousMonth(today);
  if (mes > today.slice(0, 7)) throw new AppError(VALIDATION_ERROR, undefined, { mes: MONTH_AFTER_CURRENT });
  const year = Number(mes.slice(0, 4));
  const comparison = query.anioComparativo ?? year - 1;
  if (comparison > Number(today.slice(0, 4))) {
    throw new AppError(VALIDATION_ERROR, undefined, { anioComparativo: YEAR_INVALID });
  }
  const categorias = await listCategories(ctx);
  const categoriaId = query.categoriaId ?? 0;
  const chosenCategory = categorias.find((c) => c.value === categoriaId);
  if (!chosenCategory) throw new AppError(VALIDATION_ERROR, undefined, { categoriaId: CATEGORY_NOT_FOUND });

  const malls = await mapMalls(ctx.db);
  const mallId = malls.some((m) => m.value === query.unidadEconomicaId)
    ? query.unidadEconomicaId
    : malls[0]?.value ?? query.unidadEconomicaId;
  const plan = await mallPlan(ctx.db, mallId);
  const pa = periodOf(mes, year, yesterday), pc = periodOf(mes, comparison, yesterday);
  const rows = await ctx.db.query<ContractRow>(
    `select c.id, c.code, c.area, c.currency, c.category_id, g.name as category,
            coalesce(sum(s.amount) filter (where s.sale_date between $2 and $3), 0) as actual,
            coalesce(sum(s.amount) filter (where s.sale_date between $4 and $5), 0) as comparativo
       from contracts c join categories g on g.id = c.category_id
       left join sales_closings s on s.contract_id = c.id
             and (s.sale_date between $2 and $3 or s.sale_date between $4 and $5)
      where c.mall_id = $1
      group by c.id, g.name`,
    [mallId, pa.desde, pa.hasta, pc.desde, pc.hasta],
  );
  const rents = await ctx.db.query<RentRow>(
    `select a.contract_id, a.year, a.renta_m2, a.fondo_m2, a.gasto_comun_m2
       from all_in_indicators a join contracts c on c.id = a.contract_id
      where c.mall_id = $1 and a.year <= $2`,
    [mallId, Math.max(year, comparison)],
  );
  const rentsOf = Map.groupBy(rents, (r) => Number(r.contract_id));
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const todos = categorias[0].semaforo;
  const rangesOf = new Map<number, Semaforo>(categorias.map((c) => [c.value, c.semaforo]));

  const locations: AllInLocation[] = plan.locations.map(({ estado: _e, ...l }) => {
    const r = l.numContrato ? byCode.get(l.numContrato) : undefined;
    if (!r) {
      return {
        ...l,
        categoriaId: null,
        categoria: null,
        moneda: null,
        actual: null,
        comparativo: null,
        color: allInLightOf(null, null, categoriaId, { todos, category: null }),
      };
    }
    const area = Number(r.area), cat = Number(r.category_id);
    const actual = yearFigures(year, pa, Number(r.actual), area, rentsOf.get(Number(r.id)));
    const comparativo = yearFigures(comparison, pc, Number(r.comparativo), area, rentsOf.get(Number(r.id)));
    return {
      ...l,
      categoriaId: cat,
      categoria: r.category,
      moneda: r.currency,
      actual,
      comparativo,
      color: allInLightOf(actual.allIn, cat, categoriaId, { todos, category: rangesOf.get(cat) ?? null }),
    };
  });
  return {
    malls,
    mallId,
    mes,
    anioComparativo: comparison,
    categoriaId,
    categorias,
    mapaCalor: { levels: plan.levels, locations },
    hayVentas: rows.some((r) => Number(r.actual) > 0 || Number(r.comparativo) > 0),
  };
}
