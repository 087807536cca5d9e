import assert from "node:assert/strict";
import { checkMenuScreens, screensOf } from "../helpers/a11y.ts";
import { launchBrowser, openPage, screenshot, seriousViolations, signIn, step } from "../helpers/browser.ts";
import { startServer } from "../helpers/server.ts";

// The sign-in screen and every screen of the menu but the reports (those: a11y_reports_test.ts), each with the
// first demo account that opens it (tests/helpers/a11y.ts): a screen added later joins by being in the menu.

Deno.test({
  name:
    "browser: accessibility of the sign-in and the menu's other screens (axe, no serious or critical violations)",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer();
    const browser = await launchBrowser();
    const { page, close } = await openPage(browser, server.url);
    try {
      await step(
        t,
        "the check itself finds what axe calls serious: a nameless button, text without contrast",
        async () => {
          const probe = await browser.newPage();
          try {
            await probe.setContent(
              `<html lang="es"><head><title>Prueba</title></head><body><main><button></button><p style="color:#eee;background:#fff">Hola</p></main></body></html>`,
            );
            const found = (await seriousViolations(probe)).map((v) => v.split(":")[0]);
            assert.deepEqual(found.sort(), ["critical button-name", "serious color-contrast"]);
          } finally {
            await probe.close();
          }
        },
      );

      await step(t, "login screen, with its validation messages", async () => {
        await page.goto("/auth/login");
        await page.getByRole("button", { name: "Ingresar" }).waitFor();
        assert.deepEqual(await seriousViolations(page), []);
        await page.getByRole("button", { name: "Ingresar" }).click();
        await page.getByText("Ingresar correo electrónico").waitFor();
        assert.deepEqual(await seriousViolations(page), []);
      });

      const checked = await checkMenuScreens(t, page, server.url, screensOf(false));
      // The staff and tenant screens are among them.
      for (
        const p of [
          "/locatario/dashboard",
          "/Admin/UsersManagement",
          "/Estadocuenta/Index",
          "/Inflacion/Index",
          "/cierreVentas/registrarCierre",
          "/Locatario/Index",
        ]
      ) {
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
