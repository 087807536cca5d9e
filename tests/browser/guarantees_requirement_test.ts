// Requerimiento de CF, the letter's detail and /configuracion-garantias: the treasury walks one letter from
// expiring to its notarial requirement (a PDF), the return of that letter, the execution letter, its delivery
// and the cheque; meets the notarial configuration's messages; the admin edits the day list. One server (its
// data prepared so tenant@'s approved letter expired 5 days ago), one page.
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
  signOut,
  step,
} from "../helpers/browser.ts";
import { limaDate } from "../../services/clock.ts";
import { tooWideOnPhone } from "../helpers/fit.ts";
import { startServer } from "../helpers/server.ts";

/** The served seed, with tenant@'s approved letter (in force, not required) expired 5 days ago. */
async function preparedServer() {
  let letter: { id: number; nro: string } | undefined;
  const server = await startServer({
    async prepare(db) {
      [letter] = await db.query<{ id: number; nro: string }>(
        `update guarantee_details set fecha_vencimiento = $1::date - 5
          where id = (select d.id from guarantee_details d join guarantees g on g.id = d.guarantee_id
                       join contract_users cu on cu.contract_id = g.contract_id and cu.is_default
                       join users u on u.id = cu.user_id and u.email = 'tenant@demo.pe'
                      where d.type_code = 'GAR1' and d.state_code = 'IOK' and not d.is_requerida
                      order by d.id limit 1)
          returning id, nro_carta_fianza as nro`,
        // Peru's day, as the screen counts it: the database's current_date is UTC's, a day ahead after 19:00.
        [limaDate(new Date())],
      );
    },
  });
  if (!letter) {
    throw new Error("Cannot prepare the requirement test: tenant@ has no approved letter in force");
  }
  return { url: server.url, letter, stop: server.stop };
}

async function menu(page: Page, section: string, entry: string) {
  const nav = page.getByRole("navigation", { name: "Menú principal" });
  const button = nav.getByRole("button", { name: section, exact: true });
  if ((await button.getAttribute("aria-expanded")) === "false") await button.click();
  await nav.getByRole("link", { name: entry, exact: true }).click();
}

