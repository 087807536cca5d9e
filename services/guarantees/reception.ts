// Recepción de Garantía and Bóveda de Garantías (spec 3 sections 2.3, 3, 5): the grids, the reception of an
// approved guarantee (a state of its type; for cash the account entry date) and the vault location of a
// received bank letter. Both writes go through the state machine and keep every row (history).

import {
  entryDateProblem,
  type PendingReceptionRow,
  type Recepcion,
  type ReceptionCatalog,
  type ReceptionColor,
  type ReceptionGuarantee,
  type ReceptionHistoryRow,
  type ReceptionSaved,
  type ReceptionState,
  type Ubicacion,
  type VaultBody,
  type VaultRow,
  type VaultSaved,
} from "#contract/guarantees/reception.ts";
import type { ExceptionState, StateCode, TypeCode, Verdict } from "#contract/guarantees/guarantees.ts";
import { P } from "#contract/permissions.ts";
import { limaDate } from "../clock.ts";
import type { Ctx } from "../context.ts";
import type { Queryable } from "../db.ts";
import { AppError, VALIDATION_ERROR } from "../errors.ts";
import type { GuaranteeActor } from "./access.ts";
import { selectDetails } from "./join.ts";
import type { Loaded } from "./load.ts";
import {
  canReceive,
  canStore,
  decide,
  hasApprovedException,
  type MachineActor,
  type Snapshot,
} from "./state_machine.ts";
import { guaranteeVersions, must, readable, recordWrite, transition } from "./transition.ts";

/** An approved exception that gives another guarantee (EFE cash, CFZ letter): what is received is that. */
const EXC = "(e.state_code = 'APR' and d.is_excepcion and et.guarantee_type is not null)";

const COLUMNS = `
  d.id as id_garantia_detalle, c.code as nro_contrato, t.ruc, g.razon_social, m.name as mall,
  d.state_code as estado_codigo, st.label as estado, d.type_code, d.is_renovada, d.is_excepcion,
  d.is_recepcionada, b.code as bank_code, e.id as exc_id,
  e.state_code as exc_state, e.type_code as exc_type, et.guarantee_type as exc_guarantee_type,
  et.needs_treasury as exc_needs_treasury, e.created_by as exc_created_by, e.co_state as exc_co,
  e.te_state as exc_te,
  case when ${EXC} then et.guarantee_type else d.type_code end as tipo_codigo,
  case when ${EXC} then ety.name else ty.name end as tipo_garantia,
  case when ${EXC} then eb.name else b.name end as banco,
  case when ${EXC} then e.importe else d.importe end as importe,
  case when ${EXC} then ecur.symbol else cur.symbol end as moneda,
  case when ${EXC} then
         case when et.guarantee_type = 'GAR2' then e.nro_operacion_efectivo else e.nro_carta_fianza end
       else case when d.type_code = 'GAR2' then d.nro_operacion else d.nro_carta_fianza end end as numero,
  case when ${EXC} then e.fecha_vencimiento_carta_fianza else d.fecha_vencimiento end
    as fecha_vencimiento_carta_fianza`;

const JOINS = `
    left join guarantee_exceptions e on e.detail_id = d.id
    left join exception_types et on et.code = e.type_code
    left join guarantee_types ety on ety.code = et.guarantee_type
    left join currencies ecur on ecur.id = e.currency_id
    left join banks eb on eb.id = case when et.guarantee_type = 'GAR2' then e.bank_cash_id else e.bank_letter_id end`;

const RECEPTION_COLUMNS = `
  r.id as rec_id, r.state_id as rec_state_id, rs.name as rec_state_name, rs.color as rec_color,
  r.fecha_ingreso_cuenta as rec_fecha, r.created_at as rec_at, r.created_email as rec_by`;

const LAST_RECEPTION = `
    left join lateral (
      select x.* from guarantee_receptions x where x.detail_id = d.id order by x.id desc limit 1
    ) r on true
    left join guarantee_reception_states rs on rs.id = r.state_id`;

const LOCATION_COLUMNS = `
  l.id as loc_id, l.file as loc_file, l.letra_numero as loc_letra_numero, l.state_code as loc_state,
  vs.name as loc_state_name, l.authorization_code as loc_auth, va.name as loc_auth_name,
  l.created_at as loc_at, l.created_email as loc_by`;

const LOCATION_NAMES = `
    left join vault_states vs on vs.code = l.state_code
    left join vault_authorizations va on va.code = l.authorization_code`;

