// The guarantee grids: the tenant's own, the two review lists and the exception list (by role).

import { limaDate } from "../clock.ts";
import type { Ctx } from "../context.ts";
import type { Queryable } from "../db.ts";
import { type GuaranteeActor, ownsContract } from "./access.ts";
import { selectDetails } from "./join.ts";
import type {
  Color,
  ExceptionListRow,
  ExceptionState,
  GuaranteeRow,
  ReviewListRow,
  StateCode,
  TenantGuaranteeRow,
  TypeCode,
  Verdict,
} from "#contract/guarantees/guarantees.ts";
import {
  decide,
  editMode,
  type MachineActor,
  reviewKindOf,
  type Snapshot,
  treasuryApplies,
} from "./state_machine.ts";

/** The columns of LIST_COLUMNS; those named as in the answer keep the answer's types. */
interface ListRow extends
  Pick<
    GuaranteeRow,
    | "id_garantia"
    | "nro_contrato"
    | "ruc"
    | "razon_social"
    | "nombre_comercial"
    | "mall"
    | "moneda"
    | "estado"
    | "tipo_garantia"
    | "banco"
    | "importe"
    | "is_renovada"
    | "en_ventana_renovacion"
  > {
  id: number;
  contract_id: number;
  state_code: StateCode;
  type_code: TypeCode;
  bank_code: string | null;
  descripcion_tipo_carta_fianza: string;
  nro_carta_fianza: string | null;
  nro_operacion: string | null;
  fecha_emision: string | null;
  fecha_vencimiento: string | null;
  is_excepcion: boolean;
  exc_state: ExceptionState | null;
  exc_type: string | null;
  exc_type_name: string | null;
  exc_guarantee_type: TypeCode | null;
  exc_needs_treasury: boolean | null;
  exc_created_by: number | null;
  exc_co: Verdict | null;
  exc_te: Verdict | null;
  sem_lo: Color | null;
  sem_co: Color | null;
  sem_te: Color | null;
  updated_at: Date;
}

const LIST_COLUMNS = `
  d.id, g.id as id_garantia, g.contract_id, c.code as nro_contrato, t.ruc, g.razon_social, g.nombre_comercial,
  m.name as mall, cur.symbol as moneda, d.state_code, st.label as estado, d.type_code, ty.name as tipo_garantia,
  b.name as banco, b.code as bank_code, d.importe, lk.name as descripcion_tipo_carta_fianza,
  d.nro_carta_fianza, d.nro_operacion, d.fecha_emision, d.fecha_vencimiento, d.is_renovada, d.is_excepcion,
  e.state_code as exc_state, e.type_code as exc_type, et.name as exc_type_name,
  et.guarantee_type as exc_guarantee_type, et.needs_treasury as exc_needs_treasury,
  e.created_by as exc_created_by, e.co_state as exc_co, e.te_state as exc_te,
  (select r.color from guarantee_reviews r where r.detail_id = d.id and r.round = d.review_round and r.kind = 'LO') as sem_lo,
  (select r.color from guarantee_reviews r where r.detail_id = d.id and r.round = d.review_round and r.kind = 'CO') as sem_co,
  (select r.color from guarantee_reviews r where r.detail_id = d.id and r.round = d.review_round and r.kind = 'TE') as sem_te,
  d.updated_at`;

const EXCEPTION_JOIN = `
    left join guarantee_exceptions e on e.detail_id = d.id
    left join exception_types et on et.code = e.type_code`;

function snapshotOfRow(r: ListRow): Snapshot {
  return {
    state: r.state_code,
    type: r.type_code,
    isRenovada: r.is_renovada,
    isExcepcion: r.is_excepcion,
    enVentanaRenovacion: r.en_ventana_renovacion,
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
    reviews: { ...(r.sem_co ? { CO: r.sem_co } : {}), ...(r.sem_te ? { TE: r.sem_te } : {}) },
  };
}

