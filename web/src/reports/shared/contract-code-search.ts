// The URL's typed contract code ('contrato', empty for all) of Flash Semanal and Provisión de Ventas. Apart
// from the filter's component: a route file imports it, and whatever a route file imports is in every page's
// first download.

import { z } from "zod";

export const contractCodeParam = z.string().regex(/^[A-Za-z0-9_.-]{0,30}$/).default("").catch("");
