// Heat maps (issue 15): a mall's floor plan (levels and locals with their shapes and current contract), the
// vacancy map and the change of a local's status (audited maps.vacancy_update; the 'locals' extract, which the
// dashboard's 'Vacancy al …' cards read, follows by sql/011's trigger), and the category traffic lights
// (categories.verde_hasta / amarillo_hasta; 'Todos' lives in settings 'semaforoTodos', 30/60 until stored).

import {
  CATEGORY_IN_USE,
  CATEGORY_NAME_TAKEN,
  CATEGORY_NOT_FOUND,
  type CategoryAddBody,
  type CategoryEditBody,
  type CategoryRow,
  type ClosingLocation,
  type ClosingMap,
  closingRangeOf,
  LOCAL_INVALID,
  type MapLevel,
  type MapLocation,
  type MapMall,
  type SalesLocation,
  type SalesMap,
  salesRangeOf,
  semaforoOf,
  SLIDER_DEFAULTS,
  TODOS_ID,
  TODOS_LABEL,
  TODOS_NOT_DELETABLE,
  type VacancyLocation,
  type VacancyMap,
  vacancyOf,
  type VacancyStatus,
  type VacancyStatusBody,
} from "#contract/maps.ts";
import { audit } from "./audit.ts";
import { limaDate } from "./clock.ts";
import { contractCompliance } from "./compliance.ts";
import { addDays, monthStart } from "./days.ts";
import type { Actor, Ctx } from "./context.ts";
import type { Queryable } from "./db.ts";
import { AppError, VALIDATION_ERROR } from "./errors.ts";
import { assertVersion, versionsOf } from "./versions.ts";

export async function mapMalls(q: Queryable): Promise<MapMall[]> {
  const rows = await q.query<{ id: number; name: string }>("select id, name from malls order by sort, id");
  return rows.map((r) => ({ value: Number(r.id), label: r.name }));
}

interface LocalRow {
  id: number;
  code: string;
  level_id: number;
  area: number;
  vacancy_state: number;
  shape: { x: number; y: number; w: number; h: number } | string;
  contract: string | null;
  denominacion: string | null;
  nombre_comercial: string | null;
}

/** The levels and locals of a mall, each local with its latest contract (the one with the latest start). */
export async function mallPlan(q: Queryable, mallId: number) {
  const levels = await q.query<{ id: number; floor: number; title: string }>(
    "select id, floor, title from levels where mall_id = $1 order by floor",
    [mallId],
  );
  const rows = await q.query<LocalRow>(
    `select l.id, l.code, l.level_id, l.area, l.vacancy_state, l.shape, c.code as contract, c.denominacion,
            t.nombre_comercial
       from locals l
       left join lateral (
         select c.* from contract_locals cl join contracts c on c.id = cl.contract_id
          where cl.local_id = l.id order by c.start_date desc, c.id desc limit 1) c on true
       left join tenants t on t.id = c.tenant_id
      where l.mall_id = $1
      order by l.level_id, l.code`,
    [mallId],
  );
  const mapLevels: MapLevel[] = levels.map((l) => ({
    id: Number(l.id),
    floor: Number(l.floor),
    title: Number(l.floor) < 0 ? `Sótano ${-Number(l.floor)}` : l.title,
  }));
  const locations = rows.map((r) => {
    const shape = typeof r.shape === "string" ? JSON.parse(r.shape) : r.shape;
    const loc: MapLocation & { estado: number } = {
      id: Number(r.id),
      code: r.code,
      title: r.denominacion ?? r.code,
      levelId: Number(r.level_id),
      shape: { x: Number(shape.x), y: Number(shape.y), w: Number(shape.w), h: Number(shape.h) },
      numContrato: r.contract,
      locatario: r.nombre_comercial ?? r.denominacion,
      area: Number(r.area),
      estado: Number(r.vacancy_state),
    };
    return loc;
  });
  return { levels: mapLevels, locations };
}

async function mallExists(q: Queryable, mallId: number) {
  const [m] = await q.query("select 1 from malls where id = $1", [mallId]);
  return !!m;
}

/** The vacancy map of a mall (the first mall when the one asked for does not exist). */
export async function vacancyMap(ctx: Ctx, mallId: number): Promise<VacancyMap> {
  const malls = await mapMalls(ctx.db);
  const chosen = malls.some((m) => m.value === mallId) ? mallId : malls[0]?.value ?? mallId;
  const plan = await mallPlan(ctx.db, chosen);
  const versions = await versionsOf(ctx.db, "local", plan.locations.map((l) => l.id));
  const locations = (plan.locations as Omit<VacancyLocation, "version">[]).map((l) => ({
    ...l,
    version: versions.get(String(l.id)) ?? 0,
  }));
  return {
    malls,
    mallId: chosen,
    mapaCalor: { levels: plan.levels, locations },
    vacancyData: vacancyOf(locations),
  };
}

