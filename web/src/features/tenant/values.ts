// What the tenant screens compute in the browser before a call: Lima's today, the years and range their
// routes load, and the numbers typed in the closing forms (the contract's schemas then judge them, with the
// server's messages).
import { readNumber } from "../../../../contract/number_text.ts";

/** Today in Lima as 'YYYY-MM-DD' (the browser may be elsewhere). */
export function limaToday(): string {
  return new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
}

/** The tenant dashboard's years: the ones in the address, else last year and this one (and this one alone). */
export function dashboardYears(search: { anio1?: number; anio2?: number; anio?: number }) {
  const thisYear = Number(limaToday().slice(0, 4));
  return {
    thisYear,
    anio1: search.anio1 ?? thisYear - 1,
    anio2: search.anio2 ?? thisYear,
    anio: search.anio ?? thisYear,
  };
}

/** Consultar Cierre's range: the address's days, else from the first of this month to today (spec 1 section 2). */
export function closingRange(search: { desde?: string; hasta?: string }) {
  const today = limaToday();
  const desde = search.desde ?? `${today.slice(0, 7)}-01`;
  const hasta = search.hasta ?? today;
  return { desde, hasta, wrongOrder: desde > hasta };
}

/** 'YYYY-MM-DD' → a local Date at noon (safe for date pickers in any zone). */
export const dateOfIso = (iso: string) => new Date(`${iso}T12:00:00`);

/**
 * A number typed by a person (contract/number_text.ts: '1,234.50', '0,22'): undefined when blank (the schema
 * answers 'Ingresar …') and NaN when it cannot be read whole (it answers 'Ingresar solo números.').
 */
export function numberOfText(text: string): number | undefined {
  const r = readNumber(text);
  return r.ok ? r.value ?? undefined : NaN;
}