const LAST_LOCATION = `
    left join lateral (
      select x.* from guarantee_locations x where x.detail_id = d.id order by x.id desc limit 1
    ) l on true${LOCATION_NAMES}`;

interface Row extends Omit<ReceptionGuarantee, "importe"> {
  importe: string | number | null;
  type_code: TypeCode;
  is_renovada: boolean;
  is_excepcion: boolean;
  is_recepcionada: boolean;
  bank_code: string | null;
  exc_id: string | number | null;
  exc_state: ExceptionState | null;
  exc_type: string | null;
  exc_guarantee_type: TypeCode | null;
  exc_needs_treasury: boolean | null;
  exc_created_by: number | null;
  exc_co: Verdict | null;
  exc_te: Verdict | null;
}

interface ReceptionCols {
  rec_id: string | number | null;
  rec_state_id: number | null;
  rec_state_name: string | null;
  rec_color: ReceptionColor | null;
  rec_fecha: string | null;
  rec_at: Date | null;
  rec_by: string | null;
}

interface LocationCols {
  loc_id: string | number | null;
  loc_file: string | null;
  loc_letra_numero: string | null;
  loc_state: string | null;
  loc_state_name: string | null;
  loc_auth: string | null;
  loc_auth_name: string | null;
  loc_at: Date | null;
  loc_by: string | null;
}

function snapshotOf(r: Row): Snapshot {
  return {
    state: r.estado_codigo as StateCode,
    type: r.type_code,
    isRenovada: r.is_renovada,
    isExcepcion: r.is_excepcion,
    isRecepcionada: r.is_recepcionada,
    enVentanaRenovacion: false,
    bankCode: r.bank_code,
    exception: r.exc_state
      ? {
        state: r.exc_state,
        type: r.exc_type!,
        guaranteeType: r.exc_guarantee_type,
        needsTreasury: !!r.exc_needs_treasury,
        createdBy: r.exc_created_by,
        co: r.exc_co,
        te: r.exc_te,
      }
      : null,
    reviews: {},
  };
}

/** The versions of a list's rows, in one query (the detail and its exception: transition.ts). */
const versionsOfRows = (q: Queryable, rows: Row[]) =>
  guaranteeVersions(q, rows.map((r) => ({ detailId: r.id_garantia_detalle, exceptionId: r.exc_id })));

function guaranteeOf(r: Row): ReceptionGuarantee {
  return {
    id_garantia_detalle: r.id_garantia_detalle,
    nro_contrato: r.nro_contrato,
    ruc: r.ruc,
    razon_social: r.razon_social,
    mall: r.mall,
    moneda: r.moneda,
    estado_codigo: r.estado_codigo,
    estado: r.estado,
    tipo_codigo: r.tipo_codigo,
    tipo_garantia: r.tipo_garantia,
    banco: r.banco,
    importe: r.importe == null ? null : Number(r.importe),
    numero: r.numero,
    fecha_vencimiento_carta_fianza: r.fecha_vencimiento_carta_fianza,
  };
}

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

function receptionOf(r: ReceptionCols): Recepcion | null {
  if (r.rec_id == null) return null;
  return {
    id_garantia_recepcion: Number(r.rec_id),
    id_garantia_recepcion_estado: r.rec_state_id!,
    descripcion_recepcion_estado: r.rec_state_name!,
    semaforo_color: r.rec_color!,
    fecha_ingreso_cuenta: r.rec_fecha,
    creation_date: iso(r.rec_at!),
    creation_by: r.rec_by!,
  };
}

function locationOf(r: LocationCols): Ubicacion | null {
  if (r.loc_id == null) return null;
  return {
    file: r.loc_file!,
    letra_numero: r.loc_letra_numero!,
    codigo_estado: r.loc_state!,
    descripcion_estado: r.loc_state_name!,
    codigo_autorizacion: r.loc_auth!,
    descripcion_autorizacion: r.loc_auth_name!,
    updated_date: iso(r.loc_at!),
    updated_by: r.loc_by!,
  };
}

/** The machine's view of a staff member on the lists (no contract involved). */
function staffActor(actor: GuaranteeActor): MachineActor {
  const staff = !actor.isTenant;
  return {
    userId: actor.userId,
    roleId: actor.roleId,
    owner: false,
    exceptionRegistrar: false,
    reviewScreens: false,
    receptionist: staff && actor.permissions.has(P.GARANTIAS_RECEPCION),
    vaultKeeper: staff && actor.permissions.has(P.GARANTIAS_UBICACION_CARTA_FIANZA),
  };
}

