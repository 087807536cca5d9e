// The inflation area's contract (spec 3 sections 2.2, 3, 5, 7): the year's twelve monthly factors (%), their
// Spanish messages, the answer and the paths. Pure: zod and types.
import { z } from "zod";
import { strict } from "./fields.ts";
import { readNumber } from "./number_text.ts";
import { version } from "./versions.ts";

export const INFLATION_API = { year: "/api/inflation" } as const;

export const MONTHS = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "setiembre",
  "octubre",
  "noviembre",
  "diciembre",
] as const;
export type Month = typeof MONTHS[number];

export const FIRST_YEAR = 2016;
export const INFLATION_SAVED = "Guardado Exitoso";
export const NUMBER_ONLY = "Ingresar solo dígitos y una coma o un punto decimal.";
export const OUT_OF_RANGE = "El valor debe estar entre -100 y 100.";
export const FOUR_DECIMALS = "Máximo 4 decimales.";
export const monthLabel = (m: Month) => m[0].toUpperCase() + m.slice(1);
/** A blank month over a stored factor, sent without the screen's question answered. */
export const clearRefused = (m: Month, pct: number) =>
  `Ingresar el factor de ${monthLabel(m)}: dejarlo vacío borraría el factor guardado (${pct}).`;
/** The screen's question before a save that removes stored factors. */
export const clearQuestion = (anio: number, cleared: { m: Month; pct: number }[]) =>
  `Se borrarán los factores guardados de ${
    cleared.map((c) => `${monthLabel(c.m)} (${c.pct})`).join(", ")
  } de ${anio}. ¿Desea borrarlos y guardar?`;
export const yearRangeMessage = (current: number) => `El año debe estar entre ${FIRST_YEAR} y ${current}.`;

/**
 * What a monthly input may hold while typed: digits, one decimal separator (comma or point) and a leading
 * minus (a month of deflation; the demo data has some). The screen refuses any other keystroke aloud.
 */
export const TYPING = /^-?\d*[.,]?\d*$/;

/** A factor has no thousands: its comma is always the decimal comma ('0,22' is 0.22). */
const readFactor = (x: string) => readNumber(x, { thousands: false });

/** A month's factor as typed: blank is no factor (null); otherwise a number with up to 4 decimals. */
export const monthFactor = z.string({ error: NUMBER_ONLY }).trim()
  .refine((x) => readFactor(x).ok, NUMBER_ONLY)
  .refine((x) => !/[.,]\d{5,}$/.test(x), FOUR_DECIMALS)
  .transform((x) => {
    const r = readFactor(x);
    return r.ok ? r.value : null;
  })
  .refine((x) => x == null || Math.abs(x) <= 100, OUT_OF_RANGE);

const yearField = z.coerce.number({ error: "Ingresar un año válido." }).int("Ingresar un año válido.")
  .min(FIRST_YEAR, `El año debe ser ${FIRST_YEAR} o posterior.`).max(
    2100,
    "El año debe ser 2100 o anterior.",
  );

/** GET ?anio=yyyy */
export const inflationQuery = strict({ anio: yearField });

/**
 * POST: the year and its twelve months as typed. A month left blank that has a stored factor is refused
 * unless `borrar` names it: the screen asks first, saying which factors go.
 */
export const inflationBody = strict({
  anio: yearField,
  ...Object.fromEntries(MONTHS.map((m) => [m, monthFactor])) as Record<Month, typeof monthFactor>,
  version,
  borrar: z.array(z.enum(MONTHS, { error: "Mes inválido." }), { error: "Mes inválido." }).max(12).optional(),
});
export type InflationBody = z.infer<typeof inflationBody>;
export type InflationInput = z.input<typeof inflationBody>;

/** A year's factors (%), null where the month has none, and the version a save sends back. */
export type InflationYear = { anio: number; version: number } & Record<Month, number | null>;

/** The years offered: the current one down to 2016. */
export const inflationYears = (current: number) =>
  Array.from({ length: current - FIRST_YEAR + 1 }, (_, i) => current - i);
