import assert from "node:assert/strict";
import {
  acknowledge,
  clickToUrl,
  dialogText,
  launchBrowser,
  linkFromMailbox,
  openPage,
  pathOf,
  screenshot,
  signIn,
  signOut,
  step,
  submitLogin,
} from "../helpers/browser.ts";
import { startServer } from "../helpers/server.ts";

const NEW_PASSWORD = "Nueva-Clave-2026";

Deno.test({
  name: "browser: password reset and account activation through the mailbox",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer();
    const browser = await launchBrowser();
    const open = () => openPage(browser, server.url);
    const admin = await open();
    try {
      await signIn(admin.page, "admin@demo.pe", undefined, "/Admin/UsersManagement");

      await step(
        t,
        "forgot password → mail in the mailbox → reset link → new password works, old one does not",
        async () => {
          const { page, errors, close } = await open();
          await page.goto("/auth/login");
          await clickToUrl(
            page,
            page.getByRole("link", { name: "¿Olvidó su contraseña?" }),
            /\/auth\/forgotPassword/,
          );
          await page.getByRole("button", { name: "Enviar" }).click();
          await page.getByText("Ingresar Correo").waitFor();
          await page.getByLabel("Correo electrónico").fill("staff@demo.pe");
          await screenshot(page, "10-forgot-password");
          await page.getByRole("button", { name: "Enviar" }).click();
          assert.match(await dialogText(page, "Información"), /revise su correo/i);
          await acknowledge(page);
          await page.waitForURL("**/auth/login");

          const href = await linkFromMailbox(admin.page, "staff@demo.pe", "Cambio de contraseña");
          assert.match(href, /\/auth\/resetPassword\?q=/);
          await screenshot(admin.page, "11-mailbox");

          await page.goto(pathOf(href));
          await page.getByRole("heading", { name: "Cambiar contraseña" }).waitFor();
          await page.getByText("staff@demo.pe").waitFor();
          await page.getByLabel("Nueva contraseña").fill("corta1");
          await page.getByLabel("Confirmar contraseña").fill("otra");
          await page.getByRole("button", { name: "Cambiar contraseña" }).click();
          await page.getByText("La contraseña debe tener al menos 8 caracteres.").waitFor();
          await page.getByLabel("Nueva contraseña").fill(NEW_PASSWORD);
          await page.getByRole("button", { name: "Cambiar contraseña" }).click();
          await page.getByText("Las contraseñas deben coincidir").waitFor();
          await page.getByLabel("Confirmar contraseña").fill(NEW_PASSWORD);
          await screenshot(page, "12-reset-password");
          await page.getByRole("button", { name: "Cambiar contraseña" }).click();
          assert.match(await dialogText(page, "Información"), /Los cambios fueron guardados con exito\./);
          await acknowledge(page);
          await page.waitForURL("**/auth/login");

          await submitLogin(page, "staff@demo.pe", "Demo-2026");
          assert.match(await dialogText(page, "Alerta de Seguridad"), /Cuenta o contraseña inválida/);
          await acknowledge(page);
          await signIn(page, "staff@demo.pe", NEW_PASSWORD, "/dashboard");
          await signOut(page);

          // The link is single use.
          await page.goto(pathOf(href));
          await page.getByText("Ha ocurrido un error, por favor, vuelva a solicitar un cambio de contraseña.")
            .waitFor();
          await screenshot(page, "13-reset-link-used");
          assert.deepEqual(errors, []);
          await close();
        },
      );

      await step(
        t,
        "an admin creates a user → activation mail → the user activates and signs in",
        async () => {
          const email = "lucia.fernandez@demo.pe";
          const { page } = admin;
          await page.goto("/Admin/UsersManagement");
          await page.getByRole("button", { name: "Añadir Usuario" }).click();
          const dialog = page.getByRole("dialog", { name: "Agregar usuario" });
          await dialog.waitFor();
          await dialog.getByRole("button", { name: "Guardar" }).click();
          await dialog.getByText("Ingresar el correo").waitFor();
          await dialog.getByText("Ingresar el nombre").waitFor();
          await dialog.getByText("Selecciona un rol").waitFor();
          // The first field with a message takes the focus (it stayed on 'Guardar', the messages maybe out of view).
          await page.waitForFunction(() => document.activeElement?.id === "user-email", null, {
            timeout: 5_000,
          });
          await dialog.getByLabel("Correo electrónico").fill(email);
          await dialog.getByLabel("Nombre completo").fill("Lucía Fernández Quispe");
          await dialog.getByLabel("DNI").fill("45879632");
          await dialog.locator(".p-dropdown", { has: page.locator("#user-role") }).click();
          await page.getByRole("option", { name: "comercial", exact: true }).click();
          await screenshot(page, "14-add-user-dialog");
          await dialog.getByRole("button", { name: "Guardar" }).click();
          assert.match(await dialogText(page, "Información"), /Creación Exitosa\./);
          await acknowledge(page);
          await page.getByLabel("Buscar en Usuarios").fill("lucía");
          const row = page.locator("tbody tr", { hasText: email });
          await row.waitFor();
          // Not 'Activo' until the link is used: the same state the tenant's screen shows (issue 19).
          assert.match(
            await row.innerText(),
            /Lucía Fernández Quispe[\s\S]*comercial[\s\S]*Pendiente de activación/,
          );

          const href = await linkFromMailbox(page, email, "Activación de su cuenta");
          assert.match(href, /\/auth\/activateAccount\?a=[A-Za-z0-9]{15}$/);

          const user = await open();
          await user.page.goto(pathOf(href));
          await user.page.getByRole("heading", { name: "Activar cuenta" }).waitFor();
          await user.page.getByLabel("Nueva contraseña").fill(NEW_PASSWORD);
          await user.page.getByLabel("Confirmar contraseña").fill(NEW_PASSWORD);
          await screenshot(user.page, "15-activate-account");
          await user.page.getByRole("button", { name: "Activar cuenta" }).click();
          assert.match(
            await dialogText(user.page, "Información"),
            /Los cambios fueron guardados con exito\./,
          );
          await acknowledge(user.page);
          await signIn(user.page, email, NEW_PASSWORD, "/dashboard");
          assert.match(await user.page.locator(".user-button").innerText(), /Lucía Fernández Quispe/);
          assert.deepEqual(user.errors, []);
          await user.close();

          // Blocking the user: the edit dialog sets Bloqueado and the account can no longer sign in.
          await page.goto(`/Admin/UsersManagement?q=${encodeURIComponent(email)}`);
          await page.getByRole("button", { name: "Editar a Lucía Fernández Quispe" }).click();
          const edit = page.getByRole("dialog", { name: "Actualizar los detalles del usuario" });
          await edit.waitFor();
          await edit.locator(".p-dropdown", { has: page.locator("#user-state") }).click();
          await page.getByRole("option", { name: "Bloqueado" }).click();
          await screenshot(page, "16-edit-user-dialog");
          await edit.getByRole("button", { name: "Guardar" }).click();
          assert.match(await dialogText(page, "Información"), /Los cambios fueron guardados con exito\./);
          await acknowledge(page);
          await page.locator("tbody tr", { hasText: "Bloqueado" }).waitFor();
          const blocked = await open();
          await submitLogin(blocked.page, email, NEW_PASSWORD);
          // A blocked account answers like a wrong password, so sign-in tells no one it exists (decisions.md).
          assert.match(
            await dialogText(blocked.page, "Alerta de Seguridad"),
            /Cuenta o contraseña inválida\./,
          );
          await blocked.close();
        },
      );
    } finally {
      await admin.close();
      await browser.close();
      await server.stop();
    }
  },
});
