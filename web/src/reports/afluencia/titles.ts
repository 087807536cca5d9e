// The four traffic screens' titles, the routes' and the screens' (spec 2, section 5). Apart from the screen:
// a route file imports them, and whatever a route file imports is in every page's first download.

import type { TrafficKind } from "./report.ts";

export type TrafficPeriod = "diaria" | "mensual";

export const TRAFFIC_TITLES: Record<TrafficPeriod, Record<TrafficKind, string>> = {
  diaria: { peatonal: "Afluencia Diaria Peatonal", parking: "Afluencia Diaria Parking" },
  mensual: { peatonal: "Afluencia Mensual Peatonal", parking: "Afluencia Mensual Parking" },
};
