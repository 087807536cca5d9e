import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { launchBrowser, openPage, screenshot, signIn, submitLogin } from "../helpers/browser.ts";
import { startServer } from "../helpers/server.ts";

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const utf16 = (s: string) => [...s].flatMap((ch) => [ch.charCodeAt(0), 0]);
/** A file whose bytes are an Outlook message's (compound file with a __substg1.0_ stream name). */
const MSG = Buffer.from([
  ...OLE2,
  ...Array(504).fill(0x20),
  ...utf16("__substg1.0_0037001F"),
  ...Array(64).fill(0),
]);

async function signInStaff(page: Page, email: string) {
  await submitLogin(page, email, "Demo-2026");
  await page.waitForURL((u) => !u.pathname.startsWith("/auth"));
}

async function pick(page: Page, inputId: string, option: string) {
  await page.locator(".p-dropdown", { has: page.locator(`#${inputId}`) }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

Deno.test({
  name: "browser: an exception is registered, reviewed and shown; a letter is renewed",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer();
    const browser = await launchBrowser();
    const tenant = await openPage(browser, server.url);
    const admin = await openPage(browser, server.url);
    const cobranza = await openPage(browser, server.url);
    let id = "";
    try {
      await t.step("the tenant's pending letter is found", async () => {
        const page = tenant.page;
        await signIn(page, "tenant@demo.pe");
        await page.goto("/garantias");
        const row = page.locator("tbody tr", { hasText: "Pendiente" }).first();
        await row.waitFor();
        const href = await row.getByRole("link", { name: /Ver detalle/ }).getAttribute("href");
        id = href!.split("/").pop()!;
      });

      await t.step("the registrar sees the observations, then registers the exception", async () => {
        const page = admin.page;
        await signIn(page, "admin@demo.pe");
        await page.goto("/garantias/listado_garantias_excepcion");
        await page.getByLabel("Buscar en Excepción de Garantía").fill("Pendiente");
        await page.getByRole("link", { name: `Registrar excepción ${id}` }).click();
        await page.locator(".page-title", { hasText: "Registro de Excepción" }).waitFor();
        await page.getByRole("button", { name: "Registrar Excepción" }).click();
        const observations = page.locator(".observations");
        await observations.getByText("Se encontraron las siguientes observaciones al registrar la Excepción")
          .waitFor();
        const text = await observations.innerText();
        for (
          const m of [
            "Debe ingresar un Tipo de Excepción",
            "Debe ingresar un Importe",
            "Debe ingresar un Motivo",
            "Debe ingresar una Fecha de Vencimiento",
            "Debe subir un archivo de sustento para la excepción",
          ]
        ) assert.ok(text.includes(m), m);
        await screenshot(page, "50-exception-observations");

        await pick(page, "x-tipo", "Exoneración con Cargo en Factura");
        await page.getByLabel("Nro. Factura").waitFor();
        await pick(page, "x-tipo", "Carta Fianza en Emisión");
        await page.getByLabel("Importe").fill("15,000.00");
        await page.locator("#x-fecha").fill("31/12/2030");
        await page.keyboard.press("Escape");
        await page.getByLabel("Motivo").fill("El banco emite la carta fianza la próxima semana.");
        const file = page.locator('input[type="file"]');
        await file.setInputFiles({
          name: "sustento.pdf",
          mimeType: "application/pdf",
          buffer: Buffer.from("%PDF-1.4"),
        });
        await page.getByText("Tipo de archivo no permitido. Solo se permiten archivos .msg.").waitFor();
        await file.setInputFiles({
          name: "Aprobacion gerencia.msg",
          mimeType: "application/vnd.ms-outlook",
          buffer: MSG,
        });
        await page.getByText("Aprobacion gerencia.msg").waitFor();
        await page.getByRole("button", { name: "Registrar Excepción" }).click();
        await page.getByText("INFORMACIÓN: La Excepción se ha guardado exitosamente.").waitFor();
        await page.getByText("Carta Fianza en Emisión: Ingresado").waitFor();
        await screenshot(page, "51-exception-registered");
      });

      await t.step("collections reviews it", async () => {
        const page = cobranza.page;
        await signInStaff(page, "cobranza@demo.pe");
        await page.goto("/garantias/listado_garantias_excepcion");
        await page.getByRole("link", { name: `Revisar excepción ${id}` }).click();
        await page.locator(".page-title", { hasText: "Revision de Excepción" }).waitFor();
        await page.getByRole("button", { name: "Aprobar / Rechazar" }).click();
        const dialog = page.getByRole("dialog", { name: "Aprobar / Rechazar Excepción" });
        await dialog.waitFor();
        await screenshot(page, "52-exception-review");
        await dialog.getByRole("button", { name: "Guardar" }).click();
        await page.getByText("Guardado Exitoso: Se guardo la Revisión de la excepción.").waitFor();
        await page.getByText("Carta Fianza en Emisión: Aprobado").waitFor();
        assert.equal(await page.getByRole("button", { name: "Aprobar / Rechazar" }).isDisabled(), true);
        await page.goto(`/garantias_view_excepcion/${id}`);
        await page.locator(".page-title", { hasText: "Visualización de Excepción" }).waitFor();
        assert.match(await page.locator(".card").last().innerText(), /Aprobado · cobranza@demo\.pe/);
      });

      await t.step("the tenant sees 'Con Excepción' and only the exception fields are editable", async () => {
        const page = tenant.page;
        await page.goto(`/garantias_view_locatario/${id}`);
        await page.getByText("Con Excepción: Carta Fianza en Emisión").waitFor();
        await page.getByText("Datos de la Excepción").waitFor();
        assert.equal(await page.locator('.guarantee-head [data-light="TE"]').count(), 0);
        await screenshot(page, "53-tenant-exception");
        await page.goto(`/actualizar_garantia/${id}`);
        await page.getByText("solo se pueden modificar los datos de la excepción").waitFor();
        assert.equal(await page.getByLabel("Razón Social").isDisabled(), true);
      });

      await t.step("the tenant renews its approved letter", async () => {
        const page = tenant.page;
        await page.goto("/garantias");
        const renew = page.getByRole("button", { name: /^Renovar carta fianza/ });
        await renew.first().click();
        const dialog = page.getByRole("dialog", { name: "Renovar Carta Fianza" });
        await dialog.getByText("¿Está seguro de generar la renovación").waitFor();
        await dialog.getByRole("button", { name: "Renovar" }).click();
        await dialog.getByText("La renovación fue generada exitosamente.").waitFor();
        await dialog.getByRole("button", { name: "Ingresar la renovación" }).click();
        await page.waitForURL(/\/actualizar_garantia\/\d+$/);
        await page.locator('.state-badge[data-state="NRE"]').waitFor();
        assert.equal(await page.getByRole("button", { name: "Guardar" }).isEnabled(), true);
        await page.goto("/garantias");
        await page.locator("tbody tr", { hasText: "Ingresado Renovación" }).waitFor();
        assert.equal(await page.getByRole("button", { name: /^Renovar carta fianza/ }).count(), 0);
      });
      for (const p of [tenant, admin, cobranza]) assert.deepEqual(p.errors, []);
    } finally {
      for (const p of [tenant, admin, cobranza]) await p.close();
      await browser.close();
      await server.stop();
    }
  },
});
