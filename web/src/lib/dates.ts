// Days as the screens handle them: Lima's today, a stored day for a date picker and the months' names.

/** Today in Lima as 'YYYY-MM-DD' (the browser may be elsewhere). */
export function limaToday(): string {
  return new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' → a local Date at noon (safe for date pickers in any zone). */
export const dateOfIso = (iso: string) => new Date(`${iso}T12:00:00`);

/**
 * The months as every screen names them: Peru's 'Setiembre', as the spec writes it (spec 3, inflation), on
 * the reports, the explorer, the inflation form and the tenant's dashboard alike.
 */
export const MONTHS = [
  "Enero",
  "Febrero",
  "Marzo",
  "Abril",
  "Mayo",
  "Junio",
  "Julio",
  "Agosto",
  "Setiembre",
  "Octubre",
  "Noviembre",
  "Diciembre",
];
export const MONTHS_SHORT = MONTHS.map((m) => m.slice(0, 3));
