import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { limaDate } from "../../services/clock.ts";
import type { Db } from "../../services/db.ts";
import { addDays, dmy } from "../../services/days.ts";
import { roundHalfUp } from "../../services/numbers.ts";
import {
  launchBrowser,
  openPage,
  screenshot,
  seriousViolations,
  signIn,
  signOut,
  submitLogin,
} from "../helpers/browser.ts";
import { referenceDb } from "../helpers/rollback_db.ts";
import { startServer } from "../helpers/server.ts";
import { contractOf } from "../helpers/tenant.ts";

// The server seeds the same deterministic small set as the test template of today, so the expected
// figures are computed here, with plain SQL on a copy of that set, independently of the services.

const money = (v: number, cur = "S/") =>
  `${v < 0 ? "-" : ""}${cur} ${
    Math.abs(v).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  }`;
const r2 = (x: number) => roundHalfUp(x, 2);
const r1 = (x: number) => roundHalfUp(x, 1);

interface Expected {
  date: string;
  cards: Record<string, { value: number | null; variation: number | null }>;
}

/** The six cards of a contract, from its closings and its category's (3+ other tenants or nothing). */
async function expectedCards(db: Db, contractId: number, today: string): Promise<Expected> {
  const [c] = await db.query<{ category_id: number; area: number; tenant_id: number }>(
    "select category_id, area, tenant_id from contracts where id = $1",
    [contractId],
  );
  const [{ d }] = await db.query<{ d: string }>(
    "select max(sale_date) as d from sales_closings where contract_id = $1 and sale_date <= $2",
    [contractId, today],
  );
  const rows = await db.query<
    { day: string; contract_id: number; tenant_id: number; area: number; amount: number }
  >(
    `select s.sale_date as day, s.contract_id, c.tenant_id, c.area, sum(s.amount) as amount
       from sales_closings s join contracts c on c.id = s.contract_id
      where c.category_id = $1 and s.sale_date in ($2::date, $2::date - 1)
      group by 1, 2, 3, 4`,
    [c.category_id, d],
  );
  const area = Number(c.area);
  const dayFigures = (day: string) => {
    const rs = rows.filter((r) => String(r.day) === day);
    // Summed in cents, as exactly as the database sums its numeric amounts.
    const sum = (xs: typeof rs) => xs.reduce((n, r) => n + Math.round(Number(r.amount) * 100), 0) / 100;
    const own = sum(rs.filter((r) => r.contract_id === contractId));
    const others = new Set(rs.filter((r) => r.tenant_id !== c.tenant_id).map((r) => r.tenant_id)).size;
    const total = sum(rs);
    const areas = rs.reduce((n, r) => n + Number(r.area), 0);
    const ok = others >= 3;
    const avg = ok ? total / rs.length : null, avgM2 = ok ? total / areas : null;
    return {
      own,
      ownM2: own / area,
      avg,
      avgM2,
      diff: avg == null ? null : own - avg,
      diffM2: avgM2 == null ? null : own / area - avgM2,
    };
  };
  const now = dayFigures(String(d)), prev = dayFigures(addDays(String(d), -1));
  const fig = (a: number | null, b: number | null) => ({
    value: a == null ? null : r2(a),
    variation: a == null || b == null || b === 0 ? null : r1(((a - b) / Math.abs(b)) * 100),
  });
  return {
    date: String(d),
    cards: {
      "Venta del día": fig(now.own, prev.own),
      "Venta Rubro": fig(now.avg, prev.avg),
      "Diferencia": fig(now.diff, prev.diff),
      "Venta m2": fig(now.ownM2, prev.ownM2),
      "Vta Rubro m2": fig(now.avgM2, prev.avgM2),
      "Diferencia m2": fig(now.diffM2, prev.diffM2),
    },
  };
}

async function checkCards(page: Page, expected: Expected) {
  await page.getByTestId("dashboard-date").filter({ hasText: dmy(expected.date) }).waitFor();
  for (const [label, want] of Object.entries(expected.cards)) {
    const card = page.getByRole("region", { name: label, exact: true });
    const value = await card.locator(".figure-value").getAttribute("data-value");
    const variation = await card.locator(".figure-variation").getAttribute("data-variation");
    assert.equal(value === "" ? null : Number(value), want.value, `${label} value`);
    assert.equal(variation === "" ? null : Number(variation), want.variation, `${label} variation`);
    const shown = await card.locator(".figure-value").innerText();
    assert.equal(shown, want.value == null ? "—" : money(want.value), `${label} text`);
  }
}

