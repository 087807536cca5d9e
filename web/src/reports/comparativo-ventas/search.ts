// The URL of Comparativo de Ventas (mall, range as desde + hasta): its schema is the route's validateSearch
// and, through its type, the report's search. Apart from the screen: a route file imports it, and whatever a
// route file imports is in every page's first download.

import { z } from "zod";
import { rangeDayParam } from "../shared/range-search.ts";
import { mallParam } from "../shared/search.ts";

export const comparativoSearch = z.object({ mall: mallParam(0), desde: rangeDayParam, hasta: rangeDayParam });

export type ComparativoSearch = z.output<typeof comparativoSearch>;
