// The extract catalogue's request, apart from the engine: a report route asks for it as the screen opens
// (reports/shared/report-route.ts), beside the screen's code, and the engine's first read of the catalogue
// takes that answer.

import { type Catalog, EXTRACTS_PATH } from "../../../contract/extracts.ts";
import { get } from "../lib/api.ts";

/** An answer asked early is taken only this soon after: later, the extracts may have moved on. */
const FRESH_MS = 10_000;

let early: { answer: Promise<Catalog>; at: number } | null = null;

const ask = () => get<Catalog>(`${EXTRACTS_PATH}/catalog`, { quiet: true });

/** Asks for the catalogue now, unless an answer asked early is still waiting to be taken. */
export function askCatalogEarly(): void {
  if (early && Date.now() - early.at < FRESH_MS) return;
  early = { answer: ask(), at: Date.now() };
  // The engine reports a failure when it takes the answer; until then it is nobody's unhandled rejection.
  early.answer.catch(() => {});
}

/** The catalogue: the answer asked early when there is a fresh one, else a new request. */
export function fetchCatalog(): Promise<Catalog> {
  const taken = early && Date.now() - early.at < FRESH_MS ? early.answer : ask();
  early = null;
  return taken;
}
