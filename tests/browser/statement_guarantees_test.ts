// The account statement's guarantees (spec 2 section 3's row): staff's 'Estado de Cuenta' and the tenant's
// statement show the bank, the interest and the final amount, and open the stored letter.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { launchBrowser, openPage, screenshot, signIn } from "../helpers/browser.ts";
import { referenceDb } from "../helpers/rollback_db.ts";
import { startServer } from "../helpers/server.ts";
import { contractOf } from "../helpers/tenant.ts";

const HEADERS = [
  "Contrato",
  "Nro. Carta Fianza",
  "Mall",
  "Banco",
  "Moneda",
  "Importe",
  "Intereses",
  "Importe Final",
  "Fecha Emisión",
  "Fecha Vencimiento",
  "Estado",
  "Origen",
  "Carta",
];

async function guaranteesRegion(page: Page) {
  const region = page.getByRole("region", { name: "Garantías", exact: true });
  await region.locator("tbody tr").first().waitFor();
  return region;
}

/** Filters the guarantees to one letter number and downloads it from its link. */
async function downloadLetter(page: Page, nro: string) {
  const region = await guaranteesRegion(page);
  await region.getByLabel("Buscar en Garantías").fill(nro);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    region.getByRole("link", { name: nro }).click(),
  ]);
  const path = await Deno.makeTempFile({ suffix: ".pdf" });
  try {
    await download.saveAs(path);
    return new TextDecoder().decode((await Deno.readFile(path)).slice(0, 8));
  } finally {
    await Deno.remove(path);
  }
}

Deno.test({
  name: "browser: the statement's guarantees show bank, interest, final amount and open the letter",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const reference = await referenceDb();
    const a = await contractOf(reference, "tenant@demo.pe");
    const b = await contractOf(reference, "tenant@demo.pe", false);
    const letters = await reference.query<{ code: string; nro: string; bank: string }>(
      `select c.code, coalesce(d.nro_carta_fianza, d.nro_operacion) as nro, b.code as bank
         from guarantee_details d join guarantees g on g.id = d.guarantee_id join contracts c on c.id = g.contract_id
         join banks b on b.id = d.bank_id
        where c.tenant_id = $1 and not d.is_renovada and coalesce(d.letter_file_id, d.operation_file_id) is not null
          and coalesce(d.nro_carta_fianza, d.nro_operacion) is not null order by d.id`,
      [a.tenantId],
    );
    await reference.close();
    const mine = letters.find((l) => l.code === a.code);
    assert.ok(mine, "the session's contract has a stored letter");
    const server = await startServer();
    const browser = await launchBrowser();
    const staff = await openPage(browser, server.url);
    const tenant = await openPage(browser, server.url);
    try {
      await t.step("collections opens the customer's statement and a letter", async () => {
        const page = staff.page;
        await signIn(page, "cobranza@demo.pe");
        await page.goto(`/Estadocuenta/Index?ruc=${a.ruc}`);
        const region = await guaranteesRegion(page);
        assert.deepEqual(
          (await region.locator("thead th").allInnerTexts()).map((h) => h.trim()).filter(Boolean),
          HEADERS,
        );
        await region.getByLabel("Buscar en Garantías").fill(mine.nro);
        await region.locator("tbody tr", { hasText: mine.bank }).first().waitFor();
        await screenshot(page, "statement-guarantees-staff");
        assert.equal(await downloadLetter(page, mine.nro), "%PDF-1.4");
      });

      await t.step("the tenant's finance user opens its own contract's letter only", async () => {
        const page = tenant.page;
        await signIn(page, "financiero@demo.pe");
        await page.goto("/estadoCuenta/EstadoCuenta");
        assert.equal(await downloadLetter(page, mine.nro), "%PDF-1.4");
        const other = letters.find((l) => l.code === b.code && b.tenantId === a.tenantId);
        if (other) {
          const region = await guaranteesRegion(page);
          await region.getByLabel("Buscar en Garantías").fill(other.nro);
          await region.locator("tbody tr", { hasText: other.nro }).first().waitFor();
          assert.equal(await region.getByRole("link", { name: other.nro }).count(), 0);
        }
      });
    } finally {
      await staff.close();
      await tenant.close();
      await browser.close();
      await server.stop();
    }
  },
});
