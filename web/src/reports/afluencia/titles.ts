// The four traffic screens' titles, read from the registry of screens (web/src/screens.ts) by their path:
// `/Reportes/Afluencia` + the period + the kind, each capitalised. A renamed route or title is one edit there.

import { SCREENS } from "../../screens.ts";
import type { TrafficKind } from "./report.ts";

export type TrafficPeriod = "diaria" | "mensual";

const capital = <T extends string>(s: T) => `${s.charAt(0).toUpperCase()}${s.slice(1)}` as Capitalize<T>;

/** 'Afluencia Diaria Peatonal', … (spec 2, section 5). */
export const trafficTitle = (period: TrafficPeriod, kind: TrafficKind): string =>
  SCREENS[`/Reportes/Afluencia${capital(period)}${capital(kind)}`].title;
