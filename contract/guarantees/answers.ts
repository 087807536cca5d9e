// The guarantee area's answers (spec 3): the type of every answer the guarantee calls send, read by the
// services that build them and the screens that show them. Split from contract/guarantees/guarantees.ts (codes, bodies,
// files and paths), which re-exports them, so both sides keep importing one module.
import type {
  Color,
  EditMode,
  ExceptionState,
  ReviewKind,
  StateCode,
  TypeCode,
  ValidationResult,
  Verdict,
} from "./codes.ts";

export interface ReviewOption {
  id: string;
  label: string;
}

/** GET /api/guarantees/catalog. */
export interface GuaranteeCatalog {
  bancos: { id_banco: number; codigo: string; nombre: string; carta_fianza: boolean; efectivo: boolean }[];
  monedas: { id_moneda: number; codigo: string; simbolo: string; nombre: string }[];
  tipos_garantia: { codigo: TypeCode; nombre: string }[];
  estados: { codigo: StateCode; nombre: string; label: string }[];
  tipos_excepcion: {
    codigo: string;
    nombre: string;
    codigo_tipo_garantia: TypeCode | null;
    para_tipo: TypeCode | null;
    muestra_factura: boolean;
    requiere_factura: boolean;
    requiere_tesoreria: boolean;
  }[];
  estados_excepcion: { codigo: ExceptionState; nombre: string; label: string }[];
  tipos_carta_fianza: { id: number; nombre: string }[];
  opciones_revision: { todoCorrecto: ReviewOption; tesoreria: ReviewOption[]; cobranza: ReviewOption[] };
}

/** A row of the guarantee grids (the tenant's, the review lists, the exception list). */
export interface GuaranteeRow {
  id_garantia_detalle: number;
  id_garantia: number;
  nro_contrato: string;
  ruc: string;
  razon_social: string;
  nombre_comercial: string;
  mall: string;
  moneda: string;
  estado_codigo: StateCode;
  estado: string;
  tipo_codigo: TypeCode;
  tipo_garantia: string;
  banco: string | null;
  importe: number | null;
  descripcion_tipo_carta_fianza: string | null;
  /** The letter's number for a letter, the operation's for cash. */
  numero: string | null;
  fecha_emision_carta_fianza: string | null;
  fecha_vencimiento_carta_fianza: string | null;
  is_renovada: boolean;
  en_ventana_renovacion: boolean;
  excepcion: { codigo_estado: ExceptionState; tipo: string | null; codigo_tipo: string | null } | null;
  semaforo_lo: Color | null;
  semaforo_co: Color | null;
  semaforo_te: Color | null;
  aplica_tesoreria: boolean;
}

/** GET /api/guarantees/mine. */
export interface TenantGuaranteeRow extends GuaranteeRow {
  puede_actualizar: boolean;
  puede_renovar: boolean;
}

/** GET /api/guarantees/review/1 and /review/2. */
export interface ReviewListRow extends GuaranteeRow {
  en_revision: boolean;
}

/** GET /api/guarantee-exceptions: reviewers get 'revision' rows, registrars 'registro' rows. */
export type ExceptionListRow =
  & GuaranteeRow
  & (
    | { modo: "revision"; pendiente_revision: boolean; registrable?: undefined }
    | { modo: "registro"; registrable: boolean; pendiente_revision?: undefined }
  );

export interface GuaranteeReview {
  id_revision_detalle_garantia: number;
  fecha_revision: string;
  usuario_revisor: string;
  observaciones: string;
  semaforo_color: Color;
}

export interface ReviewHistoryRow {
  id: number;
  tipo: ReviewKind;
  nombre_rol_revisor: string;
  usuario_revisor: string;
  fecha_revision: string;
  observaciones: string;
  semaforo_color: Color;
}

/** The guarantee of a detail: contract, tenant, mall and currency. */
export interface Garantia {
  id_garantia: number;
  nro_contrato: string;
  ruc: string;
  razon_social: string;
  nombre_comercial: string;
  mall: { id_mall: number; nombre: string };
  moneda: { id_moneda: number; codigo: string; simbolo: string };
}

export interface DetalleGarantia {
  id_garantia_detalle: number;
  id_target_renovacion: number | null;
  origen: { nombre: string };
  estado: { codigo: StateCode; nombre: string; label: string };
  tipo_garantia: { codigo: TypeCode; nombre: string };
  banco: { id_banco: number; codigo: string | null; nombre: string | null } | null;
  importe: number | null;
  id_tipo_carta_fianza: number;
  descripcion_tipo_carta_fianza: string;
  nro_carta_fianza: string | null;
  fecha_emision_carta_fianza: string | null;
  fecha_vencimiento_carta_fianza: string | null;
  nro_operacion: string | null;
  url_filename_carta_fianza: string | null;
  filename_carta_fianza: string | null;
  url_filename_operacion: string | null;
  filename_operacion: string | null;
  is_recepcionada: boolean;
  is_renovada: boolean;
  is_requerida: boolean;
  is_desistida: boolean;
  is_ejecutada: boolean;
  is_excepcion: boolean;
  en_ventana_renovacion: boolean;
}

