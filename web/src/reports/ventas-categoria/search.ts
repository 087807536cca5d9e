// The URL of Ventas por Categoría (type, mall, range as desde + hasta, comparison year, 'Inflación'): its
// schema is the route's validateSearch and, through its type, the report's search. Apart from the screen: a
// route file imports it, and whatever a route file imports is in every page's first download.

import { z } from "zod";
import { dayParam, flagParam, mallParam, yearParam } from "../shared/search.ts";

export const categorySearch = z.object({
  tipo: z.enum(["General", "SSS"]).default("General").catch("General"),
  mall: mallParam(3),
  desde: dayParam,
  hasta: dayParam,
  anioComparativo: yearParam,
  inflacion: flagParam,
});

export type CategorySearch = z.output<typeof categorySearch>;
