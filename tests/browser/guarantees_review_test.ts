import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import {
  acknowledge,
  dialogText,
  launchBrowser,
  openPage,
  screenshot,
  seriousViolations,
  signIn,
  submitLogin,
} from "../helpers/browser.ts";
import { startServer } from "../helpers/server.ts";

const light = (page: Page, kind: string) => page.locator(`.guarantee-head [data-light="${kind}"]`).first();

/** Signs in a reviewer, whose landing screen (the staff dashboard) is not one of its screens. */
async function signInReviewer(page: Page, email: string) {
  await submitLogin(page, email, "Demo-2026");
  await page.waitForURL((u) => !u.pathname.startsWith("/auth"));
}

async function confirmYes(page: Page, text: string) {
  const confirm = page.locator(".p-confirm-dialog", { hasText: text });
  await confirm.waitFor();
  await confirm.getByRole("button", { name: "Sí" }).click();
}

Deno.test({
  name: "browser: a tenant sends a guarantee to review; collections approves, treasury rejects",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer();
    const browser = await launchBrowser();
    const tenant = await openPage(browser, server.url);
    const cobranza = await openPage(browser, server.url);
    const tesoreria = await openPage(browser, server.url);
    const admin = await openPage(browser, server.url);
    let id = "";
    let number = "";
    try {
      await t.step("the tenant updates its letter and sends it to review", async () => {
        const page = tenant.page;
        await signIn(page, "tenant@demo.pe");
        await page.goto("/garantias");
        const row = page.locator("tbody tr", { hasText: "Ingresado" }).first();
        await row.waitFor();
        number = /D193-\d+/.exec(await row.innerText())![0];
        await screenshot(page, "40-tenant-guarantees");
        assert.deepEqual(await seriousViolations(page), []);
        await row.getByRole("link", { name: `Revisar información de la garantía ${number}` }).click();
        await page.waitForURL(/\/actualizar_garantia\/\d+$/);
        id = page.url().split("/").pop()!;
        await page.locator(".page-title", { hasText: "Actualizar Garantía" }).waitFor();
        await page.getByLabel("Importe (S/)").waitFor();
        assert.deepEqual(await seriousViolations(page), []);
        await page.getByLabel("Importe (S/)").fill("100,000.00");
        await page.getByRole("button", { name: "Guardar" }).click();
        const saved = page.getByRole("dialog", { name: "Guardado y validado" });
        await saved.waitFor();
        await screenshot(page, "41-tenant-saved");
        await saved.getByRole("button", { name: "Aceptar" }).click();
        await page.getByRole("button", { name: "Enviar a Revisión" }).click();
        await confirmYes(page, "¿Está seguro de enviar la garantía a revisión?");
        assert.match(await dialogText(page, "Información"), /La solicitud fue enviada exitosamente\./);
        await acknowledge(page);
        await page.locator('.state-badge[data-state="ENV"]').waitFor();
        assert.equal(await light(page, "LO").getAttribute("data-color"), "verde");
        assert.equal(await light(page, "CO").getAttribute("data-color"), "gris");
        assert.equal(await page.getByRole("button", { name: "Guardar" }).isDisabled(), true);
      });

      await t.step("a non-reviewer gets the 5-second toast", async () => {
        const page = admin.page;
        await signIn(page, "admin@demo.pe");
        await page.goto(`/garantias_revision/${id}`);
        await page.getByRole("button", { name: "Aprobar / Rechazar" }).click();
        await page.locator(".p-toast").getByText(
          'Solo los usuarios con rol de "Revisor de Cobranza" o "Revisor de Tesorería" pueden aprobar o rechazar la Garantía.',
        ).waitFor();
        assert.equal(await page.getByRole("dialog", { name: "Revisión de Cobranza" }).count(), 0);
      });

      await t.step("collections approves it with its dialog", async () => {
        const page = cobranza.page;
        await signInReviewer(page, "cobranza@demo.pe");
        await page.goto("/garantias/listado_garantias_revision");
        await page.getByLabel("Buscar en Revisión de Garantías").fill(number);
        await page.getByRole("button", { name: "Actualizar" }).click();
        await page.locator(".p-toast").getByText("Registros actualizado satisfactoriamente!").waitFor();
        await screenshot(page, "42-review-list");
        await page.getByRole("link", { name: `Revisar Garantía ${number}` }).click();
        await page.locator(".page-title", { hasText: "Aprobación de Garantía" }).waitFor();
        await page.getByRole("button", { name: "Aprobar / Rechazar" }).click();
        const dialog = page.getByRole("dialog", { name: "Revisión de Cobranza" });
        await dialog.waitFor();
        await dialog.getByText(
          "Marque al menos una de las opciones presentadas para poder guardar la revisión.",
        )
          .waitFor();
        assert.equal(await dialog.getByRole("button", { name: "Guardar" }).isDisabled(), true);
        assert.deepEqual(await dialog.locator(".review-option label").allInnerTexts(), [
          "Toda la informacion es correcta",
          "Error en el importe final",
        ]);
        await dialog.getByText("Error en el importe final").click();
        await dialog.getByText("Toda la informacion es correcta").click();
        assert.equal(await dialog.locator("#opt-CO_IMPORTE_FINAL").isChecked(), false);
        await screenshot(page, "43-collections-dialog");
        assert.deepEqual(await seriousViolations(page), []);
        await dialog.getByRole("button", { name: "Guardar" }).click();
        await confirmYes(page, "Seguro que desea confirmar la revision de la Garantía?");
        assert.match(await dialogText(page, "Información"), /Los cambios fueron guardados con exito\./);
        await acknowledge(page);
        await page.locator('.guarantee-head [data-light="CO"][data-color="verde"]').waitFor();
        assert.equal(await page.getByRole("button", { name: "Validar con banco" }).isEnabled(), true);
      });

      await t.step("'Reportes' lists the four Excel reports and downloads one", async () => {
        const page = cobranza.page;
        await page.goto("/garantias/listado_garantias_revision");
        await page.getByText("Reportes", { exact: true }).click();
        const links = page.locator(".guarantee-reports a");
        assert.deepEqual(await links.allInnerTexts(), [
          "Datos Retorno/Entrega",
          "Status Renovación Carta Fianza",
          "Vencimiento Carta Fianza",
          "Cambio Tipo Garantía",
        ]);
        assert.deepEqual(await seriousViolations(page), []);
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          page.getByRole("link", { name: "Vencimiento Carta Fianza" }).click(),
        ]);
        assert.match(download.suggestedFilename(), /^Vencimiento Carta Fianza .*\.xlsx$/);
      });

      await t.step("treasury rejects it with an error option", async () => {
        const page = tesoreria.page;
        await signInReviewer(page, "tesoreria@demo.pe");
        await page.goto("/garantias/listado_garantias_rev_2");
        await page.getByLabel("Filtrar Nro. Carta / Operación").fill(number);
        await page.getByRole("link", { name: `Revisar Garantía ${number}` }).click();
        await page.getByRole("button", { name: "Aprobar / Rechazar" }).click();
        const dialog = page.getByRole("dialog", { name: "Revisión de Tesorería" });
        await dialog.waitFor();
        assert.equal(await dialog.locator(".review-option").count(), 8);
        await dialog.getByText("Toda la informacion es correcta").click();
        await dialog.getByText("Error en el importe", { exact: true }).click();
        assert.equal(await dialog.locator("#opt-ok").isChecked(), false);
        await screenshot(page, "44-treasury-dialog");
        await dialog.getByRole("button", { name: "Guardar" }).click();
        await confirmYes(page, "Seguro que desea confirmar la revision de la Garantía?");
        assert.match(await dialogText(page, "Información"), /Los cambios fueron guardados con exito\./);
        await acknowledge(page);
        await page.locator('.state-badge[data-state="REC"]').waitFor();
        assert.equal(await page.getByRole("button", { name: "Aprobar / Rechazar" }).isDisabled(), true);
      });

      await t.step("the tenant sees the lights change and the history", async () => {
        const page = tenant.page;
        await page.goto(`/garantias_view_locatario/${id}`);
        await page.locator('.state-badge[data-state="REC"]').waitFor();
        assert.equal(await light(page, "LO").getAttribute("data-color"), "verde");
        assert.equal(await light(page, "CO").getAttribute("data-color"), "verde");
        assert.equal(await light(page, "TE").getAttribute("data-color"), "rojo");
        assert.match(await light(page, "TE").innerText(), /Error en el importe/);
        const history = page.locator('section.dt[aria-label="Historial de Revisiones"]');
        assert.equal(await history.locator("tbody tr").count(), 3);
        assert.match(
          await history.innerText(),
          /tesoreria@demo\.pe[\s\S]*cobranza@demo\.pe[\s\S]*tenant@demo\.pe/,
        );
        await screenshot(page, "45-tenant-lights");
        assert.deepEqual(await seriousViolations(page), []);
        // Rejected: the tenant may update it again.
        await page.getByRole("link", { name: "Revisar información" }).click();
        await page.waitForURL(/\/actualizar_garantia\//);
        assert.equal(await page.getByRole("button", { name: "Enviar a Revisión" }).isEnabled(), true);
      });
      await t.step("the state editor moves it back En Revisión (update_estado)", async () => {
        const page = admin.page;
        await page.goto(`/garantias_view/${id}`);
        const panel = page.getByRole("region", { name: "Actualizar Estado" });
        await panel.getByText("Estado actual: Rechazado").waitFor();
        await page.locator(".p-dropdown", { has: page.locator("#estado-nuevo") }).click();
        assert.deepEqual(await page.getByRole("option").allInnerTexts(), ["En Revisión"]);
        await page.getByRole("option", { name: "En Revisión", exact: true }).click();
        await panel.getByRole("button", { name: "Actualizar Estado" }).click();
        await panel.getByRole("status").getByText("Se actualizó el estado de la garantía.").waitFor();
        await panel.getByText("Estado actual: En Revisión").waitFor();
        assert.deepEqual(await seriousViolations(page), []);
      });
      for (const p of [tenant, cobranza, tesoreria, admin]) assert.deepEqual(p.errors, []);
    } finally {
      for (const p of [tenant, cobranza, tesoreria, admin]) await p.close();
      await browser.close();
      await server.stop();
    }
  },
});