function rowView(r: ListRow): GuaranteeRow {
  const s = snapshotOfRow(r);
  const tre = treasuryApplies(s);
  return {
    id_garantia_detalle: r.id,
    id_garantia: r.id_garantia,
    nro_contrato: r.nro_contrato,
    ruc: r.ruc,
    razon_social: r.razon_social,
    nombre_comercial: r.nombre_comercial,
    mall: r.mall,
    moneda: r.moneda,
    estado_codigo: r.state_code,
    estado: r.estado,
    tipo_codigo: r.type_code,
    tipo_garantia: r.tipo_garantia,
    banco: r.banco,
    importe: r.importe == null ? null : Number(r.importe),
    descripcion_tipo_carta_fianza: r.type_code === "GAR1" ? r.descripcion_tipo_carta_fianza : null,
    numero: r.type_code === "GAR1" ? r.nro_carta_fianza : r.nro_operacion,
    fecha_emision_carta_fianza: r.fecha_emision,
    fecha_vencimiento_carta_fianza: r.fecha_vencimiento,
    is_renovada: r.is_renovada,
    en_ventana_renovacion: r.en_ventana_renovacion,
    excepcion: r.exc_state && { codigo_estado: r.exc_state, tipo: r.exc_type_name, codigo_tipo: r.exc_type },
    semaforo_lo: r.sem_lo,
    semaforo_co: r.sem_co,
    semaforo_te: tre ? r.sem_te : null,
    aplica_tesoreria: tre,
  };
}

async function listRows(q: Queryable, today: string, where: string, params: unknown[]): Promise<ListRow[]> {
  return await selectDetails<ListRow>(q, today, {
    columns: LIST_COLUMNS,
    joins: EXCEPTION_JOIN,
    where,
    tail: " order by m.sort, c.code, d.id",
  }, params);
}

/** /garantias: the guarantees of the session's contract (every detail, renewed ones included). */
export async function tenantGuarantees(ctx: Ctx, actor: GuaranteeActor): Promise<TenantGuaranteeRow[]> {
  const contractId = actor.contractId;
  if (contractId == null || !(await ownsContract(ctx.db, actor, contractId))) return [];
  const rows = await listRows(ctx.db, limaDate(ctx.clock()), "g.contract_id = $3", [contractId]);
  const m: MachineActor = {
    userId: actor.userId,
    roleId: actor.roleId,
    owner: true,
    exceptionRegistrar: false,
    reviewScreens: false,
  };
  return rows.map((r) => {
    const s = snapshotOfRow(r);
    return {
      ...rowView(r),
      puede_actualizar: editMode(s, m) !== null,
      puede_renovar: decide(s, { type: "renew" }, m).ok,
    };
  });
}

/** Review list 1 (collections) or 2 (treasury: only guarantees the treasury reviews). Current details only. */
export async function reviewList(ctx: Ctx, list: 1 | 2): Promise<ReviewListRow[]> {
  const rows = await listRows(
    ctx.db,
    limaDate(ctx.clock()),
    "not d.is_renovada and d.type_code <> 'GAR0'",
    [],
  );
  return rows
    .filter((r) => list === 1 || treasuryApplies(snapshotOfRow(r)))
    .map((r) => ({ ...rowView(r), en_revision: r.state_code === "ENV" || r.state_code === "OBS" }));
}

/**
 * The exception list: reviewers (collections, treasury) see the exceptions their review applies to, pending
 * ones first; registrars see the guarantees where an exception can be registered plus those that have one.
 */
export async function exceptionList(ctx: Ctx, actor: GuaranteeActor): Promise<ExceptionListRow[]> {
  const kind = reviewKindOf(actor.roleId);
  const today = limaDate(ctx.clock());
  if (kind) {
    const rows = await listRows(
      ctx.db,
      today,
      `e.id is not null and ($3 = 'CO' or et.needs_treasury)`,
      [kind],
    );
    const pending = (r: ListRow) =>
      (r.exc_state === "ING" || r.exc_state === "PEN") && (kind === "CO" ? r.exc_co : r.exc_te) === null;
    return rows
      .map((r): ExceptionListRow => ({ ...rowView(r), pendiente_revision: pending(r), modo: "revision" }))
      .sort((a, b) => Number(b.pendiente_revision) - Number(a.pendiente_revision));
  }
  const rows = await listRows(
    ctx.db,
    today,
    `not d.is_renovada and d.type_code <> 'GAR0' and (e.id is not null or d.state_code in ('NEW', 'PEN', 'REC'))`,
    [],
  );
  return rows.map((r) => ({
    ...rowView(r),
    registrable: ["NEW", "PEN", "REC"].includes(r.state_code) &&
      (r.exc_state === null || r.exc_state === "ING" || r.exc_state === "REC"),
    modo: "registro",
  }));
}