Deno.test({
  name: "browser: a tenant picks a contract, sees its dashboard and statement, manages its users",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const today = limaDate(new Date());
    const reference = await referenceDb();
    const server = await startServer();
    const browser = await launchBrowser();
    const { page, errors, close } = await openPage(browser, server.url);
    try {
      const a = await contractOf(reference, "tenant@demo.pe");
      const b = await contractOf(reference, "tenant@demo.pe", false);
      const c = await contractOf(reference, "tenant2@demo.pe");

      await t.step("tenant2's dashboard cards show the figures computed from the data", async () => {
        await signIn(page, "tenant2@demo.pe", undefined, "/locatario/dashboard");
        const expected = await expectedCards(reference, c.id, today);
        assert.notEqual(expected.cards["Venta Rubro"].value, null, "its category has three other tenants");
        await checkCards(page, expected);
        assert.equal(
          await page.getByRole("link", { name: /Cambiar contrato/ }).count(),
          0,
          "one contract only",
        );
        await page.locator(".chart svg").first().waitFor();
        await screenshot(page, "40-tenant-dashboard");
        await signOut(page);
      });

      await t.step("tenant@ switches to its second contract and back", async () => {
        await signIn(page, "tenant@demo.pe", undefined, "/locatario/dashboard");
        assert.match(await page.locator(".home-welcome").innerText(), new RegExp(`Contrato ${a.code}`));
        await page.getByRole("link", { name: /Cambiar contrato/ }).click();
        await page.waitForURL("**/locatario/seleccionar-contrato");
        await page.locator(".page-title", { hasText: "Seleccionar Contrato" }).waitFor();
        // Preselected to the default contract; only the user's own two contracts are offered.
        const dropdown = page.locator(".choose-card .p-dropdown");
        await dropdown.locator(".p-dropdown-label", { hasText: a.code }).waitFor();
        await dropdown.click();
        const options = await page.locator(".p-dropdown-item").allInnerTexts();
        assert.equal(options.length, 2);
        assert.ok(options.every((o) => o.includes(a.code) || o.includes(b.code)), options.join(", "));
        await screenshot(page, "41-select-contract");
        await page.locator(".p-dropdown-item", { hasText: b.code }).click();
        await page.getByRole("button", { name: "Continuar" }).click();
        await page.waitForURL("**/locatario/dashboard");
        await page.locator(".home-welcome", { hasText: `Contrato ${b.code}` }).waitFor();
        await checkCards(page, await expectedCards(reference, b.id, today));
        await page.getByRole("link", { name: /Cambiar contrato/ }).click();
        await page.locator(".page-title", { hasText: "Seleccionar Contrato" }).waitFor();
        await page.locator(".choose-card .p-dropdown .p-dropdown-label", { hasText: a.code }).click();
        await page.locator(".p-dropdown-item", { hasText: a.code }).click();
        await page.getByRole("button", { name: "Continuar" }).click();
        await page.locator(".home-welcome", { hasText: `Contrato ${a.code}` }).waitFor();
      });

      await t.step("registering yesterday moves tenant@'s dashboard to that day", async () => {
        await checkCards(page, await expectedCards(reference, a.id, today));
        await page.goto("/cierreVentas/registrarCierre");
        await page.locator(".supply-card").first().waitFor();
        const n = await page.locator(".supply-card").count();
        for (let i = 0; i < n; i++) {
          await page.locator(`#venta-${i}`).fill("2500.25");
          await page.locator(`#transacciones-${i}`).fill("30");
        }
        await page.getByRole("button", { name: "Registrar" }).click();
        await page.getByRole("dialog", { name: "Guardado Exitoso" }).getByRole("button", { name: "Aceptar" })
          .click();
        await page.goto("/locatario/dashboard");
        await page.getByTestId("dashboard-date").filter({ hasText: dmy(addDays(today, -1)) }).waitFor();
        const card = page.getByRole("region", { name: "Venta del día", exact: true });
        assert.equal(await card.locator(".figure-value").innerText(), money(2500.25 * n));
        await screenshot(page, "42-tenant-dashboard-after-register");
      });

      await t.step("the account statement shows the customer's totals", async () => {
        await page.goto("/estadoCuenta/EstadoCuenta");
        assert.equal(await page.locator(".page-title").innerText(), "Estado de Cuenta");
        const sums = await reference.query<{ currency: string; total: number; overdue: number }>(
          `select currency, sum(balance) as total, coalesce(sum(balance) filter (where due_on < $2), 0) as overdue
             from receivables where tenant_id = $1 group by currency`,
          [a.tenantId, today],
        );
        const pen = sums.find((s) => s.currency === "PEN")!, usd = sums.find((s) => s.currency === "USD")!;
        assert.equal(await page.getByTestId("total-soles").innerText(), money(Number(pen.total)));
        assert.equal(await page.getByTestId("total-dólares").innerText(), money(Number(usd.total), "$"));
        const soles = page.getByRole("region", { name: "Total por cobrar en soles" });
        assert.match(
          await soles.innerText(),
          new RegExp(`Vencido\\s+${money(Number(pen.overdue)).replace(/[$/.]/g, "\\$&")}`),
        );
        const [{ days }] = await reference.query<{ days: number }>(
          "select ($2::date - min(due_on)) as days from receivables where tenant_id = $1 and due_on < $2",
          [a.tenantId, today],
        );
        assert.equal(
          await page.getByTestId("dias-atraso").innerText(),
          `${days} ${days === 1 ? "día" : "días"}`,
        );
        const mood = await page.locator(".mood-face").getAttribute("data-mood");
        assert.equal(mood, days > 30 ? "triste" : days > 0 ? "alerta" : "feliz");
        const debts = page.getByRole("region", { name: "Deudas vencidas" });
        await debts.locator("tbody tr").first().waitFor();
        const [{ n }] = await reference.query<{ n: number }>(
          `select count(*)::int as n from guarantee_details d join guarantees g on g.id = d.guarantee_id
             join contracts c on c.id = g.contract_id where c.tenant_id = $1 and not d.is_renovada`,
          [a.tenantId],
        );
        const guarantees = page.getByRole("region", { name: "Garantías", exact: true });
        await guarantees.getByText(n === 1 ? "1 registro" : `${n} registros`).or(
          guarantees.getByText(`1 - 10 de ${n}`),
        ).waitFor();
        await screenshot(page, "43-account-statement");
        await debts.getByRole("button", { name: /Ver el detalle/ }).first().click();
        const detail = page.getByRole("dialog", { name: "Detalle de la deuda" });
        await detail.getByText("Días de atraso").waitFor();
        await screenshot(page, "44-debt-detail");
        await page.keyboard.press("Escape");
      });

      await t.step("tenant@ manages its four users; no password ever shows", async () => {
        await page.goto("/locatario/administracion");
        await page.locator(".slot-card").first().waitFor();
        assert.equal(await page.locator(".slot-card").count(), 4);
        for (const title of ["Administrador", "Operador", "Financiero 1", "Financiero 2"]) {
          await page.getByRole("region", { name: title, exact: true }).waitFor();
        }
        const operador = page.getByRole("region", { name: "Operador", exact: true });
        assert.equal(await operador.getByLabel("Email").inputValue(), "operador@demo.pe");
        assert.equal(await operador.locator("input[type=password]").inputValue(), "");
        // The same account state as the administrator's 'Usuarios' table shows (issue 19).
        await operador.getByText("Activo", { exact: true }).waitFor();
        await screenshot(page, "45-tenant-users");
        await operador.getByLabel("Usuario").fill("Rosa Condori T.");
        await operador.locator("input[type=password]").fill("corta");
        await page.getByRole("button", { name: "Guardar cambios" }).click();
        await operador.getByText("La contraseña debe tener al menos 8 caracteres.").waitFor();
        await operador.locator("input[type=password]").fill("Operadora-2026");
        await page.getByRole("button", { name: "Guardar cambios" }).click();
        await page.getByRole("dialog", { name: "Información" }).getByText(
          "Los cambios fueron guardados con exito.",
        ).waitFor();
        await page.getByRole("button", { name: "De acuerdo" }).click();
        assert.equal(await operador.getByLabel("Usuario").inputValue(), "Rosa Condori T.");
        assert.equal(await operador.locator("input[type=password]").inputValue(), "");
        const html = await page.content();
        assert.ok(!html.includes("Operadora-2026") && !html.includes("Demo-2026"), "no password in the page");
      });
      await t.step("a person removed from the contract reaches 'Usuario no identificado'", async () => {
        await page.goto("/locatario/administracion");
        const f2 = page.getByRole("region", { name: "Financiero 2", exact: true });
        await f2.getByRole("button", { name: "Quitar" }).click();
        assert.equal(await f2.getByLabel("Email").inputValue(), "");
        await page.getByRole("button", { name: "Guardar cambios" }).click();
        await page.getByRole("dialog", { name: "Información" }).waitFor();
        await page.getByRole("button", { name: "De acuerdo" }).click();
        await f2.getByText("Sin asignar").waitFor();
        const other = await openPage(browser, server.url);
        try {
          // Role 114 lands on the statement, which a person without a contract cannot open: no signIn().
          await submitLogin(other.page, "garantias@demo.pe", "Demo-2026");
          await other.page.waitForURL((u) => !u.pathname.startsWith("/auth"));
          await other.page.goto("/estadoCuenta/EstadoCuenta");
          await other.page.waitForURL("**/UnidentifiedUserLocatario");
          await other.page.getByRole("heading", { name: "Usuario no identificado" }).waitFor();
          await screenshot(other.page, "46-unidentified-tenant");
        } finally {
          await other.close();
        }
      });

      await t.step("the tenant screens have no serious accessibility violations", async () => {
        const screens: [string, string][] = [
          ["/locatario/dashboard", ".figure-card"],
          ["/cierreVentas/registrarCierre", ".closing-done, .supply-card"],
          ["/cierreVentas/consultarCierre", ".closing-grid tbody tr"],
          ["/estadoCuenta/EstadoCuenta", ".money-card"],
          ["/locatario/administracion", ".slot-card"],
          ["/locatario/seleccionar-contrato", ".choose-card .p-dropdown-label"],
        ];
        for (const [path, ready] of screens) {
          await page.goto(path);
          await page.locator(ready).first().waitFor({ timeout: 8000 }).catch(async (e) => {
            await screenshot(page, "49-a11y-failure");
            throw new Error(`${path}: ${e}\n${errors.join("\n")}`);
          });
          assert.deepEqual(await seriousViolations(page), [], path);
        }
      });
      assert.deepEqual(errors, []);
    } finally {
      await close();
      await browser.close();
      await server.stop();
      await reference.close();
    }
  },
});
