// The page's one report coordinator: DuckDB-WASM, partitions from the server (IndexedDB first) and report rows
// kept in IndexedDB. Screens reach it through use-report.ts.

import { ApiError, SESSION_EXPIRED } from "../lib/api.ts";
import { partitionBytes } from "./bytes.ts";
import { fetchCatalog } from "./catalog.ts";
import { extractsGeneration } from "./changes.ts";
import type { Connector } from "./connector.ts";
import { ReportEngine } from "./engine.ts";
import { storedResults } from "./results.ts";

/** After the screen has its figures: loads what the next filter change will need, when the page is idle. */
function whenIdle(fn: () => void) {
  if ("requestIdleCallback" in globalThis) requestIdleCallback(fn, { timeout: 3_000 });
  else setTimeout(fn, 500);
}

/**
 * DuckDB-WASM's module, loaded with a report screen's first statement or its warm-up (engine.warm, as the
 * screen opens): a page without reports, and a page's start, parse none of its code (a revisit read its
 * figures from IndexedDB after parsing the whole bundle).
 */
let duck: Promise<Connector> | null = null;
const wasm = () => (duck ??= import("./duckdb.ts").then((m) => m.wasmConnector, (e) => {
  duck = null;
  throw e;
}));
const lazyConnector: Connector = {
  query: async (sql) => (await wasm()).query(sql),
  exec: async (sql) => (await wasm()).exec(sql),
  loadArrow: async (table, bytes) => (await wasm()).loadArrow(table, bytes),
};

export const engine = new ReportEngine({
  connector: lazyConnector,
  source: {
    catalog: fetchCatalog,
    bytes: partitionBytes,
  },
  results: storedResults,
  whenIdle,
  changes: extractsGeneration,
  // A session that ended meanwhile (signed out, expired) is no report failure: the sign-in screen shows.
  quiet: (e) => e instanceof ApiError && e.errorId === SESSION_EXPIRED,
});