/**
 * 'Cambiar': sets a local's status; a repeat changes nothing. Audited maps.vacancy_update under the local, as
 * its assignments are (services/maps_assign.ts), so the version the map read covers both (issue 38: 448).
 */
export async function changeVacancyStatus(ctx: Ctx, actor: Actor, body: VacancyStatusBody) {
  const now = ctx.clock();
  return await ctx.db.tx(async (q) => {
    if (!await mallExists(q, body.unidadEconomicaId)) {
      throw new AppError(VALIDATION_ERROR, undefined, { unidadEconomicaId: "Seleccione un mall." });
    }
    const [local] = await q.query<{ vacancy_state: number; code: string }>(
      "select vacancy_state, code from locals where id = $1 and mall_id = $2 for update",
      [body.idObj, body.unidadEconomicaId],
    );
    if (!local) throw new AppError(VALIDATION_ERROR, undefined, { idObj: LOCAL_INVALID });
    await assertVersion(q, "local", body.idObj, body.version);
    const before = Number(local.vacancy_state);
    if (before !== body.newStatus) {
      await q.query("update locals set vacancy_state = $1 where id = $2", [body.newStatus, body.idObj]);
      await audit(q, {
        userId: actor.userId,
        action: "maps.vacancy_update",
        entity: "local",
        entityId: body.idObj,
        before: { code: local.code, estado: before },
        after: { code: local.code, estado: body.newStatus },
        ip: actor.ip,
      }, now);
    }
    return { idObj: body.idObj, estado: body.newStatus as VacancyStatus };
  });
}

// ---- Category traffic lights ---------------------------------------------------------------------------

const TODOS_KEY = "semaforoTodos";

async function todosLimits(q: Queryable): Promise<[number, number]> {
  const [row] = await q.query<{ value: unknown }>("select value from settings where key = $1", [TODOS_KEY]);
  const v = (typeof row?.value === "string" ? JSON.parse(row.value) : row?.value) as
    | { verdeHasta?: unknown; amarilloHasta?: unknown }
    | undefined;
  const a = Number(v?.verdeHasta), b = Number(v?.amarilloHasta);
  return Number.isInteger(a) && Number.isInteger(b) ? [a, b] : [...SLIDER_DEFAULTS];
}

/** The traffic-light table: 'Todos' first, then the categories by name. */
export async function listCategories(ctx: Ctx): Promise<CategoryRow[]> {
  const [a, b] = await todosLimits(ctx.db);
  const rows = await ctx.db.query<{ id: number; name: string; verde_hasta: number; amarillo_hasta: number }>(
    "select id, name, verde_hasta, amarillo_hasta from categories order by name, id",
  );
  const versions = await versionsOf(ctx.db, "category", [TODOS_ID, ...rows.map((r) => r.id)]);
  const version = (id: number) => versions.get(String(id)) ?? 0;
  return [
    { value: TODOS_ID, label: TODOS_LABEL, semaforo: semaforoOf(a, b), version: version(TODOS_ID) },
    ...rows.map((r) => ({
      value: Number(r.id),
      label: r.name,
      semaforo: semaforoOf(Number(r.verde_hasta), Number(r.amarillo_hasta)),
      version: version(Number(r.id)),
    })),
  ];
}

async function nameTaken(q: Queryable, name: string, except: number) {
  if (name.toLocaleLowerCase("es") === TODOS_LABEL.toLocaleLowerCase("es")) return true;
  const [r] = await q.query("select 1 from categories where lower(name) = lower($1) and id <> $2", [
    name,
    except,
  ]);
  return !!r;
}

export async function addCategory(ctx: Ctx, actor: Actor, body: CategoryAddBody) {
  const now = ctx.clock();
  return await ctx.db.tx(async (q) => {
    await q.query("lock table categories in share row exclusive mode");
    if (await nameTaken(q, body.categoriaName, 0)) {
      throw new AppError(VALIDATION_ERROR, undefined, { categoriaName: CATEGORY_NAME_TAKEN });
    }
    const [row] = await q.query<{ id: number }>(
      "insert into categories (name, verde_hasta, amarillo_hasta) values ($1, $2, $3) returning id",
      [body.categoriaName, body.verdeHasta, body.amarilloHasta],
    );
    const after = {
      name: body.categoriaName,
      verdeHasta: body.verdeHasta,
      amarilloHasta: body.amarilloHasta,
    };
    await audit(q, {
      userId: actor.userId,
      action: "maps.category_create",
      entity: "category",
      entityId: row.id,
      after,
      ip: actor.ip,
    }, now);
    return { categoriaId: Number(row.id) };
  });
}

