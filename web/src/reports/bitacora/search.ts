// The URL of Bitácora de Eventos (the mall, 'Todas' being 0, and the window 'fechaInicio'–'fechaFin'): its
// schema is the route's validateSearch and, through its type, the report's search. Apart from the screen: a
// route file imports it, and whatever a route file imports is in every page's first download.

import { z } from "zod";
import { mallParam } from "../shared/search.ts";

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined);

export const bitacoraSearch = z.object({
  unidadEconomicaId: mallParam(3),
  fechaInicio: isoDay,
  fechaFin: isoDay,
});

export type BitacoraSearch = z.output<typeof bitacoraSearch>;
