// The inflation area's contract (spec 3 sections 2.2, 3, 5, 7): the year's twelve monthly factors (%), their
// Spanish messages, the answer and the paths. Pure: zod and types.
import { z } from "zod";
import { strict } from "./fields.ts";

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
export const NUMBER_ONLY = "Ingresar solo dígitos y un punto decimal.";
export const OUT_OF_RANGE = "El valor debe estar entre -100 y 100.";
export const FOUR_DECIMALS = "Máximo 4 decimales.";
export const yearRangeMessage = (current: number) => `El año debe estar entre ${FIRST_YEAR} y ${current}.`;

/**
 * What a monthly input may hold while typed: digits, one decimal point and a leading minus (a month of
 * deflation; the demo data has some). The screen refuses any other keystroke.
 */
export const TYPING = /^-?\d*\.?\d*$/;

/** A month's factor as typed: blank is no factor (null); otherwise a number with up to 4 decimals. */
export const monthFactor = z.string({ error: NUMBER_ONLY }).trim()
  .refine((x) => x === "" || /^-?(\d+\.?\d*|\.\d+)$/.test(x), NUMBER_ONLY)
  .refine((x) => x === "" || !/\.\d{5,}$/.test(x), FOUR_DECIMALS)
  .refine((x) => x === "" || Math.abs(Number(x)) <= 100, OUT_OF_RANGE)
  .transform((x) => (x === "" ? null : Number(x)));

const yearField = z.coerce.number({ error: "Ingresar un año válido." }).int("Ingresar un año válido.")
  .min(FIRST_YEAR, `El año debe ser ${FIRST_YEAR} o posterior.`).max(
    2100,
    "El año debe ser 2100 o anterior.",
  );

/** GET ?anio=yyyy */
export const inflationQuery = strict({ anio: yearField });

/** POST: the year and its twelve months as typed. */
export const inflationBody = strict({
  anio: yearField,
  ...Object.fromEntries(MONTHS.map((m) => [m, monthFactor])) as Record<Month, typeof monthFactor>,
});
export type InflationBody = z.infer<typeof inflationBody>;
export type InflationInput = z.input<typeof inflationBody>;

/** A year's factors (%), null where the month has none. */
export type InflationYear = { anio: number } & Record<Month, number | null>;

/** The years offered: the current one down to 2016. */
export const inflationYears = (current: number) =>
  Array.from({ length: current - FIRST_YEAR + 1 }, (_, i) => current - i);
