// The inflation calls (contract/inflation.ts).
import {
  INFLATION_API,
  type InflationInput,
  type InflationYear,
  inflationYears,
} from "#contract/inflation.ts";
import { post } from "../../lib/api.ts";
import { readQuery } from "../../lib/queries.ts";

export const INFLATION_KEY = ["inflation"] as const;

export const inflationQuery = (anio: number) =>
  readQuery<InflationYear>([...INFLATION_KEY, anio], `${INFLATION_API.year}?anio=${anio}`, 0);

/** The months go as typed (text); the server parses them with the same schema as the form. */
export const saveInflation = (body: InflationInput) => post<InflationYear>(INFLATION_API.year, body);

const YEAR_KEY = "inflacion.anio";
export const currentYear = () => new Date(Date.now() - 5 * 3600_000).getUTCFullYear();

/** The year shown first (the route loads it): the one chosen last in this session, else the current one. */
export function initialYear(): number {
  const kept = Number(sessionStorage.getItem(YEAR_KEY));
  return inflationYears(currentYear()).includes(kept) ? kept : currentYear();
}

export const keepYear = (anio: number) => sessionStorage.setItem(YEAR_KEY, String(anio));