export async function receptionCatalog(q: Queryable): Promise<ReceptionCatalog> {
  const states = await q.query<{
    id: number;
    type_code: TypeCode;
    code: string;
    name: string;
    color: ReceptionColor;
    receives: boolean;
  }>(
    "select id, type_code, code, name, color, receives from guarantee_reception_states order by type_code, sort",
  );
  const codes = (table: string) =>
    q.query<{ codigo: string; descripcion: string }>(
      `select code as codigo, name as descripcion from ${table} order by sort`,
    );
  return {
    estados_recepcion: states.map((s): ReceptionState => ({
      id_garantia_recepcion_estado: s.id,
      codigo_tipo_garantia: s.type_code,
      codigo: s.code,
      descripcion: s.name,
      semaforo_color: s.color,
      recepciona: s.receives,
    })),
    estados_ubicacion: await codes("vault_states"),
    autorizaciones: await codes("vault_authorizations"),
  };
}

const TYPED = `(d.type_code <> 'GAR0' or ${EXC})`;

/** Approved guarantees (current, of a defined type) not yet received, with their last reception try. */
export async function pendingReceptions(ctx: Ctx, actor: GuaranteeActor): Promise<PendingReceptionRow[]> {
  const m = staffActor(actor);
  const rows = await selectDetails<Row & ReceptionCols>(ctx.db, limaDate(ctx.clock()), {
    columns: `${COLUMNS}, ${RECEPTION_COLUMNS}`,
    joins: JOINS + LAST_RECEPTION,
    where: `d.state_code = 'IOK' and not d.is_recepcionada and not d.is_renovada and ${TYPED}`,
    tail: " order by m.sort, c.code, d.id",
  });
  const versionOf = await versionsOfRows(ctx.db, rows);
  return rows.map((r) => ({
    ...guaranteeOf(r),
    recepcion: receptionOf(r),
    puede_recepcionar: canReceive(snapshotOf(r), m),
    version: versionOf(r.id_garantia_detalle),
  }));
}

/** Historial de Recepciones: every reception, the latest first. */
export async function receptionHistory(ctx: Ctx): Promise<ReceptionHistoryRow[]> {
  const rows = await selectDetails<Row & ReceptionCols>(ctx.db, limaDate(ctx.clock()), {
    columns: `${COLUMNS}, ${RECEPTION_COLUMNS}`,
    joins: `${JOINS}
    join guarantee_receptions r on r.detail_id = d.id
    join guarantee_reception_states rs on rs.id = r.state_id`,
    where: "true",
    tail: " order by r.id desc",
  });
  return rows.map((r) => ({ ...guaranteeOf(r), recepcion: receptionOf(r)! }));
}

/** Bóveda de Garantías: the received bank letters with their current place. */
export async function vaultList(ctx: Ctx, actor: GuaranteeActor): Promise<VaultRow[]> {
  const m = staffActor(actor);
  const rows = await selectDetails<Row & LocationCols>(ctx.db, limaDate(ctx.clock()), {
    columns: `${COLUMNS}, ${LOCATION_COLUMNS}`,
    joins: JOINS + LAST_LOCATION,
    where: `d.is_recepcionada and (case when ${EXC} then et.guarantee_type else d.type_code end) = 'GAR1'`,
    tail: " order by m.sort, c.code, d.id",
  });
  const versionOf = await versionsOfRows(ctx.db, rows);
  return rows.map((r) => ({
    ...guaranteeOf(r),
    ubicacion: locationOf(r),
    puede_guardar: canStore(snapshotOf(r), m),
    version: versionOf(r.id_garantia_detalle),
  }));
}

/** Every place a letter has been kept, the latest first (readable by whoever may see the guarantee). */
export async function vaultHistory(ctx: Ctx, actor: GuaranteeActor, id: number): Promise<Ubicacion[]> {
  await readable(ctx, actor, id);
  const rows = await ctx.db.query<LocationCols>(
    `select ${LOCATION_COLUMNS} from guarantee_locations l ${LOCATION_NAMES}
      where l.detail_id = $1 order by l.id desc`,
    [id],
  );
  return rows.map((r) => locationOf(r)!);
}

/** The number a person knows the received guarantee by: the exception's when it gives the guarantee. */
export function receivedNumber(g: Loaded): string {
  const e = g.exception;
  if (hasApprovedException(g.snapshot) && e?.guarantee_type) {
    return (e.guarantee_type === "GAR2" ? e.nro_operacion_efectivo : e.nro_carta_fianza) ??
      String(g.detail.id);
  }
  return (g.detail.type_code === "GAR2" ? g.detail.nro_operacion : g.detail.nro_carta_fianza) ??
    String(g.detail.id);
}

