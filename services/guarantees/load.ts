// Reads a guarantee detail with everything the state machine and the screens need.

import { NOT_FOUND } from "#contract/errors.ts";
import type { Queryable } from "../db.ts";
import { AppError } from "../errors.ts";
import { GUARANTEE_MISSING } from "./access.ts";
import type {
  Color,
  DetalleGarantia,
  Excepcion,
  ExceptionState,
  Garantia,
  ReviewKind,
  StateCode,
  TypeCode,
  Verdict,
} from "#contract/guarantees/guarantees.ts";
import { selectDetails } from "./join.ts";
import { type GuaranteeRules, guaranteeRules } from "./parameter_rules.ts";
import type { Snapshot } from "./state_machine.ts";

/** A detail through the shared join; the columns named as in the answer keep its types. */
export interface DetailRow extends
  Pick<
    DetalleGarantia,
    | "importe"
    | "nro_carta_fianza"
    | "nro_operacion"
    | "is_recepcionada"
    | "is_renovada"
    | "is_requerida"
    | "is_desistida"
    | "is_ejecutada"
    | "is_excepcion"
    | "en_ventana_renovacion"
  >,
  Pick<Garantia, "nro_contrato" | "ruc" | "razon_social" | "nombre_comercial"> {
  id: number;
  guarantee_id: number;
  renews_id: number | null;
  origin: string;
  state_code: StateCode;
  state_name: string;
  state_label: string;
  type_code: TypeCode;
  type_name: string;
  bank_id: number | null;
  bank_code: string | null;
  bank_name: string | null;
  bank_email: string | null;
  letter_kind_id: number;
  letter_kind_name: string;
  fecha_emision: string | null;
  fecha_vencimiento: string | null;
  fecha_vencimiento_prorroga: string | null;
  cheque_bank_id: number | null;
  nro_cheque: string | null;
  fecha_ingreso_cheque: string | null;
  delivery_moment_code: string | null;
  delivery_support_file_id: string | null;
  letter_file_id: string | null;
  operation_file_id: string | null;
  review_round: number;
  contract_id: number;
  mall_id: number;
  mall_name: string;
  currency_id: number;
  currency_code: string;
  currency_symbol: string;
  /** The contract's required guarantee amount and currency (the review's amount check). */
  guarantee_required: number | string | null;
  contract_currency: string;
}

/** A guarantee_exceptions row with its names; the columns named as in the answer keep its types. */
export interface ExceptionRow extends
  Pick<
    Excepcion,
    | "numero_factura"
    | "importe"
    | "fecha_vencimiento"
    | "motivo"
    | "nro_operacion_efectivo"
    | "fecha_deposito_efectivo"
    | "nro_carta_fianza"
    | "fecha_emision_carta_fianza"
    | "fecha_vencimiento_carta_fianza"
  > {
  id: number;
  detail_id: number;
  state_code: ExceptionState;
  state_name: string;
  type_code: string;
  type_name: string;
  guarantee_type: TypeCode | null;
  needs_treasury: boolean;
  shows_invoice: boolean;
  currency_id: number;
  currency_code: string;
  currency_symbol: string;
  support_file_id: string | null;
  co_state: Verdict | null;
  co_at: Date | null;
  co_email: string | null;
  te_state: Verdict | null;
  te_at: Date | null;
  te_email: string | null;
  bank_cash_id: number | null;
  cash_file_id: string | null;
  bank_letter_id: number | null;
  letter_kind_id: number | null;
  letter_file_id: string | null;
  created_by: number | null;
  created_at: Date;
}

export interface ReviewRow {
  id: number;
  round: number;
  kind: ReviewKind;
  color: Color;
  observaciones: string;
  reviewer_email: string;
  role_name: string;
  reviewed_at: Date;
}

export interface Loaded {
  detail: DetailRow;
  exception: ExceptionRow | null;
  reviews: ReviewRow[];
  snapshot: Snapshot;
  /** The general parameters the rules read, as they were at this load. */
  rules: GuaranteeRules;
}

const DETAIL_COLUMNS = `
  d.*, st.name as state_name, st.label as state_label, ty.name as type_name,
  b.code as bank_code, b.name as bank_name, b.validation_email as bank_email, lk.name as letter_kind_name,
  g.contract_id, c.code as nro_contrato, c.guarantee_required, c.currency as contract_currency, t.ruc, g.razon_social, g.nombre_comercial,
  m.id as mall_id, m.name as mall_name, g.currency_id, cur.code as currency_code, cur.symbol as currency_symbol`;

const EXCEPTION_SELECT = `
  select e.*, es.name as state_name, et.name as type_name, et.guarantee_type, et.needs_treasury, et.shows_invoice,
         cur.code as currency_code, cur.symbol as currency_symbol
    from guarantee_exceptions e
    join exception_states es on es.code = e.state_code
    join exception_types et on et.code = e.type_code
    join currencies cur on cur.id = e.currency_id`;

export function snapshotOf(d: DetailRow, e: ExceptionRow | null, current: ReviewRow[]): Snapshot {
  const color = (kind: "CO" | "TE") => current.find((r) => r.kind === kind)?.color;
  return {
    state: d.state_code,
    type: d.type_code,
    isRenovada: d.is_renovada,
    isExcepcion: d.is_excepcion,
    enVentanaRenovacion: d.en_ventana_renovacion,
    bankCode: d.bank_code,
    isRecepcionada: d.is_recepcionada,
    isRequerida: d.is_requerida,
    letterKind: d.letter_kind_id,
    letterExpiry: d.fecha_vencimiento,
    extensionExpiry: d.fecha_vencimiento_prorroga,
    isDesistida: d.is_desistida,
    isEjecutada: d.is_ejecutada,
    exception: e && {
      state: e.state_code,
      type: e.type_code,
      guaranteeType: e.guarantee_type,
      needsTreasury: e.needs_treasury,
      createdBy: e.created_by,
      co: e.co_state,
      te: e.te_state,
    },
    reviews: Object.fromEntries(
      (["CO", "TE"] as const).flatMap((k) => (color(k) ? [[k, color(k)]] : [])),
    ),
  };
}

/** The detail with its exception and reviews; `lock` takes a row lock for the write that follows. */
export async function loadDetail(q: Queryable, id: number, today: string, lock = false): Promise<Loaded> {
  const [detail] = await selectDetails<DetailRow>(q, today, {
    columns: DETAIL_COLUMNS,
    where: "d.id = $3",
    tail: lock ? " for update of d" : "",
  }, [id]);
  if (!detail) throw new AppError(NOT_FOUND, GUARANTEE_MISSING);
  const [exception] = await q.query<ExceptionRow>(`${EXCEPTION_SELECT} where e.detail_id = $1`, [id]);
  const reviews = await q.query<ReviewRow>(
    `select id, round, kind, color, observaciones, reviewer_email, role_name, reviewed_at
       from guarantee_reviews where detail_id = $1 order by reviewed_at, id`,
    [id],
  );
  const current = reviews.filter((r) => r.round === detail.review_round);
  const rules = await guaranteeRules(q);
  return {
    detail,
    exception: exception ?? null,
    reviews,
    snapshot: {
      ...snapshotOf(detail, exception ?? null, current),
      today,
      bankValidationOff: !rules.bankValidation,
    },
    rules,
  };
}
