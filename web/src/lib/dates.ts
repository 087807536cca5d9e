// Days as the screens handle them: Lima's today and a stored day for a date picker.

/** Today in Lima as 'YYYY-MM-DD' (the browser may be elsewhere). */
export function limaToday(): string {
  return new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' → a local Date at noon (safe for date pickers in any zone). */
export const dateOfIso = (iso: string) => new Date(`${iso}T12:00:00`);