/** The detail with the current round's reviews (the LO, CO and TE lights). */
export interface ReviewedDetalle extends DetalleGarantia {
  revision_locatario: GuaranteeReview | null;
  revision_cobranza: GuaranteeReview | null;
  revision_tesoreria: GuaranteeReview | null;
  aplica_tesoreria: boolean;
}

export interface Excepcion {
  id_garantia_excepcion: number;
  codigo_estado_excepcion: ExceptionState;
  nombre_estado_excepcion: string;
  codigo_tipo_excepcion: string;
  nombre_tipo_excepcion: string;
  codigo_tipo_garantia_excepcion: TypeCode | null;
  numero_factura: string | null;
  importe: number;
  id_moneda: number;
  codigo_moneda: string;
  simbolo_moneda: string;
  fecha_vencimiento: string;
  motivo: string;
  file_name_adjunto: string | null;
  url_file_name_adjunto: string | null;
  nro_operacion_efectivo: string | null;
  fecha_deposito_efectivo: string | null;
  id_banco_efectivo: number | null;
  url_file_name_efectivo: string | null;
  file_name_efectivo: string | null;
  nro_carta_fianza: string | null;
  fecha_emision_carta_fianza: string | null;
  fecha_vencimiento_carta_fianza: string | null;
  id_banco_carta_fianza: number | null;
  id_tipo_carta_fianza: number | null;
  url_file_name_carta_fianza: string | null;
  file_name_carta_fianza: string | null;
  codigo_estado_cobranza: Verdict | null;
  nombre_estado_cobranza: string | null;
  fecha_revision_cobranza: string | null;
  usuario_revisor_cobranza: string | null;
  codigo_estado_tesoreria: Verdict | null;
  nombre_estado_tesoreria: string | null;
  fecha_revision_tesoreria: string | null;
  usuario_revisor_tesoreria: string | null;
  requiere_tesoreria: boolean;
}

/** What the person acting may do with this guarantee now (the state machine's offers). */
export interface GuaranteeActions {
  editMode: EditMode;
  save: boolean;
  send: boolean;
  renew: boolean;
  bankValidation: boolean;
  review: boolean;
  reviewAllowed: boolean;
  exceptionRegister: boolean;
  exceptionDelete: boolean;
  exceptionReview: boolean;
  treasury: boolean;
}

/** The options of the review dialog the actor's role uses (treasury 7; collections 1 or 2; others none). */
/**
 * The review's amount check: the contract's required amount less 'Tolerancia del importe de la carta fianza
 * (%)' is the least importe a reviewer may approve as correct.
 */
export interface AmountCheck {
  requerido: number;
  tolerancia: number;
  minimo: number;
  cumple: boolean;
}

export interface ReviewDialogOptions {
  tipo: "CO" | "TE" | null;
  todoCorrecto: ReviewOption;
  opciones: ReviewOption[];
  /** Null when the contract requires no amount (or in another currency). */
  importe: AmountCheck | null;
}

/** GET /api/guarantees/:id. */
export interface GuaranteeView {
  garantia: Garantia;
  detalle_garantia: ReviewedDetalle;
  excepcion: Excepcion | null;
  historial: ReviewHistoryRow[];
  acciones: GuaranteeActions;
  revision: ReviewDialogOptions;
  /** The guarantee's version (its detail and exception), sent back with a save (contract/versions.ts). */
  version: number;
}

export interface ExceptionTypeOption {
  code: string;
  name: string;
  for_type: TypeCode | null;
  needs_invoice: boolean;
  shows_invoice: boolean;
}

/** GET /api/guarantee-exceptions/:id. */
export interface ExceptionScreen {
  garantia: Garantia;
  detalle_garantia: DetalleGarantia;
  excepcion: Excepcion | null;
  tipos_excepcion: ExceptionTypeOption[];
  acciones: GuaranteeActions;
  /** The guarantee's version (its detail and exception), sent back with every save of the screen. */
  version: number;
}

/** PUT /api/guarantees/:id: the validation of the stored guarantee after saving. */
export interface GuaranteeSaved {
  validation: ValidationResult;
}
/** POST /api/guarantees/:id/renew (with messageId 100): the renewal detail. */
export interface GuaranteeRenewed {
  id: number;
}
/** POST /api/guarantees/:id/review (with messageId 101). */
export interface GuaranteeReviewed {
  state: StateCode;
}
/** POST /api/guarantees/:id/bank-validation. */
export interface BankValidationSent {
  to: string;
}
/** POST /api/guarantees/:id/files. */
export interface AttachmentUploaded {
  url: string;
  file_name: string;
  /** The guarantee's version after the upload: the form saves over it (contract/versions.ts). */
  version: number;
}
/** POST /api/guarantee-exceptions/:id. */
export interface ExceptionSaved {
  id_garantia_excepcion: number;
}
/** POST /api/guarantee-exceptions/:id/review. */
export interface ExceptionReviewed {
  state: ExceptionState;
}
