// The reports follow a closing saved in the same page (issue 14): the coordinator asks the extract catalogue
// again after such a save instead of waiting for its TTL, and the screens' report figures go stale at once.
// The browser test (tests/browser/staff_management_test.ts) shows the figure itself changing on screen.
import assert from "node:assert/strict";
import { QueryClient } from "@tanstack/react-query";
import type { Catalog } from "#contract/extracts.ts";
import { ReportEngine } from "../../web/src/analytics/engine.ts";
import { extractsChanged, extractsGeneration } from "../../web/src/analytics/changes.ts";

const catalog: Catalog = { today: "2026-01-02", format: 1, families: [], table: [] };

Deno.test("reports: a save that changed closings makes the catalogue be asked again at once", async () => {
  let asked = 0;
  let changes = 0;
  const engine = new ReportEngine({
    connector: {
      query: () => Promise.resolve([]),
      exec: () => Promise.resolve(),
      loadArrow: () => Promise.resolve(),
    },
    source: {
      catalog: () => {
        asked++;
        return Promise.resolve(catalog);
      },
      bytes: () => Promise.reject(new Error("Cannot read bytes: no partition in this test")),
    },
    catalogTtlMs: 60_000,
    changes: () => changes,
  });
  await engine.catalog();
  await engine.catalog();
  assert.equal(asked, 1, "within the TTL, one request");
  changes++;
  await engine.catalog();
  await engine.catalog();
  assert.equal(asked, 2, "after a save, once more");
});

Deno.test("reports: extractsChanged counts the save and marks every report's figures stale", async () => {
  const client = new QueryClient();
  client.setQueryData(["report", "dia", 3], { total: 1 });
  client.setQueryData(["tenant", "closings"], { rows: [] });
  const before = extractsGeneration();
  extractsChanged(client);
  await Promise.resolve();
  assert.equal(extractsGeneration(), before + 1);
  assert.equal(client.getQueryState(["report", "dia", 3])?.isInvalidated, true);
  assert.equal(client.getQueryState(["tenant", "closings"])?.isInvalidated, false);
  client.clear();
});