Deno.test({
  name:
    "browser: a letter is required by a notarial PDF, its return registered; notarial and general settings",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await preparedServer();
    const browser = await launchBrowser();
    const { page, close } = await openPage(browser, server.url);
    try {
      const nro = server.letter.nro;
      await step(
        t,
        "the treasury selects one expiring letter and generates its notarial letter",
        async () => {
          await signIn(page, "tesoreria@demo.pe");
          await menu(page, "Garantías", "Requerimiento de CF");
          await page.locator(".page-title", { hasText: "Requerimiento de CF" }).waitFor();
          const generate = page.getByRole("button", { name: "Generar" });
          assert.equal(await generate.isDisabled(), true);
          assert.deepEqual(await seriousViolations(page), []);
          // On a phone the bank's table scrolls inside its box (it made the page 647 px wide in 390).
          assert.equal(await tooWideOnPhone(page), null);
          const groups = page.getByRole("region", { name: "Cartas Fianza por Vencer" });
          const row = groups.locator("tr", { hasText: nro });
          await row.getByText("Vencida hace 5 días").waitFor();
          await row.getByRole("checkbox", { name: `Seleccionar ${nro}` }).check();
          await page.getByText("1 carta seleccionada").waitFor();
          await generate.click();
          const done = page.getByRole("dialog", { name: "Cartas Generadas" });
          await done.getByText("Se generó 1 carta notarial de requerimiento.").waitFor();
          assert.match(await done.innerText(), new RegExp(nro));
          await screenshot(page, "70-requirement-generated");
          await done.getByRole("button", { name: "Aceptar" }).click();
          await groups.getByRole("checkbox", { name: `Seleccionar ${nro}` }).waitFor({ state: "detached" });
        },
      );

      await step(t, "'Registrar Retorno de Carta': date and state, then the green light", async () => {
        const letters = page.getByRole("region", { name: "Cartas Notariales" });
        const row = letters.locator("tbody tr", { hasText: nro }).first();
        const letter = (await row.locator("td").nth(1).innerText()).trim();
        assert.match(letter, /^CR-\d{4}-\d{5}$/);
        await row.getByRole("link", { name: `Descargar ${letter}` }).waitFor();
        await row.getByRole("button", { name: `Registrar Retorno de Carta ${letter}` }).click();
        const dialog = page.getByRole("dialog", { name: "Registrar Retorno de Carta" });
        const save = dialog.getByRole("button", { name: "Guardar" });
        assert.equal(await save.isDisabled(), true);
        assert.deepEqual(await seriousViolations(page), []);
        const today = await page.evaluate(() => {
          const d = new Date();
          return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${
            String(d.getDate()).padStart(2, "0")
          }`;
        });
        await dialog.getByLabel("Fecha de Entrega").fill(today);
        assert.equal(await save.isDisabled(), true);
        await page.locator(".p-dropdown", { has: page.locator("#del-estado") }).click();
        await page.getByRole("option", { name: "Aprobado", exact: true }).click();
        await save.click();
        await page.getByRole("status").getByText(`Se registró el retorno de la carta ${letter}.`).waitFor();
        await row.locator('[data-delivery="APR"].light-verde').waitFor();
      });

      await step(t, "on the letter's detail: execution letter, its delivery and the cheque", async () => {
        await page.goto(`/garantias_view/${server.letter.id}`);
        const panel = page.getByRole("region", { name: "Requerimiento y Ejecución" });
        await panel.getByText("Requerida: Sí").waitFor();
        // Expired without extension: no prórroga, the execution letter is offered.
        assert.equal(await panel.getByRole("button", { name: "Habilitar Prórroga" }).count(), 0);
        await panel.getByRole("button", { name: "Generar Carta de Ejecución" }).click();
        await page.getByText("Está seguro de generar la Carta de Ejecución?").waitFor();
        await page.getByRole("button", { name: "Sí" }).click();
        const ok = page.getByRole("dialog", { name: "Operación Exitosa" });
        await ok.getByText("La Carta de Ejecución ha sido generada exitosamente.").waitFor();
        await ok.getByRole("button", { name: "Aceptar" }).click();
        await panel.getByRole("link", { name: /CE-\d{4}-\d{5}/ }).waitFor();

        await panel.getByRole("button", { name: "Entrega Carta Ejecución" }).click();
        const delivery = page.getByRole("dialog", { name: "Entrega Carta Ejecución" });
        await delivery.getByLabel("Fecha de Entrega").fill(
          await page.evaluate(() => {
            const d = new Date();
            return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${
              String(d.getDate()).padStart(2, "0")
            }`;
          }),
        );
        await page.locator(".p-dropdown", { has: page.locator("#la-estado") }).click();
        await page.getByRole("option", { name: "Aprobado", exact: true }).click();
        await delivery.getByRole("button", { name: "Guardar" }).click();
        await ok.getByText("Se registró la entrega de la Carta de Ejecución.").waitFor();
        await ok.getByRole("button", { name: "Aceptar" }).click();

        await panel.getByRole("button", { name: "Registrar Cheque" }).click();
        const cheque = page.getByRole("dialog", { name: "Registrar Cheque" });
        const save = cheque.getByRole("button", { name: "Guardar" });
        assert.deepEqual(await seriousViolations(page), []);
        await page.locator(".p-dropdown", { has: page.locator("#la-banco") }).click();
        await page.getByRole("option", { name: "Banco de Crédito del Perú", exact: true }).click();
        await cheque.getByLabel("Número de cheque").fill("0045-12");
        await cheque.getByText("El número de cheque solo admite dígitos.").waitFor();
        await cheque.getByLabel("Número de cheque").fill("004512");
        assert.equal(await save.isDisabled(), true);
        await cheque.getByLabel("Fecha").fill("2026-01-05");
        await save.click();
        await ok.getByText("Se registró el cheque.").waitFor();
        await ok.getByRole("button", { name: "Aceptar" }).click();
        await panel.getByText("Cheque: Banco de Crédito del Perú N.° 004512").waitFor();
        await screenshot(page, "72-letter-actions");
        await page.goBack();
        await page.locator(".page-title", { hasText: "Requerimiento de CF" }).waitFor();
      });

      await step(t, "the notarial configuration lists its problems under the warning", async () => {
        await page.getByRole("button", { name: "Configuración de cartas notariales" }).click();
        const dialog = page.getByRole("dialog", { name: "Configuración de Cartas Notariales" });
        await dialog.getByLabel("Correos de la notaría (separados por comas)").fill("");
        await dialog.locator("#virtual-GG").uncheck();
        await dialog.getByRole("button", { name: "Guardar" }).click();
        const alert = dialog.getByRole("alert");
        await alert.getByText("Advertencia! Se encontraron errores en la validación").waitFor();
        const text = await alert.innerText();
        assert.ok(text.includes("Debe ingresar al menos un correo"), text);
        assert.ok(
          text.includes(
            "Ha marcado menos de dos checks o no ha marcado ningun check. Debe marcar exactamente dos checks",
          ),
          text,
        );
        assert.deepEqual(await seriousViolations(page), []);
        await screenshot(page, "71-notarial-config-warning");
        await dialog.getByRole("button", { name: "Cancelar" }).click();
        await dialog.waitFor({ state: "detached" });
      });

      await step(
        t,
        "a configuration saved meanwhile in another tab: refused, what was typed stays",
        async () => {
          const title = { name: "Configuración de Cartas Notariales" };
          const open = async (p: Page) => {
            await p.getByRole("button", { name: "Configuración de cartas notariales" }).click();
            const d = p.getByRole("dialog", title);
            await d.locator("#cfg-notaria").waitFor();
            return d;
          };
          const dialog = await open(page);
          const notary = dialog.locator("#cfg-notaria");
          await notary.fill("nueva@notaria.pe");
          // The admin saves the configuration in another tab after this one was opened.
          const other = await openPage(browser, server.url);
          try {
            await signIn(other.page, "admin@demo.pe");
            await other.page.goto("/garantias/listado_garantias_requerimiento");
            const theirs = await open(other.page);
            await theirs.getByRole("button", { name: "Guardar" }).click();
            await other.page.getByRole("dialog", { name: "Configuración Guardada" }).waitFor();
          } finally {
            await other.close();
          }
          await dialog.getByRole("button", { name: "Guardar" }).click();
          assert.match(
            await dialogText(page, "Advertencia"),
            /Ana Lucía Pérez Rojas modificó este registro el \d{2}\/\d{2}\/\d{4} a las \d{2}:\d{2}, después de que usted lo abrió\. Sus cambios no se guardaron y siguen en el formulario/,
          );
          await acknowledge(page);
          assert.equal(await notary.inputValue(), "nueva@notaria.pe", "what was typed stays");
          // Saving again replaces the other change knowingly.
          await dialog.getByRole("button", { name: "Guardar" }).click();
          await page.getByRole("dialog", { name: "Configuración Guardada" }).getByRole("button", {
            name: "Aceptar",
          }).click();
          await dialog.waitFor({ state: "detached" });
          const again = await open(page);
          assert.equal(await again.locator("#cfg-notaria").inputValue(), "nueva@notaria.pe");
          await again.getByRole("button", { name: "Cancelar" }).click();
        },
      );

      await step(t, "the admin's general parameters: the day list's check and save", async () => {
        await signOut(page);
        await signIn(page, "admin@demo.pe");
        await menu(page, "Administración", "Configuración de Garantías");
        const days = page.getByLabel("Días de aviso antes del vencimiento", { exact: true });
        await days.waitFor();
        const save = page.getByRole("button", { name: "Guardar Días de aviso antes del vencimiento" });
        await days.fill("45,30,");
        await save.waitFor({ state: "detached" });
        await days.fill("45,30,x");
        await page.getByText(
          "Valor no válido! Ingrese números de días separados por comas. Ejemplo: 45,30,15",
        ).waitFor();
        await days.fill("60,30,15");
        await save.click();
        await page.getByRole("button", { name: "Sí" }).click();
        await page.getByRole("dialog", { name: "Información" }).getByText(
          "Los cambios fueron guardados con exito.",
        )
          .waitFor();
        assert.deepEqual(await seriousViolations(page), []);
      });
    } finally {
      await close();
      await browser.close();
      await server.stop();
    }
  },
});