const invalid = (field: string, message: string) =>
  new AppError(VALIDATION_ERROR, message, { [field]: message });

/** Guardar the reception (over the version the list read): the state (of the guarantee's type) and, for cash, the account entry date. */
export async function receiveGuarantee(
  ctx: Ctx,
  actor: GuaranteeActor,
  id: number,
  body: { id_garantia_recepcion_estado: number; fecha_ingreso_cuenta: string | null; version: number },
): Promise<{ saved: ReceptionSaved; type: TypeCode; numero: string; estado: string }> {
  return await transition(ctx, actor, id, async (t) => {
    const { q, g, m, now, today } = t;
    const [state] = await q.query<
      { id: number; type_code: TypeCode; name: string; color: ReceptionColor; receives: boolean }
    >(
      "select id, type_code, name, color, receives from guarantee_reception_states where id = $1",
      [body.id_garantia_recepcion_estado],
    );
    if (!state) {
      throw invalid("id_garantia_recepcion_estado", "Debe seleccionar el estado de la recepción.");
    }
    const effect = must(
      decide(g.snapshot, { type: "receive", stateType: state.type_code, receives: state.receives }, m),
    );
    const problem = entryDateProblem(state.type_code, body.fecha_ingreso_cuenta, today);
    if (problem) throw invalid("fecha_ingreso_cuenta", problem);
    const fecha = state.type_code === "GAR2" ? body.fecha_ingreso_cuenta : null;
    const [row] = await q.query<{ id: string | number }>(
      `insert into guarantee_receptions (detail_id, state_id, fecha_ingreso_cuenta, created_at, created_by, created_email)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [id, state.id, fecha, now, actor.userId, actor.email],
    );
    const received = effect.isRecepcionada === true;
    await recordWrite(t, received ? { is_recepcionada: true } : null, {
      action: "guarantee.receive",
      before: { is_recepcionada: g.detail.is_recepcionada },
      after: {
        reception_id: Number(row.id),
        state: state.name,
        fecha_ingreso_cuenta: fecha,
        is_recepcionada: received,
      },
    });
    return {
      saved: {
        recepcion: {
          id_garantia_recepcion: Number(row.id),
          id_garantia_recepcion_estado: state.id,
          descripcion_recepcion_estado: state.name,
          semaforo_color: state.color,
          fecha_ingreso_cuenta: fecha,
          creation_date: now.toISOString(),
          creation_by: actor.email,
        },
        is_recepcionada: received,
      },
      type: state.type_code,
      numero: receivedNumber(g),
      estado: state.name,
    };
  }, body.version);
}

/** Guardar en la bóveda (over the version the list read): file, letra y número, estado and autorización of a received bank letter. */
export async function storeInVault(
  ctx: Ctx,
  actor: GuaranteeActor,
  id: number,
  body: VaultBody,
): Promise<{ saved: VaultSaved; numero: string }> {
  return await transition(ctx, actor, id, async (t) => {
    const { q, g, m, now } = t;
    must(decide(g.snapshot, { type: "store" }, m));
    const [st] = await q.query<{ name: string }>("select name from vault_states where code = $1", [
      body.codigo_estado,
    ]);
    if (!st) throw invalid("codigo_estado", "Debe seleccionar el Estado.");
    const [au] = await q.query<{ name: string }>("select name from vault_authorizations where code = $1", [
      body.codigo_autorizacion,
    ]);
    if (!au) throw invalid("codigo_autorizacion", "Debe seleccionar la Autorización.");
    await q.query(
      `insert into guarantee_locations (detail_id, file, letra_numero, state_code, authorization_code, created_at,
                                        created_by, created_email)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        id,
        body.file,
        body.letra_numero,
        body.codigo_estado,
        body.codigo_autorizacion,
        now,
        actor.userId,
        actor.email,
      ],
    );
    const ubicacion: Ubicacion = {
      file: body.file,
      letra_numero: body.letra_numero,
      codigo_estado: body.codigo_estado,
      descripcion_estado: st.name,
      codigo_autorizacion: body.codigo_autorizacion,
      descripcion_autorizacion: au.name,
      updated_date: now.toISOString(),
      updated_by: actor.email,
    };
    await recordWrite(t, null, { action: "guarantee.store", after: ubicacion });
    return { saved: { ubicacion }, numero: receivedNumber(g) };
  }, body.version);
}
