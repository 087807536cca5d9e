// /configuracion-global's panels, each save confirmed by 'Guardado Exitoso' whose 'Aceptar' reloads the page
// (spec 3 section 2.3), and Ventas Mensual's 'Contratos' pop-up in Spanish (spec 2: contrato, denominacion,
// areaLocal).
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { launchBrowser, openPage, screenshot, signIn } from "../helpers/browser.ts";
import { startServer } from "../helpers/server.ts";

/** Accepts 'Guardado Exitoso' (with its message) and waits for the page to load again. */
async function savedThenReload(page: Page, message: string) {
  await page.evaluate(() => Object.assign(globalThis, { beforeReload: true }));
  const dialog = page.getByRole("dialog", { name: "Guardado Exitoso" });
  await dialog.getByText(message).waitFor();
  await dialog.getByRole("button", { name: "Aceptar" }).click();
  await page.waitForFunction(() => !("beforeReload" in globalThis));
  await page.getByRole("heading", { name: "Año comparativo", exact: true }).waitFor();
}

Deno.test({
  name: "browser: 'Configuración global' panels save with 'Guardado Exitoso'; Ventas Mensual's contracts",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer();
    const browser = await launchBrowser();
    const { page, close } = await openPage(browser, server.url);
    try {
      await signIn(page, "admin@demo.pe");
      await t.step("the panels", async () => {
        await page.goto("/configuracion-global");
        for (const title of ["Año comparativo", "Cierre de Mes", "Bloquear Cierres", "Carga All-In"]) {
          await page.getByRole("region", { name: title, exact: true }).waitFor();
        }
        // 'Bloquear Cierres' as its own screen keeps it, with the way there.
        const lock = page.getByRole("region", { name: "Bloquear Cierres", exact: true });
        await lock.getByText(
          /^(Cierres bloqueados hasta el \d{2}\/\d{2}\/\d{4}\.|Ningún cierre bloqueado\.)$/,
        ).waitFor();
        assert.equal(
          await lock.getByRole("link", { name: "Ir a Bloquear Cierres" }).getAttribute("href"),
          "/Bloqueo/Index",
        );
        await screenshot(page, "global-config");
      });

      await t.step("the comparison year saves and 'Aceptar' reloads", async () => {
        const panel = page.getByRole("region", { name: "Año comparativo", exact: true });
        await panel.getByRole("button", { name: "Guardar" }).click();
        await savedThenReload(page, "Los cambios fueron guardados con exito.");
      });

      await t.step("the month's lock: its state, locked and unlocked again", async () => {
        const panel = page.getByRole("region", { name: "Cierre de Mes", exact: true });
        await panel.getByText(/: desbloqueado/).waitFor();
        await panel.getByRole("button", { name: "Bloquear" }).click();
        await savedThenReload(page, "El periodo quedó bloqueado.");
        const after = page.getByRole("region", { name: "Cierre de Mes", exact: true });
        await after.getByText(/: bloqueado \(último cambio/).waitFor();
        await after.getByRole("button", { name: "Desbloquear" }).click();
        await savedThenReload(page, "El periodo quedó desbloqueado.");
        await page.getByRole("region", { name: "Cierre de Mes", exact: true }).getByText(/: desbloqueado/)
          .waitFor();
      });

      await t.step("Ventas Mensual's 'Contratos' pop-up has Spanish headers", async () => {
        await page.goto("/indicadoresVentaMensual");
        await page.getByRole("button", { name: "Contratos", exact: true }).first().click();
        const dialog = page.getByRole("dialog", { name: /^Contratos · / });
        await dialog.locator("tbody tr").first().waitFor();
        const headers = (await dialog.locator("thead th").allInnerTexts()).map((h) => h.trim()).filter(
          Boolean,
        );
        assert.deepEqual(headers, ["Contrato", "Denominación", "Área m2"]);
      });
    } finally {
      await close();
      await browser.close();
      await server.stop();
    }
  },
});
