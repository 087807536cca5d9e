// Closing compliance, 'Lista Roja' (spec 2: Módulos, /Blacklist/Index; section 3 'Blacklist row' and
// 'Compliance summary'; the call 'GET ListaRoja'), and the closing reminders sent from it. Computed on the
// server from the closings in the database when asked (docs/metrics.md, Lista Roja). Pure: zod and types.
import { z } from "zod";
import { strict } from "./fields.ts";

export const COMPLIANCE_API = {
  /** GET ?unidadEconomicaId&cebeId&codigoContratoId: the summary and the missing contracts. */
  listaRoja: "/api/lista-roja",
  /** POST { unidadEconomicaId, codContrato? }: remind one missing contract, or every missing one of a mall. */
  remind: "/api/lista-roja/recordatorios",
} as const;

const mall = z.coerce.number({ error: "Seleccione un mall." }).int("Seleccione un mall.").min(
  0,
  "Seleccione un mall.",
)
  .max(999, "Seleccione un mall.");

export const listaRojaQuery = strict({
  unidadEconomicaId: mall.default(0),
  /** CeBe code; blank = all. */
  cebeId: z.string().trim().max(20, "Máximo 20 caracteres.").optional().transform((x) => x || null),
  /** Part of a contract code; blank = all. */
  codigoContratoId: z.string().trim().max(20, "Máximo 20 caracteres.").optional().transform((x) => x || null),
});
export type ListaRojaQuery = z.input<typeof listaRojaQuery>;

export const REMIND_MALL_REQUIRED = "Seleccione un mall para enviar recordatorios.";
export const remindBody = strict({
  unidadEconomicaId: z.number({ error: REMIND_MALL_REQUIRED }).int(REMIND_MALL_REQUIRED).min(
    1,
    REMIND_MALL_REQUIRED,
  )
    .max(999, REMIND_MALL_REQUIRED),
  codContrato: z.string().trim().max(20, "Máximo 20 caracteres.").optional().transform((x) => x || null),
});
export type RemindInput = z.input<typeof remindBody>;

/** The spec's summary keys per mall id. */
export const MALL_KEYS = { 2: "arequipa", 3: "santaAnita", 6: "chiclayo", 7: "iquitos", 8: "sjl" } as const;
export type MallKey = typeof MALL_KEYS[keyof typeof MALL_KEYS];

export interface MallCompliance {
  unidadEconomicaId: number;
  unidadEconomica: string;
  locatariosFaltantes: number;
  locatariosCumplidos: number;
  /** Compliant / contracts in operation × 100; null without contracts. */
  porcentajeCumplimiento: number | null;
}

export type Cumplimiento = Record<MallKey, MallCompliance> & {
  locatariosTotales: number;
  locatariosFaltantesTotales: number;
  locatariosCumplidosTotales: number;
  porcentajeCumplimientoTotal: number | null;
};

/** A missing contract (spec 2 section 3 'Blacklist row') with its CeBe and its last reminder. */
export interface BlacklistRow {
  unidadEconomicaId: number;
  unidadEconomica: string;
  codContrato: string;
  nombreContrato: string;
  cebe: string;
  /** 'yyyy-mm-dd' of its last closing, null without any. */
  fechaUltimoRegistro: string | null;
  diasFaltantesCierre: number;
  /** ISO timestamp of the last reminder sent, null when never reminded. */
  fechaUltimoRecordatorio: string | null;
}

export interface ListaRojaAnswer {
  /** The report date: yesterday (Lima), the last day a closing is due. */
  fechaCumplimiento: string;
  /** First day of the open period (the month of fechaCumplimiento). */
  inicioPeriodo: string;
  /** Every mall, whatever the filters. */
  cumplimiento: Cumplimiento;
  /** The missing contracts that pass the filters, most days missing first. */
  table: BlacklistRow[];
  /** The CeBes of the mall's contracts in operation (the CeBe filter's options). */
  cebes: { value: string; label: string }[];
}

export interface RemindAnswer {
  /** Contracts reminded now. */
  enviados: number;
  /** Missing contracts already reminded today (never twice a day) or without tenant users. */
  omitidos: number;
}

export const remindedMessage = (a: RemindAnswer) =>
  a.enviados === 0
    ? "No se envió ningún recordatorio: ya se recordó hoy a los locatarios seleccionados."
    : `Se enviaron ${a.enviados} recordatorio(s).${
      a.omitidos ? ` ${a.omitidos} ya habían sido recordados hoy.` : ""
    }`;
