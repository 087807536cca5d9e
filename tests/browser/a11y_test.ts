import assert from "node:assert/strict";
import { DEMO_ACCOUNTS } from "../../fixtures/accounts.ts";
import {
  DEMO_PASSWORD,
  launchBrowser,
  openPage,
  screenshot,
  seriousViolations,
  signIn,
  signOut,
  step,
  submitLogin,
} from "../helpers/browser.ts";
import { startServer } from "../helpers/server.ts";

// Every screen the menu offers is checked, each with the first demo account that opens it: a screen added
// later joins this test by being in the menu.

Deno.test({
  name: "browser: accessibility of every screen of the menu (axe, no serious or critical violations)",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer();
    const browser = await launchBrowser();
    const { page, close } = await openPage(browser, server.url);
    try {
      await step(t, "login screen, with its validation messages", async () => {
        await page.goto("/auth/login");
        await page.getByRole("button", { name: "Ingresar" }).waitFor();
        assert.deepEqual(await seriousViolations(page), []);
        await page.getByRole("button", { name: "Ingresar" }).click();
        await page.getByText("Ingresar correo electrónico").waitFor();
        assert.deepEqual(await seriousViolations(page), []);
      });

      const checked = new Map<string, string>();
      for (const account of DEMO_ACCOUNTS) {
        // Not signIn(): some accounts land on a screen without a page title (contract choice, no access).
        await submitLogin(page, account.email, DEMO_PASSWORD);
        await page.waitForURL((u) => !u.pathname.startsWith("/auth"));
        await page.locator("nav.side-menu").waitFor();
        // Open the collapsed sections of the menu, then read every link it offers.
        const collapsed = page.locator('.side-section-header[aria-expanded="false"]');
        while (await collapsed.count()) await collapsed.first().click();
        const links = await page.locator(".side-menu a.side-entry").evaluateAll((as) =>
          as.map((a) => new URL((a as HTMLAnchorElement).href).pathname)
        );
        const fresh = [...new Set(links)].filter((p) => !checked.has(p));
        for (const path of fresh) {
          checked.set(path, account.email);
          await step(t, `${path} as ${account.email}`, async () => {
            await page.goto(path);
            await page.locator(".page-title").first().waitFor();
            // The screen's data is in (tables, charts and cards), not its loading state.
            await page.waitForFunction(
              () => !document.body.innerText.includes("Cargando información"),
              null,
              {
                timeout: 60_000,
              },
            );
            const found = await seriousViolations(page);
            if (found.length) await screenshot(page, `FAILED-a11y-${path.replace(/\W+/g, "-")}`);
            assert.deepEqual(found, [], `${path} as ${account.email}`);
          });
        }
        await signOut(page);
      }
      // Every demo account opens something, and the staff and tenant screens are all among them.
      for (const p of ["/dashboard", "/ventaGeneral", "/locatario/dashboard", "/Admin/UsersManagement"]) {
        assert.ok(checked.has(p), `${p} was in some menu (checked: ${[...checked.keys()].join(", ")})`);
      }

      await step(t, "the add-user dialog", async () => {
        await signIn(page, "admin@demo.pe", undefined, "/Admin/UsersManagement");
        await page.locator("tbody tr").first().waitFor();
        await page.getByRole("button", { name: "Añadir Usuario" }).click();
        await page.getByRole("dialog", { name: "Agregar usuario" }).waitFor();
        assert.deepEqual(await seriousViolations(page), []);
        await screenshot(page, "30-a11y-add-user");
      });
    } finally {
      await close();
      await browser.close();
      await server.stop();
    }
  },
});
