// The explorer's URL: every choice of the slice (contract/explorer.ts) as a search parameter, each falling
// back to its default when a link carries a bad value, so any bookmarked or edited link opens a slice.

import { z } from "zod";
import {
  CEBE_CODE,
  DIMENSION_IDS,
  MAX_COLUMNS,
  MAX_FILTER_VALUES,
  MAX_MEASURES,
  MAX_ROWS,
  MEASURE_IDS,
} from "#contract/explorer.ts";
import { dayParam } from "../shared/search.ts";

const ids = z.array(z.number().int().positive().max(2_147_483_647)).max(MAX_FILTER_VALUES).default([]).catch(
  [],
);

export const explorerSearch = z.object({
  filas: z.array(z.enum(DIMENSION_IDS)).max(MAX_ROWS).default(["categoria"]).catch(["categoria"]),
  columnas: z.array(z.enum(DIMENSION_IDS)).max(MAX_COLUMNS).default(["trimestre"]).catch([]),
  medidas: z.array(z.enum(MEASURE_IDS)).min(1).max(MAX_MEASURES).default(["ventas"]).catch(["ventas"]),
  desde: dayParam,
  hasta: dayParam,
  comparar: z.number().int().min(2017).max(2100).nullable().default(null).catch(null),
  inflacion: z.boolean().default(false).catch(false),
  malls: ids,
  rubros: ids,
  contratos: ids,
  cebes: z.array(z.string().regex(CEBE_CODE)).max(MAX_FILTER_VALUES).default([]).catch([]),
  moneda: z.enum(["PEN", "USD"]).nullable().default(null).catch(null),
  grafico: z.enum(["barras", "lineas"]).default("barras").catch("barras"),
  /** The value column the lines are sorted by ('' their keys' order), and the direction. */
  orden: z.string().regex(/^[vx]\d+_\d+$|^$/).default("").catch(""),
  desc: z.boolean().default(true).catch(true),
});
export type ExplorerSearch = z.infer<typeof explorerSearch>;
