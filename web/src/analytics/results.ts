// Report rows kept between visits (IndexedDB, store.ts): a revisit with nothing changed shows the rows stored
// last time without starting DuckDB. The key (statements.ts resultKey) holds the SQL and the versions of the
// partitions the report names, and a report must name every partition it reads (its views are scoped to them).

import type { ResultCache } from "./engine.ts";
import { anyResult, readResult, writeResult } from "./store.ts";

export const storedResults: ResultCache = {
  read: async (key) => (await readResult(key))?.rows ?? null,
  write: (key, rows) => void writeResult({ key, rows, at: Date.now() }).catch(() => {}),
  any: anyResult,
};
