// The URL of Venta General (the mode as tipo, the month as anio + mes): its schema is the route's
// validateSearch and, through its type, the report's search. Apart from the screen: a route file imports it,
// and whatever a route file imports is in every page's first download.

import { z } from "zod";
import { monthParam, yearParam } from "../shared/search.ts";

export const ventaGeneralSearch = z.object({
  tipo: z.enum(["ventaMensual", "ventaMensualM2"]).default("ventaMensual").catch("ventaMensual"),
  anio: yearParam,
  mes: monthParam,
});

export type VentaGeneralSearch = z.output<typeof ventaGeneralSearch>;
export type VgMode = VentaGeneralSearch["tipo"];
