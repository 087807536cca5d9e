// Safe finance actions and forms (issue 38): the decimal comma in Inflación ('0,22' is 0.22, '1,5abc' is
// refused aloud, a month emptied asks first), two tabs editing one closing (the later save is refused naming
// who changed it, the typed values stay), and 'Bloquear Cierres' asking before it locks every tenant, then
// both lock screens telling the same story.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { limaDate } from "../../services/clock.ts";
import { addDays, dmy } from "../../services/days.ts";
import {
  acknowledge,
  dialogText,
  launchBrowser,
  openPage,
  screenshot,
  signIn,
  step,
} from "../helpers/browser.ts";
import { startServer } from "../helpers/server.ts";

const NOT_A_NUMBER = "Ingresar solo números.";
const ALREADY_LOCKED = "Se ha finalizado el cierre, intente la proxima fecha.";

/** The edit dialog of the first closing of `day` in Consultar Cierre. */
async function openEdit(page: Page, today: string, day: string) {
  await page.goto(`/cierreVentas/consultarCierre?desde=${addDays(today, -6)}&hasta=${today}`);
  const grid = page.getByRole("region", { name: "Cierres de Venta" });
  const row = grid.locator("tbody tr").filter({ has: page.locator("td:first-child", { hasText: dmy(day) }) })
    .first();
  await row.waitFor();
  await row.getByRole("button", { name: /Editar el cierre/ }).click();
  const dialog = page.getByRole("dialog", { name: "Actualizar Cierre de Venta" });
  await dialog.waitFor();
  return dialog;
}

