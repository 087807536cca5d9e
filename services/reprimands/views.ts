// What the reprimand screens read: the catalogue of reasons, a mall's locals, the grid and the detail.

import { NOT_FOUND } from "#contract/errors.ts";
import type { Table } from "#contract/envelope.ts";
import {
  type Box,
  REPRIMAND_API,
  type ReprimandCatalog,
  type ReprimandDetail,
  type ReprimandLocal,
  type ReprimandRow,
} from "#contract/reprimands.ts";
import type { Ctx } from "../context.ts";
import type { Queryable } from "../db.ts";
import { AppError } from "../errors.ts";
import { type Boxes, canDecide, stateOf } from "./approval.ts";

export const REPRIMAND_MISSING = "La amonestación no existe.";

/** The box a role decides (reprimand_approver_roles), or null for a role that only views. */
export async function boxOf(q: Queryable, roleId: number): Promise<Box | null> {
  const [row] = await q.query<{ box: Box }>("select box from reprimand_approver_roles where role_id = $1", [
    roleId,
  ]);
  return row?.box ?? null;
}

export async function reprimandCatalog(ctx: Ctx): Promise<ReprimandCatalog> {
  const malls = await ctx.db.query<{ id: number; nombre: string }>(
    "select id, name as nombre from malls order by sort, id",
  );
  const rows = await ctx.db.query<{
    type_id: number;
    type_name: string;
    id: number;
    name: string;
    base_amount: string;
    discount_pct: string;
  }>(
    `select t.id as type_id, t.name as type_name, r.id, r.name, r.base_amount, r.discount_pct
       from reprimand_reason_types t join reprimand_reasons r on r.type_id = t.id and r.active
      order by t.sort, t.name, r.name`,
  );
  const tipos: ReprimandCatalog["tipos"] = [];
  for (const r of rows) {
    let t = tipos.find((x) => x.id === r.type_id);
    if (!t) tipos.push(t = { id: r.type_id, nombre: r.type_name, motivos: [] });
    t.motivos.push({
      id: r.id,
      nombre: r.name,
      montoBase: Number(r.base_amount),
      descuentoPorcentaje: Number(r.discount_pct),
    });
  }
  return { malls, tipos };
}

/** The mall's locals that hold a contract, with its tenant (a vacant local has nobody to reprimand). */
export async function mallLocals(ctx: Ctx, mallId: number): Promise<Table<ReprimandLocal>> {
  const table = await ctx.db.query<ReprimandLocal>(
    `select l.code as local, c.id as "locatarioId", c.code as contrato, t.nombre_comercial as locatario, t.ruc
       from locals l
       join contract_locals cl on cl.local_id = l.id
       join contracts c on c.id = cl.contract_id
       join tenants t on t.id = c.tenant_id
      where l.mall_id = $1
      order by l.code`,
    [mallId],
  );
  return { table: table.map((r) => ({ ...r, locatarioId: Number(r.locatarioId), ruc: String(r.ruc) })) };
}

interface Raw {
  id: number;
  mall: string;
  local: string | null;
  type_name: string;
  reason_name: string;
  locatario: string;
  contrato: string;
  base_amount: string;
  discount_pct: string;
  final_amount: string;
  occurred_at: Date;
  subgerencia_ok: boolean | null;
  operaciones_ok: boolean | null;
  gaf_ok: boolean | null;
  subgerencia_obs: string | null;
  operaciones_obs: string | null;
  gaf_obs: string | null;
  responsable: string | null;
  dni: string | null;
  detail: string;
}

const SELECT = `
  select r.id, m.name as mall, l.code as local, ty.name as type_name, rs.name as reason_name,
         t.nombre_comercial as locatario, c.code as contrato, r.base_amount, r.discount_pct, r.final_amount,
         r.occurred_at, r.subgerencia_ok, r.operaciones_ok, r.gaf_ok, r.subgerencia_obs, r.operaciones_obs,
         r.gaf_obs, r.responsable, r.dni, r.detail
    from reprimands r
    join malls m on m.id = r.mall_id
    join contracts c on c.id = r.contract_id
    join tenants t on t.id = c.tenant_id
    join reprimand_reasons rs on rs.id = r.reason_id
    join reprimand_reason_types ty on ty.id = rs.type_id
    left join locals l on l.id = r.local_id`;

export const boxesOf = (r: Pick<Raw, "subgerencia_ok" | "operaciones_ok" | "gaf_ok">): Boxes => ({
  subgerencia: r.subgerencia_ok,
  operaciones: r.operaciones_ok,
  gaf: r.gaf_ok,
});

function rowOf(r: Raw): ReprimandRow {
  const b = boxesOf(r);
  return {
    idAmonestacion: Number(r.id),
    mall: r.mall,
    local: r.local,
    tipoMotivo: r.type_name,
    motivo: r.reason_name,
    locatario: r.locatario,
    montoBase: Number(r.base_amount),
    descuentoPorcentaje: Number(r.discount_pct),
    montoFinal: Number(r.final_amount),
    fecha: new Date(r.occurred_at).toISOString(),
    aprobacion_subgerencia: b.subgerencia,
    aprobacion_operaciones: b.operaciones,
    aprobacion_gaf: b.gaf,
    estado: stateOf(b),
  };
}

/** The grid: newest first. */
export async function reprimandList(ctx: Ctx): Promise<Table<ReprimandRow>> {
  const rows = await ctx.db.query<Raw>(`${SELECT} order by r.occurred_at desc, r.id desc`);
  return { table: rows.map(rowOf) };
}

export async function reprimandDetail(ctx: Ctx, roleId: number, id: number): Promise<ReprimandDetail> {
  const [r] = await ctx.db.query<Raw>(`${SELECT} where r.id = $1`, [id]);
  if (!r) throw new AppError(NOT_FOUND, REPRIMAND_MISSING);
  const images = await ctx.db.query<{ id: string; file_name: string }>(
    "select id, file_name from reprimand_images where reprimand_id = $1 order by uploaded_at, id",
    [id],
  );
  const mine = await boxOf(ctx.db, roleId);
  const b = boxesOf(r);
  return {
    ...rowOf(r),
    contrato: r.contrato,
    encargado: r.responsable,
    dni: r.dni,
    detalle: r.detail,
    observacion_subgerencia: r.subgerencia_obs,
    observacion_operaciones: r.operaciones_obs,
    observacion_gaf: r.gaf_obs,
    imagenes: images.map((i) => ({ id: i.id, nombre: i.file_name, url: REPRIMAND_API.image(i.id) })),
    miCasilla: mine,
    puedeDecidir: canDecide(b, mine),
  };
}
