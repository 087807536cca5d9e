// The calls of 'Dashboard de Garantías' (contract/guarantees/dashboard.ts), apart from the screen: the route
// loads the first panel, and whatever a route file imports is in every page's first download.
import {
  type ExpiryPanel,
  GUARANTEE_DASHBOARD_API,
  type ProgressPanel,
} from "#contract/guarantees/dashboard.ts";
import { readQuery } from "../../lib/queries.ts";
import { GUARANTEES_KEY } from "./api.ts";

export const expiryPanelQuery = (anio: number | null) =>
  readQuery<ExpiryPanel>(
    [...GUARANTEES_KEY, "dashboard", "expiry", anio],
    GUARANTEE_DASHBOARD_API.expiry(anio),
    60_000,
  );

export const progressPanelQuery = (mall: number | null) =>
  readQuery<ProgressPanel>(
    [...GUARANTEES_KEY, "dashboard", "progress", mall],
    GUARANTEE_DASHBOARD_API.progress(mall),
    60_000,
  );

/** The year the panel opens on: the current one. */
export const CURRENT_YEAR = new Date().getFullYear();
