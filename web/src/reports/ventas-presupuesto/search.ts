// The URL of Ventas Presupuesto (mall, 'Inflación', report month as anio + mes, comparison year): its schema
// is the route's validateSearch and, through its type, the report's search. Apart from the screen: a route
// file imports it, and whatever a route file imports is in every page's first download.

import { z } from "zod";
import { flagParam, mallParam, monthParam, yearParam } from "../shared/search.ts";

export const presupuestoSearch = z.object({
  mall: mallParam(3),
  inflacion: flagParam,
  anio: yearParam,
  mes: monthParam,
  anioComparativo: yearParam,
});

export type PresupuestoSearch = z.output<typeof presupuestoSearch>;
