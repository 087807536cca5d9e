// The URL of both Evolución screens (mall, closing month as anio + mes, comparison year, frequency): its
// schema is the route's validateSearch and, through its type, the report's search. Apart from the screen:
// a route file imports it, and whatever a route file imports is in every page's first download.

import { z } from "zod";
import { mallParam, monthParam, yearParam } from "../shared/search.ts";

export const evolutionSearch = z.object({
  mall: mallParam(0),
  anio: yearParam,
  mes: monthParam,
  anioComparativo: yearParam,
  frecuencia: z.enum(["diaria", "mensual"]).default("mensual").catch("mensual"),
});

export type EvolutionSearch = z.output<typeof evolutionSearch>;
export type Frequency = EvolutionSearch["frecuencia"];
