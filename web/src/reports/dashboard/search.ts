// The URL of the staff Dashboard (the report year and the comparison year): its schema is the route's
// validateSearch and, through its type, the report's search. Apart from the screen: a route file imports it,
// and whatever a route file imports is in every page's first download.

import { z } from "zod";
import { yearParam } from "../shared/search.ts";

export const dashboardSearch = z.object({ anio: yearParam, anioComparativo: yearParam });

export type DashboardSearch = z.output<typeof dashboardSearch>;