export async function editCategory(ctx: Ctx, actor: Actor, body: CategoryEditBody) {
  const now = ctx.clock();
  const after = { verdeHasta: body.verdeHasta, amarilloHasta: body.amarilloHasta };
  return await ctx.db.tx(async (q) => {
    // One edit at a time ('Todos' lives in settings, a row that may not exist yet): the version check below
    // then sees the edit that committed first (issue 38: 448).
    await q.query("lock table categories in share row exclusive mode");
    await assertVersion(q, "category", body.categoriaId, body.version);
    if (body.categoriaId === TODOS_ID) {
      const [a, b] = await todosLimits(q);
      await q.query(
        `insert into settings (key, value, updated_at, updated_by) values ($1, $2::text::jsonb, $3, $4)
         on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at,
                                         updated_by = excluded.updated_by`,
        [TODOS_KEY, JSON.stringify(after), now, actor.userId],
      );
      await audit(q, {
        userId: actor.userId,
        action: "maps.category_update",
        entity: "category",
        entityId: TODOS_ID,
        before: { name: TODOS_LABEL, verdeHasta: a, amarilloHasta: b },
        after: { name: TODOS_LABEL, ...after },
        ip: actor.ip,
      }, now);
      return { categoriaId: TODOS_ID };
    }
    const [old] = await q.query<{ name: string; verde_hasta: number; amarillo_hasta: number }>(
      "select name, verde_hasta, amarillo_hasta from categories where id = $1 for update",
      [body.categoriaId],
    );
    if (!old) throw new AppError(VALIDATION_ERROR, undefined, { categoriaId: CATEGORY_NOT_FOUND });
    if (await nameTaken(q, body.categoriaName, body.categoriaId)) {
      throw new AppError(VALIDATION_ERROR, undefined, { categoriaName: CATEGORY_NAME_TAKEN });
    }
    await q.query("update categories set name = $1, verde_hasta = $2, amarillo_hasta = $3 where id = $4", [
      body.categoriaName,
      body.verdeHasta,
      body.amarilloHasta,
      body.categoriaId,
    ]);
    await audit(q, {
      userId: actor.userId,
      action: "maps.category_update",
      entity: "category",
      entityId: body.categoriaId,
      before: {
        name: old.name,
        verdeHasta: Number(old.verde_hasta),
        amarilloHasta: Number(old.amarillo_hasta),
      },
      after: { name: body.categoriaName, ...after },
      ip: actor.ip,
    }, now);
    return { categoriaId: body.categoriaId };
  });
}

/** Deletes a category that no contract nor CeBe uses; 'Todos' cannot be deleted. */
export async function deleteCategory(ctx: Ctx, actor: Actor, id: number) {
  if (id === TODOS_ID) throw new AppError(VALIDATION_ERROR, undefined, { categoriaId: TODOS_NOT_DELETABLE });
  const now = ctx.clock();
  return await ctx.db.tx(async (q) => {
    const [old] = await q.query<{ name: string; verde_hasta: number; amarillo_hasta: number }>(
      "select name, verde_hasta, amarillo_hasta from categories where id = $1 for update",
      [id],
    );
    if (!old) throw new AppError(VALIDATION_ERROR, undefined, { categoriaId: CATEGORY_NOT_FOUND });
    const [used] = await q.query(
      `select 1 where exists (select 1 from contracts where category_id = $1)
                   or exists (select 1 from cebes where category_id = $1)`,
      [id],
    );
    if (used) throw new AppError(VALIDATION_ERROR, undefined, { categoriaId: CATEGORY_IN_USE });
    await q.query("delete from categories where id = $1", [id]);
    await audit(q, {
      userId: actor.userId,
      action: "maps.category_delete",
      entity: "category",
      entityId: id,
      before: {
        name: old.name,
        verdeHasta: Number(old.verde_hasta),
        amarilloHasta: Number(old.amarillo_hasta),
      },
      ip: actor.ip,
    }, now);
    return { categoriaId: id };
  });
}

// ---- Sales indicators ------------------------------------------------------------------------------------

interface SalesRow {
  contract: string;
  area: number;
  currency: "PEN" | "USD";
  category_id: number;
  dia: number;
  mes: number;
  anterior: number;
}

