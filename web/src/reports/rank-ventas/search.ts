// The URL of Ranking de Ventas ('Tipo', the month as anio + mes or the year, mall, CeBe): its schema is the
// route's validateSearch and, through its type, the report's search. Apart from the screen: a route file
// imports it, and whatever a route file imports is in every page's first download.

import { z } from "zod";
import { mallParam, monthParam, yearParam } from "../shared/search.ts";

export const rankVentasSearch = z.object({
  tipo: z.enum(["mensual", "anual", "anualM2"]).default("mensual").catch("mensual"),
  anio: yearParam,
  mes: monthParam,
  mall: mallParam(0),
  cebe: z.string().regex(/^[A-Za-z0-9 _.-]{0,20}$/).default("").catch(""),
});

export type RankVentasSearch = z.output<typeof rankVentasSearch>;
