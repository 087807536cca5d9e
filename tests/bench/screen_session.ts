// A screen opened the way the bench's filter changes find it, for the tools that look into those changes
// (change_profile.ts, change_timeline.ts): the bench server on its data, one signed-in page on the screen,
// the bench's warm-up changes made.

import type { BrowserContext, Page } from "playwright-core";
import { launchBrowser } from "../helpers/browser.ts";
import { freePort } from "../helpers/server.ts";
import { filterChange, freshContext, measureLoad, SCREENS } from "./analytics_page.ts";
import { apiSignIn, ROOT, startBenchServer } from "./analytics_server.ts";

/** Runs fn on the named screen after its warm-up changes, with the changes to time; stops everything after. */
export async function withWarmScreen<T>(
  name: string,
  fn: (s: { page: Page; timed: string[]; probe: string }, context: BrowserContext) => Promise<T>,
): Promise<T> {
  const s = SCREENS.find((x) => x.name === name && x.changes);
  if (!s) throw new Error(`Cannot open ${name}: no screen with its own filter changes of that name`);
  const server = await startBenchServer(Deno.env.get("BENCH_DATA_DIR") ?? `${ROOT}data/bench`, freePort());
  const browser = await launchBrowser({ asUser: true });
  try {
    const sid = await apiSignIn(server.url, "admin@demo.pe");
    const cat =
      await (await fetch(`${server.url}/api/extracts/catalog`, { headers: { cookie: `sid=${sid}` } }))
        .json();
    const context = await freshContext(browser, server.url, sid);
    const { page } = await measureLoad(context, s);
    const changes = s.changes!(cat.data.today);
    for (const search of changes.warm) await filterChange(page, search, s.probe).catch(() => 0);
    return await fn({ page, timed: changes.timed, probe: s.probe }, context);
  } finally {
    await browser.close();
    await server.stop();
  }
}
