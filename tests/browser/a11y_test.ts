import assert from "node:assert/strict";
import { launchBrowser, openPage, screenshot, seriousViolations, signIn, step } from "../helpers/browser.ts";
import { startServer } from "../helpers/server.ts";

Deno.test({
  name: "browser: accessibility of the login and users screens (axe, no serious or critical violations)",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer();
    const browser = await launchBrowser();
    const { page, close } = await openPage(browser, server.url);
    try {
      await step(t, "login screen", async () => {
        await page.goto("/auth/login");
        await page.getByRole("button", { name: "Ingresar" }).waitFor();
        assert.deepEqual(await seriousViolations(page), []);
        // With its validation messages shown.
        await page.getByRole("button", { name: "Ingresar" }).click();
        await page.getByText("Ingresar correo electrónico").waitFor();
        assert.deepEqual(await seriousViolations(page), []);
      });

      await step(t, "users screen, its table and its add-user dialog", async () => {
        await signIn(page, "admin@demo.pe", undefined, "/Admin/UsersManagement");
        await page.locator("tbody tr").first().waitFor();
        assert.deepEqual(await seriousViolations(page), []);
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
