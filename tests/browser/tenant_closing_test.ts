import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import * as XLSX from "xlsx";
import { limaDate } from "../../services/clock.ts";
import { addDays, dmy } from "../../services/days.ts";
import { launchBrowser, openPage, OUTPUT_DIR, screenshot, signIn } from "../helpers/browser.ts";
import { startServer } from "../helpers/server.ts";

const DONE_TODAY = "Ya se realizó el registro del cierre de ventas del día de hoy.";

/** The cell texts of every row the table shows, page after page. */
async function allRows(page: Page, region: string): Promise<string[][]> {
  const table = page.getByRole("region", { name: region });
  const rows: string[][] = [];
  while (true) {
    const cells = await table.locator("tbody tr").evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent?.trim() ?? ""))
    );
    rows.push(...cells);
    const next = table.locator(".p-paginator-next");
    if ((await next.count()) === 0 || (await next.isDisabled())) return rows;
    const first = cells[0]?.join("|");
    await next.click();
    await page.waitForFunction(
      ([name, prev]) =>
        [...document.querySelectorAll(`section[aria-label="${name}"] tbody tr:first-child td`)].map((td) =>
          td.textContent?.trim()
        ).join("|") !== prev,
      [region, first],
    );
  }
}

/** Fills every supply point card of the register form with the same sale and transactions. */
async function fillCards(page: Page, venta: string, transacciones: string) {
  const cards = page.locator(".supply-card");
  const n = await cards.count();
  assert.ok(n >= 1);
  for (let i = 0; i < n; i++) {
    await page.locator(`#venta-${i}`).fill(venta);
    await page.locator(`#transacciones-${i}`).fill(transacciones);
  }
  return n;
}

