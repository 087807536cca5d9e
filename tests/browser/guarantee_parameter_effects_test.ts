// The guarantee parameters as the review screen shows them: bank validation switched off disables 'Validar
// con banco'; the contract's required amount less the tolerance is the review dialog's amount check.
import assert from "node:assert/strict";
import { launchBrowser, openPage, screenshot, signIn } from "../helpers/browser.ts";
import { startServer } from "../helpers/server.ts";

const FIND = `select d.id from guarantee_details d join banks b on b.id = d.bank_id
  where d.state_code = 'ENV' and d.type_code = 'GAR1' and b.code in ('BBVA', 'BCP') and not d.is_excepcion
    and not exists (select 1 from guarantee_reviews r where r.detail_id = d.id and r.round = d.review_round
                      and r.kind in ('CO', 'TE'))
  order by d.id limit 1`;

Deno.test({
  name: "browser: bank validation off and the amount tolerance on the review screen",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    let id = 0;
    const server = await startServer({
      prepare: async (db) => {
        [{ id }] = await db.query<{ id: number }>(FIND);
        await db.query(
          `update settings set value = '"0"' where key = 'garantiasValidacionBancoActiva';
           update settings set value = '"2"' where key = 'garantiasPorcentajeToleranciaImporte'`,
        );
        // The letter is 4 % short of what its contract requires.
        await db.query(
          `update contracts set guarantee_required = round((select importe from guarantee_details where id = $1) / 0.96, 2)
            where id = (select g.contract_id from guarantees g join guarantee_details d on d.guarantee_id = g.id
                         where d.id = $1)`,
          [id],
        );
      },
    });
    const browser = await launchBrowser();
    const { page, close } = await openPage(browser, server.url);
    try {
      await signIn(page, "cobranza@demo.pe");
      await t.step("'Validar con banco' is disabled", async () => {
        await page.goto(`/garantias_revision/${id}`);
        await page.locator(".page-title", { hasText: "Aprobación de Garantía" }).waitFor();
        assert.equal(await page.getByRole("button", { name: "Validar con banco" }).isDisabled(), true);
      });
      await t.step("the review dialog's amount check refuses 'Toda la informacion es correcta'", async () => {
        await page.getByRole("button", { name: "Aprobar / Rechazar" }).click();
        const dialog = page.getByRole("dialog", { name: "Revisión de Cobranza" });
        await dialog.getByText(/^El importe es menor al mínimo que acepta el contrato: .* tolerancia de 2 %/)
          .first().waitFor();
        await screenshot(page, "review-amount-check");
        await dialog.locator("label[for=opt-ok]").click();
        await dialog.getByRole("button", { name: "Guardar" }).click();
        await page.locator(".p-confirm-dialog").getByRole("button", { name: "Sí" }).click();
        await dialog.getByText(/^Error: El importe es menor al mínimo/).waitFor();
      });
    } finally {
      await close();
      await browser.close();
      await server.stop();
    }
  },
});
