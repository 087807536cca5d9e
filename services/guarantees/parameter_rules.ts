// The general parameters the guarantee rules read at each load (/configuracion-garantias): the amount
// tolerance of the review's amount check and whether letters are validated with the bank.

import type { AmountCheck } from "#contract/guarantees/guarantees.ts";
import type { Queryable } from "../db.ts";
import { setting } from "./parameters.ts";

export interface GuaranteeRules {
  /** 'Tolerancia del importe de la carta fianza (%)'. */
  tolerancePct: number;
  /** 'Permitir la validación de cartas fianza con el banco'. */
  bankValidation: boolean;
}

export async function guaranteeRules(q: Queryable): Promise<GuaranteeRules> {
  const tolerance = Number(await setting(q, "garantiasPorcentajeToleranciaImporte"));
  return {
    tolerancePct: Number.isFinite(tolerance) && tolerance >= 0 && tolerance <= 100 ? tolerance : 0,
    // Only an explicit '0' switches it off: a missing setting keeps the spec's behaviour.
    bankValidation: (await setting(q, "garantiasValidacionBancoActiva")) !== "0",
  };
}

const cents = (x: number) => Math.round(x * 100);

/**
 * The guarantee's amount against the contract's required amount less the tolerance; null when there is
 * nothing to compare (no requirement, no amount, or another currency: soles and dollars are not compared).
 */
export function amountCheck(
  d: {
    importe: number | null;
    guarantee_required: number | string | null;
    currency_code: string;
    contract_currency: string;
  },
  tolerancePct: number,
): AmountCheck | null {
  if (d.guarantee_required == null || d.importe == null || d.currency_code !== d.contract_currency) {
    return null;
  }
  const requerido = Number(d.guarantee_required);
  // The minimum is rounded up to the cent so a tolerance never accepts less than it says.
  const minimo = Math.ceil(cents(requerido) * (100 - tolerancePct) / 100) / 100;
  return { requerido, tolerancia: tolerancePct, minimo, cumple: cents(Number(d.importe)) >= cents(minimo) };
}
