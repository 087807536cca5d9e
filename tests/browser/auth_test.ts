import assert from "node:assert/strict";
import {
  acknowledge,
  dialogText,
  launchBrowser,
  menuSections,
  openPage,
  screenshot,
  signIn,
  signOut,
  step,
  submitLogin,
} from "../helpers/browser.ts";
import { startServer } from "../helpers/server.ts";

Deno.test({
  name: "browser: sign-in screens, landings, menus and permission gates",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer();
    const browser = await launchBrowser();
    const open = () => openPage(browser, server.url);
    try {
      await step(t, "login screen signs in an admin and lands on /Admin/UsersManagement", async () => {
        const { page, errors, close } = await open();
        await page.goto("/");
        await page.waitForURL("**/auth/login");
        await page.getByRole("heading", { name: "Iniciar sesión" }).waitFor();
        await screenshot(page, "01-login");
        await signIn(page, "admin@demo.pe", undefined, "/Admin/UsersManagement");
        assert.equal(await page.locator(".page-title").innerText(), "Usuarios");
        const sections = await menuSections(page);
        assert.ok(sections.includes("Administración"), `menu: ${sections}`);
        assert.ok(sections.includes("Centro administrativo"), `menu: ${sections}`);
        assert.ok(!sections.includes("Locatario"), `an admin has no tenant menu: ${sections}`);
        const user = await page.locator(".user-button").innerText();
        assert.match(user, /coordinacionGeneral/);
        await page.locator("tbody tr").first().waitFor();
        assert.equal(await page.getByRole("dialog", { name: "Alerta de Seguridad" }).count(), 0);
        await screenshot(page, "02-admin-users");
        // Every link of the menu opens its screen, never the 404 page (which has no page title): the registry
        // sweep (tests/browser/screens_fit_test.ts) opens each one as this admin, who holds every staff
        // permission (the tenant's as tenant@), and waits for its own title and data.
        await signOut(page);
        // The session is revoked: a signed-in screen now asks for the login again.
        await page.goto("/Admin/UsersManagement");
        await page.waitForURL(/\/auth\/login\?redirect=/);
        assert.deepEqual(errors, []);
        await close();
      });

      await step(t, "login screen signs in a staff user and lands on /dashboard", async () => {
        const { page, errors, close } = await open();
        await signIn(page, "staff@demo.pe", undefined, "/dashboard");
        assert.equal(await page.locator(".page-title").innerText(), "Dashboard");
        const sections = await menuSections(page);
        assert.ok(sections.includes("Centro administrativo"), `menu: ${sections}`);
        assert.ok(!sections.includes("Administración"), `staff has no administration menu: ${sections}`);
        assert.ok(!sections.includes("Locatario"), `menu: ${sections}`);
        assert.match(await page.locator(".user-button").innerText(), /comercial/);
        await screenshot(page, "03-staff-dashboard");
        // The bell counts the groups of the user's role; a contract notification opens the tenant list.
        const bell = page.getByRole("button", { name: /^Notificaciones/ });
        await page.waitForFunction(() => document.querySelector(".topbar-icon .p-badge") !== null);
        const count = Number(await page.locator(".topbar-icon .p-badge").innerText());
        assert.ok(count > 0, "the demo data has contracts missing closings");
        await bell.click();
        const item = page.locator(".notification-item").first();
        await item.waitFor();
        assert.equal(await page.locator(".notification-item").count(), count);
        await screenshot(page, "08-notifications");
        await item.click();
        await page.waitForURL(/\/Locatario\/Index\?contrato=.+&mall=\d/);
        await page.goto("/dashboard");
        await signOut(page);
        assert.deepEqual(errors, []);
        await close();
      });

      await step(t, "login screen signs in a tenant and lands on /locatario/dashboard", async () => {
        const { page, errors, close } = await open();
        await signIn(page, "tenant@demo.pe", undefined, "/locatario/dashboard");
        assert.deepEqual(await menuSections(page), ["Locatario"]);
        await screenshot(page, "04-tenant-dashboard");
        // The user menu shows the tenant's contract, taken from the session.
        await page.locator(".user-button").click();
        assert.match(
          await page.locator(".user-panel").innerText(),
          /adminLocatario[\s\S]*Contrato \S+ · RUC \d{11}/,
        );
        await page.keyboard.press("Escape");
        // The logo takes a tenant to its own landing screen.
        await page.goto("/locatario/dashboard");
        await page.locator(".side-logo").click();
        await page.waitForURL("**/locatario/dashboard");
        await signOut(page);
        assert.deepEqual(errors, []);
        await close();
      });

      await step(t, "a wrong password shows the error dialog 'Alerta de Seguridad'", async () => {
        const { page, close } = await open();
        await page.goto("/auth/login");
        await page.getByRole("button", { name: "Ingresar" }).click();
        await page.getByText("Ingresar correo electrónico").waitFor();
        await page.getByText("Ingresar Contraseña").waitFor();
        await submitLogin(page, "admin@demo.pe", "no-es-la-clave");
        const text = await dialogText(page, "Alerta de Seguridad");
        assert.match(text, /Cuenta o contraseña inválida/);
        assert.match(text, /De acuerdo/);
        await screenshot(page, "05-login-error-dialog");
        await acknowledge(page);
        assert.match(page.url(), /\/auth\/login/);
        await close();
      });

      await step(
        t,
        "a role without GESTION_USUARIOS opening /Admin/UsersManagement sees 'Área no autorizada'",
        async () => {
          const { page, errors, close } = await open();
          await signIn(page, "pruebas@demo.pe", undefined, "/dashboard");
          assert.deepEqual(await menuSections(page), ["Centro administrativo"]);
          await page.goto("/Admin/UsersManagement");
          await page.getByRole("heading", { name: "Área no autorizada", level: 1 }).waitFor();
          assert.match(page.url(), /\/Admin\/UsersManagement$/);
          // The gate stops the screen before its calls: no 600 error dialog on top.
          assert.equal(await page.getByRole("dialog", { name: "Alerta de Seguridad" }).count(), 0);
          await screenshot(page, "06-unauthorized");
          await page.goto("/unauthorized");
          await page.getByRole("heading", { name: "Área no autorizada", level: 1 }).waitFor();
          assert.deepEqual(errors, []);
          await close();
        },
      );

      await step(t, "auth redirects, the 404 page and the remembered last path", async () => {
        const { page, context, close } = await open();
        await page.goto("/auth");
        await page.waitForURL("**/auth/login");
        await page.goto("/auth/no-existe");
        await page.waitForURL("**/auth/login");
        await page.goto("/error/404");
        await page.getByRole("heading", { name: "Seems there is nothing here" }).waitFor();
        await page.getByRole("link", { name: "Return Home" }).waitFor();
        await screenshot(page, "07-not-found");
        await page.goto("/una/ruta/que/no/existe");
        await page.getByRole("heading", { name: "Seems there is nothing here" }).waitFor();

        await signIn(page, "admin@demo.pe", undefined, "/Admin/UsersManagement");
        await page.goto("/auth");
        await page.waitForURL("**/Admin/UsersManagement");
        await page.goto("/Admin/RoleManagement");
        await page.locator("tbody tr").first().waitFor();
        // The session ends (e.g. expiry): the next call answers 401 and the login opens.
        await context.clearCookies();
        await page.getByRole("link", { name: "Buzón de correo" }).click();
        await page.waitForURL(/\/auth\/login\?redirect=/);
        assert.equal(await page.getByRole("dialog", { name: "Alerta de Seguridad" }).count(), 0);
        // Signing in again goes back to the screen the user was opening, or to the one shown when the 401 came
        // first from the link's preload on hover (a busy machine clicks more than the router's 50 ms later).
        const back = new URL(page.url()).searchParams.get("redirect");
        assert.ok(back === "/Admin/Buzon" || back === "/Admin/RoleManagement", `redirect ${back}`);
        await signIn(page, "admin@demo.pe", undefined, back);
        // The last visited path is remembered: after a new sign-in, / goes back there.
        await page.goto("/Admin/RoleManagement");
        await page.locator("tbody tr").first().waitFor();
        await context.clearCookies();
        await page.goto("/");
        await page.waitForURL("**/auth/login");
        await signIn(page, "admin@demo.pe", undefined, "/Admin/RoleManagement");
        await close();
      });
    } finally {
      await browser.close();
      await server.stop();
    }
  },
});
