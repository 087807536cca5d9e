// The URL of Diario Comparativo (mall, switches, range as desde + hasta, comparison year): its schema is the
// route's validateSearch and, through its type, the report's search. Apart from the screen: a route file
// imports it, and whatever a route file imports is in every page's first download.

import { z } from "zod";
import { rangeDayParam } from "../shared/range-search.ts";
import { flagParam, mallParam, yearParam } from "../shared/search.ts";

export const diarioSearch = z.object({
  mall: mallParam(3),
  inflacion: flagParam,
  sss: flagParam,
  desde: rangeDayParam,
  hasta: rangeDayParam,
  anioComparativo: yearParam,
});

export type DiarioSearch = z.output<typeof diarioSearch>;
