// What the tenant screens compute in the browser before a call: Lima's today and the numbers typed in the
// closing forms (the contract's schemas then judge them, with the server's messages).

/** Today in Lima as 'YYYY-MM-DD' (the browser may be elsewhere). */
export function limaToday(): string {
  return new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' → a local Date at noon (safe for date pickers in any zone). */
export const dateOfIso = (iso: string) => new Date(`${iso}T12:00:00`);

/**
 * A number typed by a person, thousands commas allowed: undefined when blank (the schema answers
 * 'Ingresar …') and NaN when not a plain decimal number (it answers 'Ingresar solo números.').
 */
export function numberOfText(text: string): number | undefined {
  const t = text.trim().replace(/,/g, "");
  if (t === "") return undefined;
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
}
