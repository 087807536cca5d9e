// Staff management in the browser (issue 14): staff correct a tenant's closing from 'Locatarios' and the
// figures follow; 'Gestionar' adds a person who gets the activation mail in 'Buzón de correo', activates the
// account and signs in. One server, one staff page moving by the menu; the new person uses a second page.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { Buffer } from "node:buffer";
import * as XLSX from "xlsx";
import { ALL_IN_HEADER } from "../../contract/staff_admin.ts";
import { allInSampleBytes, SAMPLE_CONTRACTS } from "../../fixtures/all_in_sample.ts";
import {
  acknowledge,
  dialogText,
  launchBrowser,
  linkFromMailbox,
  openPage,
  pathOf,
  screenshot,
  signIn,
  step,
} from "../helpers/browser.ts";
import { startServer } from "../helpers/server.ts";
import { contractOf } from "../helpers/tenant.ts";
import { freshDb } from "../helpers/db.ts";

const NEW_EMAIL = "rosa.garantias@correo.pe";
const NEW_PASSWORD = "Rosa-Clave-2026";

async function menu(page: Page, section: string, entry: string) {
  const nav = page.getByRole("navigation", { name: "Menú principal" });
  const button = nav.getByRole("button", { name: section, exact: true });
  if ((await button.getAttribute("aria-expanded")) === "false") await button.click();
  await nav.getByRole("link", { name: entry, exact: true }).click();
}

const money = (text: string) => Number(text.replace(/[^0-9.]/g, ""));

