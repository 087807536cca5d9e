// The URL of Flash Semanal (mall, the range as desde + hasta, the typed contract code): its schema is the
// route's validateSearch and, through its type, the report's search. Apart from the screen: a route file
// imports it, and whatever a route file imports is in every page's first download.

import { z } from "zod";
import { contractCodeParam } from "../shared/contract-code-search.ts";
import { rangeDayParam } from "../shared/range-search.ts";
import { mallParam } from "../shared/search.ts";

export const flashSearch = z.object({
  mall: mallParam(0),
  desde: rangeDayParam,
  hasta: rangeDayParam,
  contrato: contractCodeParam,
});

export type FlashSearch = z.output<typeof flashSearch>;
