// The guarantee area's calls (docs/api.md, 'Guarantees'). A tenant never sends its contract or RUC: the
// server takes them from the session.
import { queryOptions } from "@tanstack/react-query";
import { ApiError, errorMessage, get } from "../../../lib/api.ts";

export const GUARANTEES_KEY = ["guarantees"] as const;

export type Color = "verde" | "rojo";

export interface Review {
  id_revision_detalle_garantia: number;
  fecha_revision: string;
  usuario_revisor: string;
  observaciones: string;
  semaforo_color: Color;
}

export interface HistoryRow {
  id: number;
  tipo: "LO" | "CO" | "TE";
  nombre_rol_revisor: string;
  usuario_revisor: string;
  fecha_revision: string;
  observaciones: string;
  semaforo_color: Color;
}

export interface Garantia {
  id_garantia: number;
  nro_contrato: string;
  ruc: string;
  razon_social: string;
  nombre_comercial: string;
  mall: { id_mall: number; nombre: string };
  moneda: { id_moneda: number; codigo: string; simbolo: string };
}

export interface Detalle {
  id_garantia_detalle: number;
  id_target_renovacion: number | null;
  origen: { nombre: string };
  estado: { codigo: string; nombre: string; label: string };
  tipo_garantia: { codigo: "GAR0" | "GAR1" | "GAR2"; nombre: string };
  banco: { id_banco: number; codigo: string; nombre: string } | null;
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
  is_excepcion: boolean;
  en_ventana_renovacion: boolean;
  revision_locatario?: Review | null;
  revision_cobranza?: Review | null;
  revision_tesoreria?: Review | null;
  aplica_tesoreria?: boolean;
}

export interface Excepcion {
  id_garantia_excepcion: number;
  codigo_estado_excepcion: "ING" | "PEN" | "APR" | "REC";
  nombre_estado_excepcion: string;
  codigo_tipo_excepcion: string;
  nombre_tipo_excepcion: string;
  codigo_tipo_garantia_excepcion: "GAR1" | "GAR2" | null;
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
  codigo_estado_cobranza: "APR" | "REC" | null;
  nombre_estado_cobranza: string | null;
  fecha_revision_cobranza: string | null;
  usuario_revisor_cobranza: string | null;
  codigo_estado_tesoreria: "APR" | "REC" | null;
  nombre_estado_tesoreria: string | null;
  fecha_revision_tesoreria: string | null;
  usuario_revisor_tesoreria: string | null;
  requiere_tesoreria: boolean;
}

export interface Acciones {
  editMode: "main" | "exception" | null;
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

export interface ReviewOption {
  id: string;
  label: string;
}

export interface GuaranteeView {
  garantia: Garantia;
  detalle_garantia: Detalle;
  excepcion: Excepcion | null;
  historial: HistoryRow[];
  acciones: Acciones;
  revision: { tipo: "CO" | "TE" | null; todoCorrecto: ReviewOption; opciones: ReviewOption[] };
}

export interface ExceptionTypeRow {
  code: string;
  name: string;
  for_type: string | null;
  needs_invoice: boolean;
  shows_invoice: boolean;
}

export interface ExceptionScreen {
  garantia: Garantia;
  detalle_garantia: Detalle;
  excepcion: Excepcion | null;
  tipos_excepcion: ExceptionTypeRow[];
  acciones: Acciones;
}

export interface ListRow {
  id_garantia_detalle: number;
  id_garantia: number;
  nro_contrato: string;
  ruc: string;
  razon_social: string;
  nombre_comercial: string;
  mall: string;
  moneda: string;
  estado_codigo: string;
  estado: string;
  tipo_codigo: string;
  tipo_garantia: string;
  banco: string | null;
  importe: number | null;
  descripcion_tipo_carta_fianza: string | null;
  numero: string | null;
  fecha_emision_carta_fianza: string | null;
  fecha_vencimiento_carta_fianza: string | null;
  is_renovada: boolean;
  en_ventana_renovacion: boolean;
  excepcion: { codigo_estado: string; tipo: string; codigo_tipo: string } | null;
  semaforo_lo: Color | null;
  semaforo_co: Color | null;
  semaforo_te: Color | null;
  aplica_tesoreria: boolean;
  puede_actualizar?: boolean;
  puede_renovar?: boolean;
  en_revision?: boolean;
  pendiente_revision?: boolean;
  registrable?: boolean;
  modo?: "revision" | "registro";
}

export interface Catalog {
  bancos: { id_banco: number; codigo: string; nombre: string; carta_fianza: boolean; efectivo: boolean }[];
  monedas: { id_moneda: number; codigo: string; simbolo: string; nombre: string }[];
}

export interface ValidationMessage {
  field: string;
  message: string;
}

export interface ValidationResult {
  success: boolean;
  validationMessages: ValidationMessage[];
}

const table = async (path: string) => (await get<{ table: ListRow[] }>(path)).table;

/** Several people work on a guarantee: every screen asks again when it opens (stale at once). */
const FRESH = { staleTime: 0 } as const;

export const catalogQuery = queryOptions({
  queryKey: [...GUARANTEES_KEY, "catalog"],
  queryFn: () => get<Catalog>("/api/guarantees/catalog"),
  staleTime: 10 * 60_000,
});

export const mineQuery = queryOptions({
  queryKey: [...GUARANTEES_KEY, "mine"],
  queryFn: () => table("/api/guarantees/mine"),
  ...FRESH,
});

export const reviewListQuery = (list: 1 | 2) =>
  queryOptions({
    queryKey: [...GUARANTEES_KEY, "review", list],
    queryFn: () => table(`/api/guarantees/review/${list}`),
    ...FRESH,
  });

export const exceptionListQuery = queryOptions({
  queryKey: [...GUARANTEES_KEY, "exceptions"],
  queryFn: () => table("/api/guarantee-exceptions"),
  ...FRESH,
});

export const guaranteeQuery = (id: number) =>
  queryOptions({
    queryKey: [...GUARANTEES_KEY, "detail", id],
    queryFn: () => get<GuaranteeView>(`/api/guarantees/${id}`),
    ...FRESH,
  });

export const exceptionQuery = (id: number) =>
  queryOptions({
    queryKey: [...GUARANTEES_KEY, "exception", id],
    queryFn: () => get<ExceptionScreen>(`/api/guarantee-exceptions/${id}`),
    ...FRESH,
  });

/** A multipart upload with the session's CSRF token; answers the envelope's data or throws ApiError. */
export async function postMultipart<T>(path: string, form: FormData, csrfToken: string): Promise<T> {
  let body: { success?: boolean; message?: string; errorId?: number; data?: unknown } | null = null;
  let status = 0;
  try {
    const res = await fetch(path, {
      method: "POST",
      body: form,
      credentials: "same-origin",
      headers: { accept: "application/json", "x-csrf-token": csrfToken },
    });
    status = res.status;
    body = await res.json().catch(() => null);
  } catch {
    body = null;
  }
  if (!body || typeof body !== "object" || !("success" in body)) {
    throw new ApiError(status === 413 ? 422 : 400, errorMessage(400));
  }
  if (!body.success) throw new ApiError(body.errorId ?? 400, body.message ?? errorMessage(400), body.data);
  return body.data as T;
}

/** The validation messages of a failed call, when it carried some. */
export function validationMessages(e: unknown): ValidationMessage[] {
  if (!(e instanceof ApiError)) return [];
  const d = e.data as { validationMessages?: ValidationMessage[] } | null;
  return Array.isArray(d?.validationMessages) ? d.validationMessages : [];
}
