// The accessibility check of the menu's screens, shared by the test files that split the menu between them
// (they run side by side): each screen is opened through the menu by the first demo account that has it, and
// axe must find no serious or critical violation once its data is in.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { DEMO_ACCOUNTS } from "../../fixtures/accounts.ts";
import { MENU } from "../../web/src/components/layout/menu.ts";
import {
  DEMO_PASSWORD,
  launchBrowser,
  openPage,
  screenshot,
  seriousViolations,
  signOut,
  step,
  submitLogin,
} from "./browser.ts";
import { startServer } from "./server.ts";

/** The permissions of an account, asked of the server's sign-in call rather than through the page. */
async function permissionsOf(url: string, email: string): Promise<Set<string>> {
  const r = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = await r.json();
  assert.equal(r.status, 200, `${email}: ${JSON.stringify(body)}`);
  return new Set(body.data.role.permissions.map((p: { id: string }) => p.id));
}

/**
 * Checks every menu screen whose path `wanted` accepts; returns the paths checked, each with its account.
 * Only accounts whose menu may offer a screen not checked yet sign in through the page (a browser sign-in
 * and its landing cost seconds, the sign-in call a tenth of one).
 */
export async function checkMenuScreens(
  t: Deno.TestContext,
  page: Page,
  url: string,
  wanted: (path: string) => boolean,
): Promise<Map<string, string>> {
  const offers = (perms: Set<string>) =>
    MENU.flatMap((s) => s.entries).filter((x) => perms.has(x.permission) && wanted(x.to)).map((x) => x.to);
  const checked = new Map<string, string>();
  for (const account of DEMO_ACCOUNTS) {
    const candidates = offers(await permissionsOf(url, account.email));
    if (candidates.every((p) => checked.has(p))) continue;
    // Not signIn(): some accounts land on a screen without a page title (contract choice, no access).
    await submitLogin(page, account.email, DEMO_PASSWORD);
    await page.waitForURL((u) => !u.pathname.startsWith("/auth"));
    await page.locator("nav.side-menu").waitFor();
    // Open the collapsed sections of the menu, then read every link it offers.
    const collapsed = page.locator('.side-section-header[aria-expanded="false"]');
    const expandAll = async () => {
      while (await collapsed.count()) await collapsed.first().click();
    };
    await expandAll();
    const links = await page.locator(".side-menu a.side-entry").evaluateAll((as) =>
      as.map((a) => new URL((a as HTMLAnchorElement).href).pathname)
    );
    const fresh = [...new Set(links)].filter((p) => wanted(p) && !checked.has(p));
    for (const path of fresh) {
      checked.set(path, account.email);
      await step(t, `${path} as ${account.email}`, async () => {
        // Through the menu, as a person moves: the app and its report engine stay loaded.
        const link = page.locator(`.side-menu a.side-entry[href="${path}"]`).first();
        // Opening a screen may fold the other sections of the menu.
        if (!(await link.isVisible())) await expandAll();
        await link.click();
        await page.waitForURL((u) => u.pathname === path);
        // Its screen, never the 404 page (tests/browser/auth_test.ts counts on this check).
        await page.locator(".page-title, main.status-page h1").first().waitFor();
        assert.equal(await page.getByText("Seems there is nothing here").count(), 0, `${path}: the 404 page`);
        // The screen's data is in (tables, charts and cards), not its loading or refreshing state (a report
        // being recomputed is dimmed for a moment).
        const settled = () =>
          page.waitForFunction(
            () =>
              !document.body.innerText.includes("Cargando información") &&
              !document.querySelector(".report-stale, [aria-busy=true]"),
            null,
            { timeout: 60_000 },
          );
        await settled();
        let found = await seriousViolations(page);
        // A background refresh (an idle prefetch, a catalogue revalidation) may dim the report for a moment
        // while axe reads it: what is found then is measured again once it settled.
        if (found.length) {
          await settled();
          found = await seriousViolations(page);
        }
        if (found.length) await screenshot(page, `FAILED-a11y-${path.replace(/\W+/g, "-")}`);
        assert.deepEqual(found, [], `${path} as ${account.email}`);
      });
    }
    await signOut(page);
  }
  return checked;
}

/** The report screens (computed in the browser), checked by a11y_reports_test.ts; the rest by a11y_test.ts. */
export const isReportScreen = (path: string) =>
  /^\/(Reportes\/|dashboard$|indicadoresVentaMensual$|ventaGeneral$)/.test(path);

const SCREENS: string[] = [...new Set(MENU.flatMap((s) => s.entries).map((x) => x.to))];

/**
 * The menu's report screens, or its other screens. Each kind is checked by one file: split in two halves run
 * side by side, each half started a server, the report engine and the same sign-ins again, for no gain once the
 * suite keeps both cores busy.
 */
export const screensOf = (reports: boolean) => (path: string) =>
  SCREENS.includes(path) && isReportScreen(path) === reports;

/** A test file's whole test: its share of the menu's screens, on its own server, with the screens it must meet. */
export function menuScreensTest(name: string, wanted: (path: string) => boolean, mustCheck: string[]) {
  Deno.test({
    name,
    sanitizeOps: false,
    sanitizeResources: false,
    async fn(t) {
      const server = await startServer();
      const browser = await launchBrowser();
      const { page, close } = await openPage(browser, server.url);
      try {
        const checked = await checkMenuScreens(t, page, server.url, wanted);
        for (const p of mustCheck) {
          assert.ok(checked.has(p), `${p} was in some menu (checked: ${[...checked.keys()].join(", ")})`);
        }
      } finally {
        await close();
        await browser.close();
        await server.stop();
      }
    },
  });
}
