// The accessibility check of a screen once its data is in, as the registry sweep (tests/browser/
// screens_fit_test.ts) runs it on every menu screen: axe must find no serious or critical violation.
import type { Page } from "playwright-core";
import { seriousViolations } from "./browser.ts";

/**
 * Waits until the screen's data is in (tables, charts and cards), not its loading or refreshing state (a report
 * being recomputed is dimmed for a moment).
 */
function settled(page: Page) {
  return page.waitForFunction(
    () =>
      !document.body.innerText.includes("Cargando información") &&
      !document.querySelector(".report-stale, [aria-busy=true]"),
    null,
    { timeout: 60_000 },
  );
}

/** The serious and critical violations axe finds on the screen once its data is in. */
export async function settledViolations(page: Page): Promise<string[]> {
  await settled(page);
  const found = await seriousViolations(page);
  if (!found.length) return found;
  // A background refresh (an idle prefetch, a catalogue revalidation) may dim the report for a moment while
  // axe reads it: what is found then is measured again once it settled.
  await settled(page);
  return seriousViolations(page);
}