/**
 * The sales map of a mall (docs/metrics.md): per shop (its latest contract) yesterday's sales, the month to
 * date (the month of yesterday) and the previous month, per m2 of the contract's area; coloured by the month's
 * sales per m2 against its category's in the mall.
 */
export async function salesMap(ctx: Ctx, mallId: number): Promise<SalesMap> {
  const malls = await mapMalls(ctx.db);
  const chosen = malls.some((m) => m.value === mallId) ? mallId : malls[0]?.value ?? mallId;
  const yesterday = addDays(limaDate(ctx.clock()), -1);
  const start = monthStart(yesterday);
  const prevStart = monthStart(addDays(start, -1));
  const plan = await mallPlan(ctx.db, chosen);
  const rows = await ctx.db.query<SalesRow>(
    `select c.code as contract, c.area, c.currency, c.category_id,
            coalesce(sum(s.amount) filter (where s.sale_date = $2), 0) as dia,
            coalesce(sum(s.amount) filter (where s.sale_date between $3 and $2), 0) as mes,
            coalesce(sum(s.amount) filter (where s.sale_date >= $4 and s.sale_date < $3), 0) as anterior
       from contracts c left join sales_closings s on s.contract_id = c.id and s.sale_date between $4 and $2
      where c.mall_id = $1
      group by c.id`,
    [chosen, yesterday, start, prevStart],
  );
  const byCode = new Map(rows.map((r) => [r.contract, r]));
  // Category month-to-date sales per m2 in the mall (per currency): sales over the area of the contracts that sold.
  const cat = new Map<string, { sales: number; area: number }>();
  const catKey = (r: SalesRow) => `${r.category_id}.${r.currency}`;
  for (const r of rows) {
    if (Number(r.mes) <= 0) continue;
    const c = cat.get(catKey(r)) ?? { sales: 0, area: 0 };
    c.sales += Number(r.mes);
    c.area += Number(r.area);
    cat.set(catKey(r), c);
  }
  const days = Number(yesterday.slice(8, 10));
  const locations: SalesLocation[] = plan.locations.map(({ estado: _e, ...l }) => {
    const r = l.numContrato ? byCode.get(l.numContrato) : undefined;
    if (!r) return { ...l, indicadores: null };
    const area = Number(r.area), dia = Number(r.dia), mes = Number(r.mes), anterior = Number(r.anterior);
    const c = cat.get(catKey(r));
    const m2 = mes / area;
    const ratio = mes > 0 && r.currency === "PEN" && c && c.sales > 0
      ? (m2 / (c.sales / c.area)) * 100
      : null;
    return {
      ...l,
      indicadores: {
        area,
        moneda: r.currency,
        ventaDiaAnterior: dia,
        ventaDiaAnteriorM2: dia / area,
        ventaM2MesActual: m2,
        ventaM2MesAnterior: anterior / area,
        promedioVentaMesActual: mes / days,
        ventaMesAnterior: anterior,
        ratio,
        rango: salesRangeOf(ratio),
      },
    };
  });
  return {
    malls,
    mallId: chosen,
    diaAnterior: yesterday,
    mapaCalor: { levels: plan.levels, locations },
    hayVentas: rows.some((r) => Number(r.mes) > 0 || Number(r.anterior) > 0),
  };
}

// ---- Closing freshness -------------------------------------------------------------------------------------

/** The closing map of a mall: per shop, the days of the month to yesterday without a closing (Lista Roja's). */
export async function closingMap(ctx: Ctx, mallId: number): Promise<ClosingMap> {
  const malls = await mapMalls(ctx.db);
  const chosen = malls.some((m) => m.value === mallId) ? mallId : malls[0]?.value ?? mallId;
  const yesterday = addDays(limaDate(ctx.clock()), -1);
  const plan = await mallPlan(ctx.db, chosen);
  const byCode = new Map((await contractCompliance(ctx.db, yesterday, chosen)).map((c) => [c.code, c]));
  const locations: ClosingLocation[] = plan.locations.map(({ estado: _e, ...l }) => {
    const c = l.numContrato ? byCode.get(l.numContrato) : undefined;
    return {
      ...l,
      cierre: c
        ? {
          ultimoCierre: c.last,
          diasFaltantes: c.missingDays,
          faltaDesde: c.missingFrom,
          rango: closingRangeOf(c.missingDays),
        }
        : null,
    };
  });
  return { malls, mallId: chosen, diaAnterior: yesterday, mapaCalor: { levels: plan.levels, locations } };
}
