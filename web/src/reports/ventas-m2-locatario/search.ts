// The URL of Ventas m2 por Locatario (mall, the range 'desde'–'hasta'): its schema is the route's
// validateSearch and, through its type, the report's search. Apart from the screen: a route file imports
// it, and whatever a route file imports is in every page's first download.

import { z } from "zod";
import { dayParam, mallParam } from "../shared/search.ts";

export const ventasM2LocatarioSearch = z.object({ mall: mallParam(3), desde: dayParam, hasta: dayParam });

export type VentasM2LocatarioSearch = z.output<typeof ventasM2LocatarioSearch>;
