// The calls of 'Dashboard de Garantías' (contract/guarantees/dashboard.ts), apart from the screen: the route
// loads the first panel, and whatever a route file imports is in every page's first download.
import { queryOptions } from "@tanstack/react-query";
import {
  type ExpiryPanel,
  GUARANTEE_DASHBOARD_API,
  type ProgressPanel,
} from "../../../../contract/guarantees/dashboard.ts";
import { get } from "../../lib/api.ts";
import { GUARANTEES_KEY } from "./api.ts";

export const expiryPanelQuery = (anio: number | null) =>
  queryOptions({
    queryKey: [...GUARANTEES_KEY, "dashboard", "expiry", anio],
    queryFn: () => get<ExpiryPanel>(GUARANTEE_DASHBOARD_API.expiry(anio)),
    staleTime: 60_000,
  });

export const progressPanelQuery = (mall: number | null) =>
  queryOptions({
    queryKey: [...GUARANTEES_KEY, "dashboard", "progress", mall],
    queryFn: () => get<ProgressPanel>(GUARANTEE_DASHBOARD_API.progress(mall)),
    staleTime: 60_000,
  });

/** The year the panel opens on: the current one. */
export const CURRENT_YEAR = new Date().getFullYear();
