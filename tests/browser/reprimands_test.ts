import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import {
  clickToShow,
  DEMO_PASSWORD,
  launchBrowser,
  openPage,
  screenshot,
  signIn,
  signOut,
  submitLogin,
} from "../helpers/browser.ts";
import { pickOption } from "../helpers/reports.ts";
import { startServer } from "../helpers/server.ts";

// A real 1×1 PNG (the detail shows it) and an executable renamed as a picture.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const EXE = Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0, 0xb8, 0, 0, 0]);

/** Opens the newest reprimand's detail, writes the caller's observation and approves or disapproves it. */
async function decide(page: Page, email: string, box: string, approve: boolean) {
  await signIn(page, email);
  await page.goto("/Amonestacion/Aprobacion");
  const first = page.locator(".reprimand-grid tbody tr").first();
  const dialog = page.getByRole("dialog", { name: "Detalle de Amonestación" });
  await clickToShow(first.getByRole("button", { name: /Ver detalle/ }), dialog);
  await dialog.getByRole("img", { name: "evidencia.png" }).waitFor();
  assert.ok(await dialog.getByRole("img").first().evaluate((i) => (i as HTMLImageElement).naturalWidth > 0));
  const mine = dialog.getByLabel(box, { exact: true });
  assert.equal(await mine.isEditable(), true, `${email} writes the ${box} box`);
  for (const other of ["Subgerencia", "Operaciones", "GAF"].filter((x) => x !== box)) {
    assert.equal(await dialog.getByLabel(other, { exact: true }).isEditable(), false, `${email}: ${other}`);
  }
  await dialog.getByRole("button", { name: approve ? "Aprobar" : "Desaprobar", exact: true }).click();
  await dialog.getByText("Ingresar alguna observación").waitFor();
  await mine.fill(approve ? "Conforme." : "No procede.");
  await dialog.getByRole("button", { name: approve ? "Aprobar" : "Desaprobar", exact: true }).click();
  await page.getByRole("dialog", { name: "Guardado Exitoso" }).waitFor();
  await page.getByRole("button", { name: "Aceptar" }).click();
  await signOut(page);
}

Deno.test({
  name: "browser: security registers a reprimand with a picture; the three approvers decide it from the grid",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer();
    const browser = await launchBrowser();
    const { page, close } = await openPage(browser, server.url);
    try {
      await t.step("registration: the messages, a renamed executable refused, then saved", async () => {
        // Security holds no dashboard: it lands on its one screen.
        await submitLogin(page, "seguridad@demo.pe", DEMO_PASSWORD);
        await page.waitForURL((u) => u.pathname === "/Amonestacion/Registro");
        await page.getByRole("button", { name: "Registrar" }).waitFor();
        await page.getByRole("button", { name: "Registrar" }).click();
        for (const text of ["Debe seleccionar un mall", "Debe ingresar el Local", "Ingrese Detalle"]) {
          await page.getByText(text, { exact: true }).waitFor();
        }
        await pickOption(page, "rep-mall", "Santa Anita");
        await page.getByText("Presionar TAB para Autocompletar los datos").waitFor();
        await page.locator("#rep-locals option").first().waitFor({ state: "attached" });
        const local = (await page.locator("#rep-locals option").first().getAttribute("value"))!;
        await page.getByLabel("Local", { exact: true }).fill(local.toLowerCase());
        assert.equal(await page.getByLabel("Local", { exact: true }).inputValue(), local, "uppercased");
        await page.getByLabel("Local", { exact: true }).press("Tab");
        assert.notEqual(
          (await page.getByTestId("rep-locatario").innerText()).trim(),
          "—",
          "Tab filled the tenant",
        );
        await pickOption(page, "rep-tipo", "Imagen");
        await pickOption(page, "rep-motivo", "Mercadería exhibida en pasillo");
        await page.getByLabel("Detalle").fill("Mercadería exhibida en el pasillo central.");
        const files = page.locator("#rep-imagenes");
        await files.setInputFiles({ name: "evidencia.png", mimeType: "image/png", buffer: EXE });
        await page.getByRole("button", { name: "Registrar" }).click();
        await page.getByText("Archivo no soportado", { exact: true }).waitFor();
        assert.equal(
          await page.getByLabel("Detalle").inputValue(),
          "Mercadería exhibida en el pasillo central.",
          "the typed input is kept",
        );
        await page.getByRole("button", { name: "Quitar evidencia.png" }).click();
        await files.setInputFiles({ name: "evidencia.png", mimeType: "image/png", buffer: PNG });
        await page.getByRole("button", { name: "Registrar" }).click();
        await page.getByRole("dialog", { name: "Guardado Exitoso" }).waitFor();
        await screenshot(page, "70-reprimand-registered");
        await page.getByRole("button", { name: "Aceptar" }).click();
        assert.equal(await page.getByLabel("Detalle").inputValue(), "", "a new, empty form");
        await signOut(page);
      });

      await t.step("each approver decides its own box", async () => {
        await decide(page, "operaciones@demo.pe", "Subgerencia", true);
        await decide(page, "jefeoperaciones@demo.pe", "Operaciones", true);
        await decide(page, "finanzas@demo.pe", "GAF", false);
        await signIn(page, "finanzas@demo.pe");
        await page.goto("/Amonestacion/Aprobacion");
        const first = page.locator(".reprimand-grid tbody tr").first();
        await first.getByText("Rechazado").waitFor();
        const badges = await first.locator(".p-tag").allInnerTexts();
        assert.deepEqual(badges.map((b) => b.trim()), ["Aprobado", "Aprobado", "Rechazado"]);
        assert.equal(await page.locator(".reprimand-grid tbody tr").count(), 15, "15 rows per page");
        // At 1280 px with the side menu open, the approvals and 'Ver Detalle' show without scrolling sideways.
        await page.setViewportSize({ width: 1280, height: 860 });
        const overflow = await page.locator(".reprimand-grid table").evaluate((t) =>
          t.parentElement!.scrollWidth - t.parentElement!.clientWidth
        );
        assert.ok(overflow <= 0, `the grid overflows by ${overflow} px at 1280 px`);
        await page.setViewportSize({ width: 1366, height: 860 });
        await screenshot(page, "71-reprimand-grid");
      });
    } finally {
      await close();
      await browser.close();
      await server.stop();
    }
  },
});
