// The four traffic routes' side (spec 2: Afluencia; title and permission in the screens' registry): search schema and the report their
// beforeLoad starts on a filter change. Apart from the screen: a route file imports it, and whatever a route
// file imports is in every page's first download (the screen is named through a dynamic import).

import { z } from "zod";
import { reportRoute } from "../shared/report-route.ts";
import { mallParam, monthParam, yearParam } from "../shared/search.ts";
import { fortnightParam } from "./fortnight.ts";
import type { TrafficKind } from "./report.ts";
import type { TrafficPeriod } from "./titles.ts";

const monthlySearch = z.object({
  unidadEconomicaId: mallParam(3),
  anio: yearParam,
  mes: monthParam,
  anioComparativo: yearParam,
  zona: z.enum(["Perimetro", "Oasis"]).default("Perimetro").catch("Perimetro"),
});
/** Diaria adds the fortnight (absent: the whole month). */
const dailySearch = monthlySearch.extend({ quincena: fortnightParam });

/** The search of any of the four (Mensual's has no fortnight). */
export type TrafficSearch = z.output<typeof dailySearch>;

const report = (period: TrafficPeriod, kind: TrafficKind) => () =>
  import("./screen.tsx").then((m) => m.TRAFFIC[period][kind]);

/** One traffic route's options but its component: `...trafficRoute.diaria("parking")`. */
export const trafficRoute = {
  diaria: (kind: TrafficKind) =>
    reportRoute({
      search: dailySearch,
      report: report("diaria", kind),
    }),
  mensual: (kind: TrafficKind) =>
    reportRoute({
      search: monthlySearch,
      report: report("mensual", kind),
    }),
};