Deno.test({
  name: "browser: a tenant registers, finds, corrects and exports its closings",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer();
    const browser = await launchBrowser();
    const { page, errors, close } = await openPage(browser, server.url);
    const today = limaDate(new Date());
    const yesterday = addDays(today, -1);
    try {
      await signIn(page, "tenant@demo.pe", undefined, "/locatario/dashboard");

      await t.step("register yesterday's and today's closings, then 'Ya se realizó…'", async () => {
        await page.goto("/cierreVentas/registrarCierre");
        assert.equal(await page.locator(".page-title").innerText(), "Registrar Cierre de Ventas");
        assert.equal(await page.getByTestId("fecha-por-registrar").innerText(), dmy(yesterday));
        await page.getByText("Las ventas se registran sin IGV.").waitFor();
        await page.getByText(/cláusula séptima/).waitFor();
        // The rules of the inputs, before anything reaches the server.
        await page.locator("#venta-0").fill("12.345");
        await page.locator("#transacciones-0").fill("-2");
        await page.getByRole("button", { name: "Registrar" }).click();
        await page.getByText("La venta admite como máximo 2 decimales.").waitFor();
        await page.getByText("El número de transacciones no puede ser negativo.").first().waitFor();
        await screenshot(page, "30-register-closing-errors");
        const cards = await fillCards(page, "1,520.40", "35");
        await screenshot(page, "31-register-closing");
        await page.getByRole("button", { name: "Registrar" }).click();
        const saved = page.getByRole("dialog", { name: "Guardado Exitoso" });
        await saved.waitFor();
        assert.match(await saved.innerText(), new RegExp(`cierre de ventas del ${dmy(yesterday)}`));
        // The register button is gone while the dialog is up.
        assert.equal(await page.getByRole("button", { name: "Registrar" }).count(), 0);
        await screenshot(page, "32-register-saved");
        await saved.getByRole("button", { name: "Aceptar" }).click();
        await page.getByTestId("fecha-por-registrar").filter({ hasText: dmy(today) }).waitFor();
        assert.equal(cards, await page.locator(".supply-card").count());
        await fillCards(page, "980.00", "21");
        await page.getByRole("button", { name: "Registrar" }).click();
        await page.getByRole("dialog", { name: "Guardado Exitoso" }).getByRole("button", { name: "Aceptar" })
          .click();
        await page.getByText(DONE_TODAY).waitFor();
        assert.equal(await page.locator(".supply-card").count(), 0);
        await screenshot(page, "33-register-done");
      });

      await t.step("the closing history lists them; an edit keeps its before and after", async () => {
        await page.goto(`/cierreVentas/consultarCierre?desde=${addDays(today, -6)}&hasta=${today}`);
        assert.equal(await page.locator(".page-title").innerText(), "Consultar Cierre de Ventas");
        assert.equal(await page.locator("#fecha-inicial").inputValue(), dmy(addDays(today, -6)));
        assert.equal(await page.locator("#fecha-final").inputValue(), dmy(today));
        const grid = page.getByRole("region", { name: "Cierres de Venta" });
        // Rows of a sale date (the first cell; the registration time may show the same day).
        const ofDay = (day: string) =>
          grid.locator("tbody tr").filter({ has: page.locator("td:first-child", { hasText: dmy(day) }) });
        const todayRows = ofDay(today);
        await todayRows.first().waitFor();
        assert.match(await todayRows.first().innerText(), /S\/ 980\.00\s+21/);
        assert.match(
          await ofDay(yesterday).first().innerText(),
          /S\/ 1,520\.40\s+35/,
        );
        // Page size 8 and row height 40.
        assert.equal(await grid.locator("tbody tr").count(), 8);
        const height = await grid.locator("tbody tr td").first().evaluate((td) =>
          td.getBoundingClientRect().height
        );
        assert.ok(Math.abs(height - 40) <= 1, `row height ${height}`);
        await screenshot(page, "34-closing-history");

        const row = todayRows.first();
        const supply = (await row.locator("td").nth(1).innerText()).trim();
        await row.getByRole("button", { name: /Editar el cierre/ }).click();
        const dialog = page.getByRole("dialog", { name: "Actualizar Cierre de Venta" });
        await dialog.waitFor();
        await dialog.getByText("Sin cambios registrados.").waitFor();
        await dialog.getByLabel("Ventas sin IGV (S/)").fill("-1");
        await dialog.getByRole("button", { name: "Guardar" }).click();
        await dialog.getByText("La venta no puede ser negativa.").waitFor();
        await dialog.getByLabel("Ventas sin IGV (S/)").fill("1045.90");
        await dialog.getByLabel("Número de transacciones").fill("24");
        await screenshot(page, "35-closing-edit");
        await dialog.getByRole("button", { name: "Guardar" }).click();
        const saved = page.getByRole("dialog", { name: "Guardado Exitoso" });
        await saved.waitFor();
        await saved.getByRole("button", { name: "Aceptar" }).click();
        const edited = ofDay(today).filter({ hasText: supply });
        await edited.filter({ hasText: "S/ 1,045.90" }).waitFor();
        await edited.getByRole("button", { name: /Editar el cierre/ }).click();
        const again = page.getByRole("dialog", { name: "Actualizar Cierre de Venta" });
        const entry = again.locator(".history-list li").first();
        await entry.waitFor();
        const text = await entry.innerText();
        assert.match(text, /Lucía Fernández Huamán/);
        assert.match(text, /Ventas S\/ 980\.00 → S\/ 1,045\.90/);
        assert.match(text, /Transacciones 21 → 24/);
        await screenshot(page, "36-closing-history-entry");
        await again.getByRole("button", { name: "Cancelar" }).click();
      });

      await t.step("the Excel export of the grid holds exactly its rows", async () => {
        const shown = await allRows(page, "Cierres de Venta");
        assert.ok(shown.length > 8, `more than a page (${shown.length})`);
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          page.getByRole("region", { name: "Cierres de Venta" }).getByRole("button", { name: "Descargar" })
            .click(),
        ]);
        assert.equal(download.suggestedFilename(), "Cierres de Venta.xlsx");
        const file = new URL("Cierres de Venta.xlsx", OUTPUT_DIR).pathname;
        await download.saveAs(file);
        const wb = XLSX.read(await Deno.readFile(file));
        assert.deepEqual(wb.SheetNames, ["data"]);
        const sheet: string[][] = XLSX.utils.sheet_to_json(wb.Sheets.data, {
          header: 1,
          raw: false,
          defval: "",
        });
        const header = sheet[0];
        assert.deepEqual(header, [
          "Fecha Venta",
          "Suministro",
          "Descripción",
          "Nombre Completo",
          "Registro",
          "Ventas (S/)",
          "Transacciones",
          "Modificación",
        ]);
        assert.equal(sheet.length - 1, shown.length);
        const raw: unknown[][] = XLSX.utils.sheet_to_json(wb.Sheets.data, {
          header: 1,
          raw: true,
          defval: "",
        });
        shown.forEach((cells, i) => {
          const x = raw[i + 1];
          assert.equal(x[0], cells[0], `row ${i} date`);
          assert.equal(x[1], cells[1]);
          assert.equal(x[3], cells[3]);
          // Money and counts are numbers in the file, shown formatted on screen.
          assert.equal(`S/ ${Number(x[5]).toLocaleString("en-US", { minimumFractionDigits: 2 })}`, cells[5]);
          assert.equal(Number(x[6]).toLocaleString("en-US"), cells[6]);
        });
      });
      assert.deepEqual(errors, []);
    } finally {
      await close();
      await browser.close();
      await server.stop();
    }
  },
});
