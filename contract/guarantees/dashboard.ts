// Dashboard de Garantías (spec 3 section 2.3): the panels 'Garantía Por Vencimiento' (current bank letters
// expired or not, by mall, for a year of expiry) and 'Grado De Avance' (approved guarantees received or not,
// by mall). Pure: zod and types.
import { z } from "zod";

export const EXPIRED = "Vencidas";
export const NOT_EXPIRED = "Por Vencer";

/** GET /api/guarantee-dashboard/expiry?anio=YYYY (without anio: every year). */
export const expiryQuery = z.object({
  anio: z.coerce.number({ error: "Año inválido." }).int("Año inválido.").min(2000, "Año inválido.")
    .max(2100, "Año inválido.").optional(),
});

export interface ExpiryCategory {
  categoria: typeof EXPIRED | typeof NOT_EXPIRED;
  cantidad: number;
  /** Amounts by currency: letters in soles and in dollars are not added together. */
  importe_soles: number;
  importe_dolares: number;
}

export interface ExpiryByMall {
  id_mall: number;
  mall: string;
  vencidas: number;
  por_vencer: number;
}

/** Days ahead of 'Vencen en los próximos 90 días' (issue 16, 'Beyond the old system'). */
export const COMING_DUE_DAYS = 90;

/** Current bank letters expiring from today to today + COMING_DUE_DAYS, for one mall and bank. */
export interface ComingDue extends Omit<ExpiryCategory, "categoria"> {
  id_mall: number;
  mall: string;
  banco: string;
}

export interface ExpiryPanel {
  /** The years of expiry the filter offers, latest first. */
  anios: number[];
  anio: number | null;
  /** Lima's today: a letter expired when its expiry is before it. */
  hoy: string;
  resumen: ExpiryCategory[];
  por_mall: ExpiryByMall[];
  /** What comes due in the next COMING_DUE_DAYS days by mall and bank (whatever the year filter). */
  proximos: ComingDue[];
}

/** GET /api/guarantee-dashboard/progress?mall=ID (without mall: every mall). */
export const progressQuery = z.object({
  mall: z.coerce.number({ error: "Mall inválido." }).int("Mall inválido.").positive("Mall inválido.")
    .max(100_000, "Mall inválido.").optional(),
});

export interface Amounts {
  cantidad: number;
  importe_soles: number;
  importe_dolares: number;
}

/** Grado De Avance: the approved guarantees received or not (the not received with and without exception). */
export interface ProgressPanel {
  malls: { id_mall: number; nombre: string }[];
  id_mall: number | null;
  /** Received, by portfolio (the guarantee type received). */
  recibidas: ({ cartera: string } & Amounts)[];
  no_recibidas: { sin_excepcion: Amounts; con_excepcion: Amounts };
}

// ---- Cliente Con Garantía ----------------------------------------------------------------------------

export const NO_DATA = "No se encontraron datos.";
export const RUC_NOT_FOUND = "El RUC no existe.";
export const CONTRACT_NOT_FOUND = "El Nro de Contrato no existe.";
export const RUC_DIGITS = "El RUC solo admite números (máximo 11).";
export const CONTRACT_DIGITS = "El Nro de Contrato solo admite números.";
export const CLIENT_FILTER_REQUIRED = "Ingrese el RUC o el Nro de Contrato.";

/** GET /api/guarantee-dashboard/client?ruc=&contrato=: digits only, at least one of them. */
export const clientQuery = z.object({
  ruc: z.string().trim().regex(/^[0-9]{0,11}$/, RUC_DIGITS).optional().transform((x) => x || null),
  contrato: z.string().trim().regex(/^[0-9]{0,20}$/, CONTRACT_DIGITS).optional().transform((x) => x || null),
}).refine((q) => q.ruc || q.contrato, { message: CLIENT_FILTER_REQUIRED, path: ["ruc"] });
export type ClientFilter = z.output<typeof clientQuery>;

/** A guarantee is active while it is not renewed and, for a letter, not expired. */
export interface ClientPanel {
  ruc: string;
  razon_social: string;
  resumen: ({ categoria: "Activas" | "Inactivas" } & Amounts)[];
  /** By currency: soles and dollars are never added. */
  por_moneda: { moneda: string; importe_activos: number; importe_inactivos: number }[];
  contratos: {
    nroContrato: string;
    mall: string;
    moneda: string;
    importeActivos: number;
    importeInactivos: number;
  }[];
}

export const GUARANTEE_DASHBOARD_API = {
  client: (f: { ruc?: string; contrato?: string }) =>
    `/api/guarantee-dashboard/client?${new URLSearchParams(
      Object.entries(f).filter(([, v]) => v) as [string, string][],
    )}`,
  expiry: (anio: number | null) => `/api/guarantee-dashboard/expiry${anio == null ? "" : `?anio=${anio}`}`,
  progress: (mall: number | null) =>
    `/api/guarantee-dashboard/progress${mall == null ? "" : `?mall=${mall}`}`,
} as const;
