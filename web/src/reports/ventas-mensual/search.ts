// The URL of Ventas Mensual (the mode as tipo, comparison year, 'Inflación', 'SSS', the category table's
// mall, the chart's mall and category): its schema is the route's validateSearch and, through its type, the
// report's search. Apart from the screen: a route file imports it, and whatever a route file imports is in
// every page's first download.

import { z } from "zod";
import { flagParam, mallParam, yearParam } from "../shared/search.ts";

export const ventasMensualSearch = z.object({
  tipo: z.enum(["ventaMensual", "ventaMensualM2", "ventaMensualCerrado"]).default("ventaMensual").catch(
    "ventaMensual",
  ),
  anioComparativo: yearParam,
  inflacion: flagParam,
  sss: flagParam,
  mallRubro: mallParam(0),
  mallEvolucion: mallParam(0),
  rubro: z.number().int().min(0).default(0).catch(0),
});

export type VentasMensualSearch = z.output<typeof ventasMensualSearch>;
