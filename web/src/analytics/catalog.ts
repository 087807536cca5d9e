// The extract catalogue's request, apart from the engine: a report route asks for it as the screen opens
// (reports/shared/report-route.ts), beside the screen's code, and the engine's first read of the catalogue
// takes that answer if it was asked under 10 s before (later, the extracts may have moved on).

import { type Catalog, EXTRACTS_PATH } from "#contract/extracts.ts";
import { get } from "../lib/api.ts";
import { earlyRequest } from "../lib/early.ts";

const catalog = earlyRequest(() => get<Catalog>(`${EXTRACTS_PATH}/catalog`, { quiet: true }), 10_000);

/** Asks for the catalogue now, unless an answer asked early is still waiting to be taken. */
export const askCatalogEarly = (): void => catalog.start();

/** The catalogue: the answer asked early when there is a fresh one, else a new request. */
export const fetchCatalog = (): Promise<Catalog> => catalog.take();
