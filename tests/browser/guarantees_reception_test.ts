// Recepción de Garantía and Bóveda de Garantías: the treasury receives one approved letter, stores it in the
// vault and sees its location history; a reception over one made in another tab is refused, keeping the
// chosen state. One server, one page moving by the menu (and a second tab for the other reception). The
// screens are checked by axe in tests/browser/screens_fit_test.ts; the two dialogs here.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { launchBrowser, openPage, screenshot, seriousViolations, signIn, step } from "../helpers/browser.ts";
import { startServer } from "../helpers/server.ts";

async function menu(page: Page, section: string, entry: string) {
  const nav = page.getByRole("navigation", { name: "Menú principal" });
  const button = nav.getByRole("button", { name: section, exact: true });
  if ((await button.getAttribute("aria-expanded")) === "false") await button.click();
  await nav.getByRole("link", { name: entry, exact: true }).click();
}

async function pick(page: Page, inputId: string, option: string) {
  await page.locator(".p-dropdown", { has: page.locator(`#${inputId}`) }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

Deno.test({
  name: "browser: a letter is received, stored in the vault and its location history shown",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer();
    const browser = await launchBrowser();
    const te = await openPage(browser, server.url);
    const page = te.page;
    let nro = "";
    let contract = "";
    try {
      await step(t, "the treasury receives an approved letter", async () => {
        await signIn(page, "tesoreria@demo.pe");
        await menu(page, "Garantías", "Recepción de Garantía");
        await page.locator(".page-title", { hasText: "Recepción de Garantía" }).waitFor();
        const pending = page.getByRole("region", { name: "Garantías Pendientes de Recepción" });
        await pending.getByLabel("Filtrar Tipo de Garantía").fill("Carta Fianza");
        const receive = pending.getByRole("button", { name: /^Recepcionar / }).first();
        nro = (await receive.getAttribute("aria-label"))!.replace("Recepcionar ", "");
        await receive.click();
        const dialog = page.getByRole("dialog", { name: "Recepción de Garantía" });
        const save = dialog.getByRole("button", { name: "Guardar" });
        assert.equal(await save.isDisabled(), true);
        // A letter has no account entry date.
        assert.equal(await dialog.getByLabel("Fecha de Ingreso a Cuenta").count(), 0);
        assert.deepEqual(await seriousViolations(page), []);
        await pick(page, "rec-estado", "Recibida Conforme");

        // Meanwhile a second tab, opened on the same list, records 'No Recibida' (the letter stays pending).
        const other = await openPage(browser, server.url);
        try {
          await signIn(other.page, "tesoreria@demo.pe");
          await menu(other.page, "Garantías", "Recepción de Garantía");
          const list = other.page.getByRole("region", { name: "Garantías Pendientes de Recepción" });
          await list.getByLabel("Filtrar Tipo de Garantía").fill("Carta Fianza");
          await list.getByRole("button", { name: `Recepcionar ${nro}` }).click();
          await pick(other.page, "rec-estado", "No Recibida");
          await other.page.getByRole("dialog", { name: "Recepción de Garantía" })
            .getByRole("button", { name: "Guardar" }).click();
          await other.page.getByRole("dialog", { name: "Recepción Guardada" }).waitFor();
          assert.deepEqual(other.errors, []);
        } finally {
          await other.close();
        }
        // The first tab's save is refused, naming who and when; what was chosen stays; saving again wins.
        await save.click();
        await dialog.getByRole("alert").filter({
          hasText:
            /^Error: Eduardo Palacios Tello modificó este registro el \d{2}\/\d{2}\/\d{4} a las \d{2}:\d{2}, después de que usted lo abrió\. Sus cambios no se guardaron y siguen en el formulario/,
        }).waitFor();
        await dialog.locator(".p-dropdown-label", { hasText: "Recibida Conforme" }).waitFor();
        await screenshot(page, "60-reception-stale");
        await save.click();
        const done = page.getByRole("dialog", { name: "Recepción Guardada" });
        await done.getByText(
          `La Recepción de la Carta Fianza ${nro} ha sido guardada exitosamente con el estado de "Recibida Conforme".`,
        ).waitFor();
        await screenshot(page, "60-reception-saved");
        await done.getByRole("button", { name: "Aceptar" }).click();
        await pending.getByRole("button", { name: `Recepcionar ${nro}` }).waitFor({ state: "detached" });
        const history = page.getByRole("region", { name: "Historial de Recepciones" });
        const row = history.locator("tbody tr", { hasText: nro }).first();
        await row.getByText("Recibida Conforme").waitFor();
        assert.match(await row.innerText(), /tesoreria@demo\.pe/);
      });

      await step(t, "the letter is stored in the vault, then its history shows the place", async () => {
        await menu(page, "Garantías", "Bóveda de Garantías");
        await page.locator(".page-title", { hasText: "Bóveda de Garantías" }).waitFor();
        await page.getByLabel("Buscar en Bóveda de Garantías").fill(nro);
        await page.getByRole("button", { name: `Guardar en bóveda ${nro}` }).click();
        const dialog = page.getByRole("dialog", { name: "Bóveda de Garantías" });
        const save = dialog.getByRole("button", { name: "Guardar" });
        assert.deepEqual(await seriousViolations(page), []);
        await dialog.getByLabel("File").fill("F-2026-07");
        await dialog.getByLabel("Letra y Número").fill("C-14");
        await pick(page, "vault-estado", "En Bóveda");
        // All four are required to enable Guardar.
        assert.equal(await save.isDisabled(), true);
        await pick(page, "vault-autorizacion", "Jefatura de Tesorería");
        await save.click();
        const done = page.getByRole("dialog", { name: "Garantía Guardada" });
        await done.getByText(`Se ha guardado en la bóveda la Carta Fianza ${nro}`).waitFor();
        await done.getByRole("button", { name: "Aceptar" }).click();
        const row = page.locator("tbody tr", { hasText: nro }).first();
        await row.getByText("F-2026-07").waitFor();
        contract = (await row.locator("td").nth(1).innerText()).trim();
        await row.getByRole("button", { name: `Historial de ubicaciones ${nro}` }).click();
        const history = page.getByRole("dialog", { name: /^Historial de Ubicaciones/ });
        const entry = history.locator("tbody tr");
        await entry.first().waitFor();
        assert.equal(await entry.count(), 1);
        const text = await entry.first().innerText();
        for (const s of ["F-2026-07", "C-14", "En Bóveda", "Jefatura de Tesorería", "tesoreria@demo.pe"]) {
          assert.ok(text.includes(s), s);
        }
        await screenshot(page, "61-vault-history");
      });
      await step(
        t,
        "the guarantee dashboard: expiry, reception progress, a client's guarantees",
        async () => {
          const historyDialog = page.getByRole("dialog", { name: /^Historial de Ubicaciones/ });
          await historyDialog.getByRole("button", { name: "Cerrar" }).last().click();
          await historyDialog.waitFor({ state: "detached" });
          await menu(page, "Garantías", "Dashboard de Garantías");
          await page.getByRole("tab", { name: "Garantía Por Vencimiento" }).or(
            page.getByText("Garantía Por Vencimiento"),
          ).first().waitFor();
          const donut = page.getByRole("img", { name: /^Cartas fianza Vencidas: \d+, Por Vencer: \d+$/ });
          await donut.waitFor();
          await page.locator("figure.chart").first().waitFor();
          await page.getByRole("img", { name: /^Garantías aprobadas Recibidas: \d+, No Recibidas: \d+$/ })
            .waitFor();
          // Cliente Con Garantía: an unknown RUC, then the stored letter's contract by its number.
          await page.getByLabel("RUC").fill("20999999999");
          await page.getByRole("button", { name: "Buscar" }).click();
          await page.getByRole("alert").getByText("El RUC no existe.").waitFor();
          await page.getByLabel("RUC").fill("");
          await page.getByLabel("Nro de Contrato").fill(contract.replace(/\D/g, ""));
          await page.getByRole("button", { name: "Buscar" }).click();
          await page.getByRole("img", { name: /^Garantías del cliente Activas: \d+, Inactivas: \d+$/ })
            .waitFor();
          const byContract = page.getByRole("figure", { name: "Importe por contrato" });
          await byContract.getByText(contract).first().waitFor();
          await byContract.locator("svg rect.visx-bar").first().waitFor();
          assert.deepEqual(await seriousViolations(page), []);
          await screenshot(page, "62-guarantee-dashboard");
        },
      );
      assert.deepEqual(te.errors, []);
    } finally {
      await te.close();
      await browser.close();
      await server.stop();
    }
  },
});
