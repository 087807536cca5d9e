import assert from "node:assert/strict";
import { limaDate } from "../../services/clock.ts";
import { launchBrowser, openPage, screenshot, signIn } from "../helpers/browser.ts";
import {
  eventually,
  monthOf,
  parseFigure,
  pickOption,
  shift,
  tableCells,
  yearOf,
} from "../helpers/reports.ts";
import { startServer } from "../helpers/server.ts";

const TITLE = "Ventas Mensual por Mall";
const MONTHS = [
  "Enero",
  "Febrero",
  "Marzo",
  "Abril",
  "Mayo",
  "Junio",
  "Julio",
  "Agosto",
  "Setiembre",
  "Octubre",
  "Noviembre",
  "Diciembre",
];

Deno.test({
  name: "browser: finance saves an inflation factor and Ventas Mensual with 'Inflación' on follows it",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const yesterday = shift(limaDate(new Date()), -1);
    const [y2, m] = [yearOf(yesterday), monthOf(yesterday)];
    const server = await startServer();
    const browser = await launchBrowser();
    const { page, close } = await openPage(browser, server.url);
    // The comparison column (last year's month, raised by every factor after it up to this month).
    const comparison = async () => {
      let value = 0;
      await eventually(page, async () => {
        const { total } = await tableCells(page, TITLE);
        const v = total.length > 2 ? parseFigure(total[2]) : null;
        if (v == null || v <= 0) return ["no comparison total yet"];
        value = v;
        return [];
      });
      return value;
    };
    try {
      await signIn(page, "finanzas@demo.pe");
      let before = 0, factor = 0;
      await t.step("Ventas Mensual with 'Inflación' on", async () => {
        await page.goto("/indicadoresVentaMensual?inflacion=true");
        assert.equal(await page.locator("#inflacion").isChecked(), true);
        before = await comparison();
      });

      await t.step("'Inflación': this month's factor is raised and saved", async () => {
        await page.goto("/Inflacion/Index");
        await pickOption(page, "inflacion-anio", String(y2));
        const input = page.getByLabel(MONTHS[m - 1], { exact: true });
        await input.waitFor();
        factor = Number(await input.inputValue());
        // The decimal comma is kept (issue 38: it used to be dropped, '0,22' becoming 022).
        await input.fill("1,5");
        assert.equal(await input.inputValue(), "1,5", "the decimal comma is kept as typed");
        await input.fill("25");
        await page.getByRole("button", { name: "Guardar" }).click();
        await page.getByRole("dialog", { name: "Guardado Exitoso" }).waitFor();
        await screenshot(page, "72-inflation-saved");
        await page.getByRole("button", { name: "Aceptar" }).click();
        assert.equal(await input.inputValue(), "25");
      });

      await t.step("the report's comparison follows the new factor", async () => {
        await page.goto("/indicadoresVentaMensual?inflacion=true");
        const after = await comparison();
        const want = before * (1 + 25 / 100) / (1 + factor / 100);
        assert.ok(
          Math.abs(after - want) <= Math.max(0.05, want * 1e-6),
          `comparison ${after}, expected ${want}`,
        );
      });
    } finally {
      await close();
      await browser.close();
      await server.stop();
    }
  },
});
