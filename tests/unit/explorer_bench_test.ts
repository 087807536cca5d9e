// The explorer's benchmark changes (tests/bench/explorer_screens.ts) are 30 distinct slices each that the
// screen's URL schema takes as they are (a change that fell back to a default would time nothing new).
import assert from "node:assert/strict";
import { explorerState } from "#contract/explorer.ts";
import { checkChanges } from "../bench/analytics_screens.ts";
import { EXPLORER_SCREENS } from "../bench/explorer_screens.ts";
import { explorerSearch } from "../../web/src/reports/explorador/search.ts";

Deno.test("the explorer's benchmark slices are 30 distinct valid slices per screen", () => {
  assert.equal(EXPLORER_SCREENS.length, 2);
  for (const s of EXPLORER_SCREENS) {
    const c = s.changes!("2026-06-15");
    checkChanges(s, c);
    for (const search of [...c.warm, ...c.timed]) {
      const raw = Object.fromEntries(
        [...new URLSearchParams(search)].map((
          [k, v],
        ) => [k, /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : JSON.parse(v)]),
      );
      // Strict: a value the schema would replace by its default fails here.
      const strictSearch = explorerSearch.extend({}).strict();
      const parsed = strictSearch.parse(raw);
      for (const [k, v] of Object.entries(raw)) {
        assert.deepEqual(parsed[k as keyof typeof parsed], v, `${k} in ${search}`);
      }
      const { orden: _o, desc: _d, ...slice } = parsed;
      assert.ok(
        explorerState.safeParse({ ...slice, desde: slice.desde!, hasta: slice.hasta! }).success,
        search,
      );
    }
  }
});
