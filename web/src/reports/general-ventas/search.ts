// The URL of Reporte General de Ventas (the range 'desde'–'hasta', the order 'orden' + 'desc', the page): its
// schema is the route's validateSearch and, through its type, the report's search. Apart from the screen: a
// route file imports it, and whatever a route file imports is in every page's first download.

import { z } from "zod";
import { dayParam, flagParam, pageParam } from "../shared/search.ts";
import { CLOSING_COLUMNS, type ClosingColumn } from "./columns.ts";

export const generalVentasSearch = z.object({
  desde: dayParam,
  hasta: dayParam,
  orden: z.enum(CLOSING_COLUMNS as [ClosingColumn, ...ClosingColumn[]]).optional().catch(undefined),
  desc: flagParam,
  pagina: pageParam,
});

export type GeneralVentasSearch = z.output<typeof generalVentasSearch>;
