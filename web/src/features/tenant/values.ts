// What the tenant screens compute in the browser before a call: the years and range their routes load.
import { limaToday } from "../../lib/dates.ts";

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
