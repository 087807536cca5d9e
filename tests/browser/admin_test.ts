import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import * as XLSX from "xlsx";
import {
  acknowledge,
  dialogText,
  launchBrowser,
  openPage,
  OUTPUT_DIR,
  screenshot,
  signIn,
  step,
} from "../helpers/browser.ts";
import { startServer } from "../helpers/server.ts";

/** The cell texts of every row the table shows, page after page (the paginator's next button). */
async function allTableRows(page: Page): Promise<string[][]> {
  const rows: string[][] = [];
  while (true) {
    const cells = await page.locator("tbody tr").evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent?.trim() ?? ""))
    );
    rows.push(...cells);
    const next = page.locator(".p-paginator-next");
    if ((await next.count()) === 0 || (await next.isDisabled())) return rows;
    const first = cells[0]?.join("|");
    await next.click();
    await page.waitForFunction(
      (prev) =>
        [...document.querySelectorAll("tbody tr:first-child td")].map((td) => td.textContent?.trim()).join(
          "|",
        ) !== prev,
      first,
    );
  }
}

Deno.test({
  name: "browser: user and role administration",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer();
    const browser = await launchBrowser();
    const { page, errors, close } = await openPage(browser, server.url);
    try {
      await signIn(page, "admin@demo.pe", undefined, "/Admin/UsersManagement");

      await step(
        t,
        "the users table exports an .xlsx whose rows equal the filtered and sorted rows",
        async () => {
          const everyone = await page.locator(".p-paginator-current").innerText();
          await page.getByLabel("Buscar en Usuarios").fill("operador");
          await page.getByRole("button", { name: "Correo Electrónico" }).click();
          await page.getByRole("button", { name: "Correo Electrónico" }).click();
          await page.waitForURL(/sort=email/);
          assert.match(page.url(), /desc=true/);
          // Filter, sorting and page live in the URL: a reload restores the same screen.
          await page.reload();
          assert.equal(await page.getByLabel("Buscar en Usuarios").inputValue(), "operador");
          const shown = await allTableRows(page);
          assert.ok(shown.length > 8, `the operators fill more than one page of 8 (got ${shown.length})`);
          const total = Number(/de (\d+)/.exec(everyone)?.[1]);
          assert.ok(shown.length < total, `the filter keeps ${shown.length} of ${total} users`);
          assert.ok(shown.every((r) => /operador/i.test(r.join(" "))));
          const emails = shown.map((r) => r[1]);
          assert.deepEqual(
            emails,
            [...emails].sort((a, b) => b.localeCompare(a)),
            "sorted by e-mail, descending",
          );
          await screenshot(page, "20-users-filtered");

          const [download] = await Promise.all([
            page.waitForEvent("download"),
            page.getByRole("button", { name: "Descargar" }).click(),
          ]);
          assert.equal(download.suggestedFilename(), "Usuarios.xlsx");
          const file = new URL("Usuarios.xlsx", OUTPUT_DIR).pathname;
          await download.saveAs(file);
          const wb = XLSX.read(await Deno.readFile(file));
          assert.deepEqual(wb.SheetNames, ["data"]);
          const sheet: string[][] = XLSX.utils.sheet_to_json(wb.Sheets.data, { header: 1, raw: false });
          assert.deepEqual(sheet[0], ["Nombre Completo", "Correo Electrónico", "Rol", "Estado"]);
          assert.deepEqual(sheet.slice(1), shown.map((r) => r.slice(0, 4)));
        },
      );

      await step(t, "role management creates, edits and removes a role", async () => {
        await page.goto("/Admin/RoleManagement");
        await page.getByRole("region", { name: "Lista de funciones" }).waitFor();
        assert.equal(await page.locator(".page-title").innerText(), "Roles & Permisos");
        await screenshot(page, "21-roles");
        await page.getByRole("button", { name: "Crear Rol" }).click();
        const dialog = page.getByRole("dialog", { name: "Agregar Rol" });
        await dialog.waitFor();
        await dialog.getByRole("button", { name: "Guardar" }).click();
        await dialog.getByText("Ingresar el rol").waitFor();
        await dialog.getByLabel("Nombre del rol").fill("Auditoría");
        await dialog.getByRole("checkbox", { name: "Lista Roja", exact: true }).check();
        await dialog.getByLabel("Buscar permiso").fill("inflac");
        await dialog.getByRole("checkbox", { name: "Inflación", exact: true }).check();
        await dialog.getByText("2 de ").waitFor();
        await screenshot(page, "22-role-dialog");
        await dialog.getByRole("button", { name: "Guardar" }).click();
        assert.match(await dialogText(page, "Información"), /Creación Exitosa\./);
        await acknowledge(page);
        const row = page.locator("tbody tr", { hasText: "Auditoría" });
        await row.waitFor();
        assert.match(await row.innerText(), /Personal\s+0\s+2/);

        await row.getByRole("button", { name: "Editar el rol Auditoría" }).click();
        const edit = page.getByRole("dialog", { name: "Actualizar rol" });
        await edit.waitFor();
        await edit.getByLabel("Nombre del rol").fill("Auditoría interna");
        await edit.getByRole("button", { name: "Guardar" }).click();
        assert.match(await dialogText(page, "Información"), /Los cambios fueron guardados con exito\./);
        await acknowledge(page);
        const renamed = page.locator("tbody tr", { hasText: "Auditoría interna" });
        await renamed.waitFor();

        await renamed.getByRole("button", { name: "Eliminar el rol Auditoría interna" }).click();
        const confirm = page.getByRole("alertdialog").or(page.getByRole("dialog", { name: "Eliminar rol" }));
        await confirm.getByText('¿Está seguro de que desea eliminar el rol "Auditoría interna"?').waitFor();
        await screenshot(page, "23-role-remove-confirm");
        await confirm.getByRole("button", { name: "Eliminar" }).click();
        assert.match(await dialogText(page, "Información"), /Se eliminó exitosamente\./);
        await acknowledge(page);
        await renamed.waitFor({ state: "detached" });
      });

      await step(
        t,
        "a network failure shows the error dialog with id 400, and 'Reintentar' recovers",
        async () => {
          await page.route("**/api/admin/users", (route) => route.abort("connectionrefused"));
          await page.goto("/Admin/UsersManagement");
          const text = await dialogText(page, "Error");
          assert.match(text, /Error en la conexión con el servicio/);
          await screenshot(page, "24-network-error");
          await acknowledge(page);
          await page.getByRole("heading", { name: "No se pudo cargar la información" }).waitFor();
          await page.unroute("**/api/admin/users");
          await page.getByRole("button", { name: "Reintentar" }).click();
          await page.locator("tbody tr").first().waitFor();
        },
      );

      await step(t, "the mailbox screen lists the portal's mail", async () => {
        await page.goto("/Admin/Buzon");
        assert.equal(await page.locator(".page-title").innerText(), "Buzón de correo");
        await page.getByRole("region", { name: "Buzón de correo" }).waitFor();
      });
      assert.deepEqual(errors, []);
    } finally {
      await close();
      await browser.close();
      await server.stop();
    }
  },
});