Deno.test({
  name: "browser: decimal comma in Inflación, a stale closing edit refused, 'Bloquear Cierres' asks first",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer();
    const browser = await launchBrowser();
    const today = limaDate(new Date());
    const day = addDays(today, -3);
    const fin = await openPage(browser, server.url);
    try {
      await signIn(fin.page, "finanzas@demo.pe");
      const page = fin.page;

      await step(
        t,
        "Inflación: '0,22' is kept and saved as 0.22; '1,5abc' is refused with a message",
        async () => {
          await page.goto("/Inflacion/Index");
          const enero = page.locator("#inflacion-enero");
          await enero.waitFor();
          await enero.fill("");
          await enero.pressSequentially("0,22");
          assert.equal(await enero.inputValue(), "0,22", "the comma is not dropped");
          const febrero = page.locator("#inflacion-febrero");
          await febrero.fill("");
          await febrero.pressSequentially("1,5abc");
          assert.equal(await febrero.inputValue(), "1,5", "the letters are refused, the number kept whole");
          await page.locator("#inflacion-febrero-error").getByText(NOT_A_NUMBER).waitFor();
          // A paste of the whole text is refused as a whole, aloud.
          const marzo = page.locator("#inflacion-marzo");
          const before = await marzo.inputValue();
          await marzo.fill("1,5abc");
          assert.equal(await marzo.inputValue(), before);
          await page.locator("#inflacion-marzo-error").getByText(NOT_A_NUMBER).waitFor();
          // Typing a valid number clears the message at once.
          await marzo.fill("0.5");
          await page.locator("#inflacion-marzo-error").waitFor({ state: "detached" });
          await screenshot(page, "38-inflation-comma");
          await page.getByRole("button", { name: "Guardar" }).click();
          await page.getByRole("dialog", { name: "Guardado Exitoso" }).waitFor();
          await page.getByRole("button", { name: "Aceptar" }).click();
          await page.reload();
          await page.locator("#inflacion-enero").waitFor();
          assert.equal(await page.locator("#inflacion-enero").inputValue(), "0.22", "a factor, not 22");
          assert.equal(await page.locator("#inflacion-febrero").inputValue(), "1.5");
        },
      );

      await step(
        t,
        "Inflación: a month emptied is saved only after a question naming what it removes",
        async () => {
          const abril = page.locator("#inflacion-abril");
          const stored = await abril.inputValue();
          assert.notEqual(stored, "", "the seed has a factor for April");
          await abril.fill("");
          await page.getByRole("button", { name: "Guardar" }).click();
          const ask = page.getByRole("dialog", { name: "Borrar factores" });
          await ask.waitFor();
          assert.match(await ask.innerText(), new RegExp(`Abril \\(${stored.replace(".", "\\.")}\\)`));
          await ask.getByRole("button", { name: "Cancelar" }).click();
          assert.equal(await abril.inputValue(), "", "what was typed stays");
          await page.reload();
          await page.locator("#inflacion-abril").waitFor();
          assert.equal(await page.locator("#inflacion-abril").inputValue(), stored, "nothing was removed");
        },
      );

      await step(t, "two tabs edit one closing: the later save is refused, naming who and when", async () => {
        const tabs = [await openPage(browser, server.url), await openPage(browser, server.url)];
        try {
          for (const tab of tabs) await signIn(tab.page, "tenant@demo.pe", undefined, "/locatario/dashboard");
          const [a, b] = [await openEdit(tabs[0].page, today, day), await openEdit(tabs[1].page, today, day)];
          await a.getByLabel("Ventas sin IGV (S/)").fill("40,000");
          await a.getByRole("button", { name: "Guardar" }).click();
          await tabs[0].page.getByRole("dialog", { name: "Guardado Exitoso" }).waitFor();

          await b.getByLabel("Ventas sin IGV (S/)").fill("41,000");
          await b.getByRole("button", { name: "Guardar" }).click();
          const text = await dialogText(tabs[1].page, "Advertencia");
          assert.match(
            text,
            /Lucía Fernández Huamán modificó este registro el \d{2}\/\d{2}\/\d{4} a las \d{2}:\d{2}/,
          );
          assert.match(text, /siguen en el formulario/);
          await screenshot(tabs[1].page, "39-stale-closing");
          await acknowledge(tabs[1].page);
          assert.equal(await b.getByLabel("Ventas sin IGV (S/)").inputValue(), "41,000", "the form keeps it");
          // The history shows the other tab's change; saving again replaces it knowingly.
          await b.locator(".history-list li").first().getByText(/S\/ 40,000\.00/).waitFor();
          await b.getByRole("button", { name: "Guardar" }).click();
          await tabs[1].page.getByRole("dialog", { name: "Guardado Exitoso" }).waitFor();
        } finally {
          for (const tab of tabs) await tab.close();
        }
      });

      await step(
        t,
        "Registro de Amonestación: the DNI flag goes as soon as a valid DNI is typed",
        async () => {
          const coord = await openPage(browser, server.url);
          try {
            await signIn(coord.page, "coordinadores@demo.pe");
            await coord.page.goto("/Amonestacion/Registro");
            await coord.page.getByRole("button", { name: "Registrar" }).click();
            const dniMessage = coord.page.locator("#rep-dni-error");
            await dniMessage.getByText("Debe ingresar el DNI").waitFor();
            await coord.page.locator("#rep-responsable-error").getByText("Debe ingresar el Responsable")
              .waitFor();
            const dni = coord.page.locator("#rep-dni");
            await dni.pressSequentially("1234abc");
            assert.equal(await dni.inputValue(), "1234", "the letters are refused, the digits kept");
            await dniMessage.getByText("El DNI debe tener 8 dígitos.").waitFor();
            await dni.pressSequentially("5678");
            assert.equal(await dni.inputValue(), "12345678");
            await dniMessage.waitFor({ state: "detached" });
            // The other field's flag stays until it is filled in turn.
            await coord.page.locator("#rep-responsable-error").waitFor();
            await coord.page.locator("#rep-responsable").fill("Juan Pérez");
            await coord.page.locator("#rep-responsable-error").waitFor({ state: "detached" });
          } finally {
            await coord.close();
          }
        },
      );

      await step(t, "'Bloquear Cierres' asks first, naming the date and every tenant", async () => {
        await page.goto("/Bloqueo/Index");
        await page.getByRole("heading", { name: `Bloquear Cierres al ${dmy(today)}` }).waitFor();
        await page.getByRole("button", { name: "Bloquear" }).click();
        const ask = page.getByRole("dialog", { name: "Bloquear Cierres" });
        await ask.waitFor();
        const question = await ask.innerText();
        assert.match(question, new RegExp(`todos los locatarios de todos los malls hasta el ${dmy(today)}`));
        await screenshot(page, "40-lock-question");
        await ask.getByRole("button", { name: "Cancelar" }).click();
        await ask.waitFor({ state: "detached" });
        assert.equal(await page.getByText(ALREADY_LOCKED).count(), 0, "Cancelar locks nothing");

        await page.getByRole("button", { name: "Bloquear" }).click();
        await page.getByRole("dialog", { name: "Bloquear Cierres" }).getByRole("button", {
          name: "Bloquear",
        })
          .click();
        await page.getByRole("dialog", { name: "Cierre Exitoso" }).getByRole("button", { name: "Aceptar" })
          .click();
        await page.getByText(ALREADY_LOCKED).waitFor();
        assert.equal(await page.getByTestId("ultima-fecha-cierre").innerText(), dmy(today));
        assert.equal(await page.getByRole("button", { name: "Bloquear" }).isDisabled(), true);
      });

      await step(t, "Cierre de Mes shows the closing lock on the month's days", async () => {
        const admin = await openPage(browser, server.url);
        try {
          await signIn(admin.page, "admin@demo.pe");
          await admin.page.goto("/Admin/CierreMes");
          const note = admin.page.getByTestId("bloqueo-cierres");
          await note.waitFor();
          const said = await note.innerText();
          // 'Los días hasta el …' or, on a month's last day, 'Todos los días de este mes … (hasta el …)'.
          assert.match(said, /bloqueados por 'Bloquear Cierres'/);
          assert.ok(said.includes(`hasta el ${dmy(today)}`), said);
          await screenshot(admin.page, "41-month-close-with-lock");
        } finally {
          await admin.close();
        }
      });
    } finally {
      await fin.close();
      await browser.close();
      await server.stop();
    }
  },
});
