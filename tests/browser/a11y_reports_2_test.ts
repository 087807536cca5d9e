import assert from "node:assert/strict";
import { checkMenuScreens, isReportScreenOf } from "../helpers/a11y.ts";
import { launchBrowser, openPage } from "../helpers/browser.ts";
import { startServer } from "../helpers/server.ts";

// Every other report screen of the menu, from the second (the first half: a11y_reports_test.ts), each with the
// first demo account that opens it: a report added later joins by being in the menu.

Deno.test({
  name:
    "browser: accessibility of the report screens of the menu, second half (axe, no serious or critical violations)",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer();
    const browser = await launchBrowser();
    const { page, close } = await openPage(browser, server.url);
    try {
      const checked = await checkMenuScreens(t, page, server.url, isReportScreenOf(1));
      for (const p of ["/indicadoresVentaMensual"]) {
        assert.ok(checked.has(p), `${p} was in some menu (checked: ${[...checked.keys()].join(", ")})`);
      }
    } finally {
      await close();
      await browser.close();
      await server.stop();
    }
  },
});
