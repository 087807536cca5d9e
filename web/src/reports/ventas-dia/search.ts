// The URL of Ventas por Día (type, mall, day, 'Inflación'): its schema is the route's validateSearch and,
// through its type, the report's search. Apart from the screen: a route file imports it, and whatever a
// route file imports is in every page's first download.

import { z } from "zod";
import { dayParam, flagParam, mallParam } from "../shared/search.ts";

export const ventasDiaSearch = z.object({
  tipo: z.enum(["dia", "acumulada", "m2", "m2acumulada"]).default("dia").catch("dia"),
  mall: mallParam(0),
  fecha: dayParam,
  inflacion: flagParam,
});

export type VentasDiaSearch = z.output<typeof ventasDiaSearch>;