Deno.test({
  name:
    "browser: staff correct a closing from 'Locatarios' and add a tenant person who activates and signs in",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const reference = await freshDb("pglite");
    const a = await contractOf(reference, "tenant@demo.pe");
    await reference.close();
    const server = await startServer();
    const browser = await launchBrowser();
    const staff = await openPage(browser, server.url);
    const { page } = staff;
    try {
      await signIn(page, "admin@demo.pe");

      await step(
        t,
        "the bell's contract notification opens 'Locatarios' on the contract and its mall",
        async () => {
          await page.getByRole("button", { name: /^Notificaciones/ }).click();
          const item = page.locator(".notification-item", { hasText: a.code }).first();
          await item.click();
          await page.waitForURL((u) =>
            u.pathname === "/Locatario/Index" && u.searchParams.get("contrato") === a.code
          );
          assert.equal(new URL(page.url()).searchParams.get("mall"), "3");
          await page.locator("tbody tr", { hasText: a.code }).waitFor();
          assert.equal(await page.locator("tbody tr").count(), 1);
        },
      );

      await step(t, "'Cierre': a corrected closing changes the total and keeps its history", async () => {
        await menu(page, "Locatarios", "Locatarios");
        await page.waitForURL((u) => u.pathname === "/Locatario/Index" && !u.searchParams.get("contrato"));
        await page.getByLabel("Buscar en Locatarios").fill(a.code);
        await page.getByRole("button", { name: `Cierre de ${a.code}` }).click();
        await page.getByRole("button", { name: "Volver a Lista de Locatarios" }).waitFor();
        const rows = page.locator("tbody tr", {
          has: page.getByRole("button", { name: /Editar el cierre/ }),
        });
        await rows.first().waitFor();
        const total = page.getByTestId("total-ventas");
        const before = money(await total.innerText());
        const sale = money(await rows.first().locator("td").nth(4).innerText());
        await rows.first().getByRole("button", { name: /Editar el cierre/ }).click();
        const dialog = page.getByRole("dialog", { name: "Actualizar Cierre de Venta" });
        await dialog.waitFor();
        await dialog.getByLabel("Ventas sin IGV (S/)").fill((sale + 100).toFixed(2));
        await dialog.getByRole("button", { name: "Guardar" }).click();
        const saved = page.getByRole("dialog", { name: "Guardado Exitoso" });
        await saved.waitFor();
        await saved.getByRole("button", { name: "Aceptar" }).click();
        await page.waitForFunction(
          ([sel, want]) => {
            const el = document.querySelector(sel as string);
            return !!el &&
              Math.abs(Number(el.textContent!.replace(/[^0-9.]/g, "")) - (want as number)) < 0.001;
          },
          ['[data-testid="total-ventas"]', Math.round((before + 100) * 100) / 100],
        );
        assert.equal(
          money(await rows.first().locator("td").nth(4).innerText()),
          Math.round((sale + 100) * 100) / 100,
        );
        // The tenant's edit dialog shows the staff change in the closing's history.
        await rows.first().getByRole("button", { name: /Editar el cierre/ }).click();
        await dialog.locator(".history-list li").first().waitFor();
        await screenshot(page, "80-staff-closing-edit");
        await dialog.getByRole("button", { name: "Cancelar" }).click();
        await page.getByRole("button", { name: "Volver a Lista de Locatarios" }).click();
        await page.getByRole("button", { name: `Gestionar ${a.code}` }).waitFor();
        assert.doesNotMatch(page.url(), /cierre=/);
      });

      await step(
        t,
        "'Gestionar': a new person gets the activation mail, activates and signs in",
        async () => {
          await page.getByRole("button", { name: `Gestionar ${a.code}` }).click();
          const dialog = page.getByRole("dialog", { name: `Gestionar Locatario ${a.code}` });
          await dialog.locator("#operador-nombre").waitFor();
          const operador = await dialog.locator("#operador-nombre").inputValue();
          await dialog.locator("#operador-nombre").fill("");
          await dialog.getByRole("button", { name: "Guardar" }).click();
          await dialog.getByText("El campo es obligatorio").first().waitFor();
          await dialog.locator("#operador-nombre").fill(operador);
          await dialog.locator("#financiero2-nombre").fill("Rosa Garantías Nueva");
          await dialog.locator("#financiero2-correo").fill(NEW_EMAIL);
          assert.equal(await dialog.locator('input[type="password"]').count(), 0, "no password field");
          await screenshot(page, "81-manage-tenant");
          await dialog.getByRole("button", { name: "Guardar" }).click();
          const saved = page.getByRole("dialog", { name: "Guardado Exitoso" });
          await saved.waitFor();
          await saved.getByRole("button", { name: "Aceptar" }).click();

          await menu(page, "Administración", "Buzón de correo");
          const href = await linkFromMailbox(page, NEW_EMAIL, "Activación de su cuenta");
          assert.match(href, /\/auth\/activateAccount\?a=[A-Za-z0-9]{15}$/);
          const person = await openPage(browser, server.url);
          try {
            await person.page.goto(pathOf(href));
            await person.page.getByLabel("Nueva contraseña").fill(NEW_PASSWORD);
            await person.page.getByLabel("Confirmar contraseña").fill(NEW_PASSWORD);
            await person.page.getByRole("button", { name: "Activar cuenta" }).click();
            await person.page.getByRole("button", { name: "De acuerdo" }).click();
            await signIn(person.page, NEW_EMAIL, NEW_PASSWORD);
            assert.match(await person.page.locator(".user-button").innerText(), /Rosa Garantías Nueva/);
            assert.deepEqual(person.errors, []);
          } finally {
            await person.close();
          }
        },
      );
      await step(t, "All-In: the sample file loads; a file with one bad row is refused whole", async () => {
        await menu(page, "Administración", "Configuración global");
        const file = page.getByLabel("Archivo", { exact: true });
        await file.setInputFiles({
          name: "all_in_sample.xlsx",
          mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          buffer: Buffer.from(allInSampleBytes()),
        });
        await page.getByRole("button", { name: "Cargar" }).click();
        assert.match(
          await dialogText(page, "Información"),
          /Carga Exitosa: El archivo all_in_sample\.xlsx ha sido cargado con éxito\./,
        );
        await acknowledge(page);
        const wb = XLSX.utils.book_new();
        XLSX.utils.book_append_sheet(
          wb,
          XLSX.utils.aoa_to_sheet([
            [...ALL_IN_HEADER],
            [SAMPLE_CONTRACTS[0], 1, 1, 1, 1, 1, 1, 1, 1, 1],
            [SAMPLE_CONTRACTS[1], "x", 1, 1, 1, 1, 1, 1, 1, 1],
          ]),
          "AllIn",
        );
        await file.setInputFiles({
          name: "mala.xlsx",
          mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          buffer: Buffer.from(XLSX.write(wb, { type: "array", bookType: "xlsx" })),
        });
        await page.getByRole("button", { name: "Cargar" }).click();
        const alert = await dialogText(page, "Alerta de Seguridad");
        assert.match(alert, /Error: No se pudo cargar el archivo/);
        assert.match(alert, /Fila 3: ventasValor no es un número válido/);
        await screenshot(page, "82-all-in-refused");
        await acknowledge(page);
      });
      assert.deepEqual(staff.errors, []);
    } finally {
      await staff.close();
      await browser.close();
      await server.stop();
    }
  },
});
