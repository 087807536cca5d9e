// The URL of Provisión de Ventas (mall, the month as anio + mes, the typed contract code): its schema is the
// route's validateSearch and, through its type, the report's search. Apart from the screen: a route file
// imports it, and whatever a route file imports is in every page's first download.

import { z } from "zod";
import { contractCodeParam } from "../shared/contract-code-search.ts";
import { mallParam, monthParam, yearParam } from "../shared/search.ts";

export const provisionSearch = z.object({
  mall: mallParam(0),
  anio: yearParam,
  mes: monthParam,
  contrato: contractCodeParam,
});

export type ProvisionSearch = z.output<typeof provisionSearch>;
