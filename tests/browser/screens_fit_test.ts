// Every screen of the menu in one sweep: fit (issue 38) and accessibility. Every tenant screen at 390×844
// shows its amounts and actions inside the screen (no sideways scrolling, no letter-by-letter wrapping), the
// staff tables keep their row actions in view at 1366 px, the guarantee dashboard's amounts and reception
// badges are read whole; and axe finds no serious or critical violation on any menu screen once its data is in,
// nor on the sign-in screen (with its validation messages) and the add-user dialog. One server, one sign-in
// per account for the whole menu: the accessibility files that opened the same screens through the menu, each
// on its own server and browser, cost as much CPU again (docs/decisions.md, Tests).
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import {
  launchBrowser,
  openPage,
  screenshot,
  seriousViolations,
  signIn,
  signOut,
  step,
} from "../helpers/browser.ts";
import { settledViolations } from "../helpers/a11y.ts";
import {
  clippedHeaders,
  hiddenInScroll,
  keysOutOfView,
  outOfView,
  pageTooWide,
  rowActions,
  rowActionsOffScreen,
  squeezedCells,
  tooWideOnPhone,
} from "../helpers/fit.ts";
import { startServer } from "../helpers/server.ts";
import { isMenuScreen, type MenuScreen, SCREENS } from "../../web/src/screens.ts";

/** The menu's screens as the registry lists them: the staff ones, and the tenant's (a contract chosen). */
const MENU = Object.entries(SCREENS).flatMap(([path, s]) => isMenuScreen(s) ? [{ path, ...s } as const] : []);
const STAFF_SCREENS = MENU.filter((s: MenuScreen) => !s.tenant);
const TENANT_SCREENS = MENU.filter((s: MenuScreen) => s.tenant === "contract");
const titleOf = (path: string) => MENU.find((s) => s.path === path)!.title;

/**
 * Opens a screen inside the running app (the router follows the history, no reload: the analytics engine and
 * the data already loaded stay) and waits until it has settled: its title shown and nothing in it loading
 * (no 'Cargando…', no spinner) for a quarter of a second.
 */
async function visit(page: Page, path: string, title: string) {
  await page.evaluate((to) => {
    history.pushState(history.state, "", to);
    dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
  }, path);
  await page.waitForURL((u) => u.pathname === path);
  await page.locator(".page-title", { hasText: title }).first().waitFor();
  await page.waitForFunction(
    () => {
      const w = globalThis as unknown as { settledSince?: number };
      const main = document.querySelector("main");
      const busy = !main || /Cargando|Calculando/.test(main.textContent ?? "") ||
        main.querySelector(".pi-spin, [aria-busy=true]") != null;
      if (busy) w.settledSince = undefined;
      else w.settledSince ??= performance.now();
      return !busy && performance.now() - w.settledSince! >= 250;
    },
    null,
    { polling: 50 },
  );
}

/** A screen's accessibility problems, each with its path (a failure's picture kept). */
async function axeProblems(page: Page, path: string): Promise<string[]> {
  const found = await settledViolations(page);
  if (found.length) await screenshot(page, `FAILED-a11y${path.replaceAll("/", "-")}`);
  return found.map((v) => `${path}: ${v}`);
}

/** Screens the sweep must have checked with axe (its list is the registry's: these say it is not empty). */
const MUST_CHECK = [
  "/locatario/dashboard",
  "/cierreVentas/registrarCierre",
  "/Admin/UsersManagement",
  "/Estadocuenta/Index",
  "/Inflacion/Index",
  "/Locatario/Index",
  "/dashboard",
  "/ventaGeneral",
  "/indicadoresVentaMensual",
];

Deno.test({
  name:
    "browser: every menu screen fits (tenant at 390×844, staff at 1366) and has no serious accessibility violation",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer();
    const browser = await launchBrowser();
    // Every menu screen, each by the account the sweep opens it with (a tenant screen by tenant@, the staff
    // ones by admin@, who holds every staff permission: the first demo account offering each screen).
    const axeChecked = new Map<string, string>();
    try {
      await step(
        t,
        "the accessibility check itself finds what axe calls serious: a nameless button, text without contrast",
        async () => {
          const probe = await browser.newPage();
          try {
            await probe.setContent(
              `<html lang="es"><head><title>Prueba</title></head><body><main><button></button><p style="color:#eee;background:#fff">Hola</p></main></body></html>`,
            );
            const found = (await seriousViolations(probe)).map((v) => v.split(":")[0]);
            assert.deepEqual(found.sort(), ["critical button-name", "serious color-contrast"]);
          } finally {
            await probe.close();
          }
        },
      );

      await step(
        t,
        "tenant screens at 390×844: no amount or action off-screen, no axe violation",
        async () => {
          const { page, close } = await openPage(browser, server.url);
          try {
            await page.setViewportSize({ width: 390, height: 844 });
            await signIn(page, "tenant@demo.pe", undefined, "/locatario/dashboard");
            const problems: string[] = [];
            for (const { path, title } of TENANT_SCREENS) {
              // visit waits for the screen's own title: never the 404 page (tests/browser/auth_test.ts counts
              // on this).
              await visit(page, path, title);
              await screenshot(page, `42-phone${path.replaceAll("/", "-")}`);
              for (const p of [...await outOfView(page), ...await squeezedCells(page)]) {
                problems.push(`${path}: ${p}`);
              }
              problems.push(...await axeProblems(page, path));
              axeChecked.set(path, "tenant@demo.pe");
            }
            assert.deepEqual(problems, []);
          } finally {
            await close();
          }
        },
      );

      const staff = await openPage(browser, server.url);
      const page = staff.page;
      try {
        await page.setViewportSize({ width: 1366, height: 768 });
        await step(t, "login screen, with its validation messages: no axe violation", async () => {
          await page.goto("/auth/login");
          await page.getByRole("button", { name: "Ingresar" }).waitFor();
          assert.deepEqual(await seriousViolations(page), []);
          await page.getByRole("button", { name: "Ingresar" }).click();
          await page.getByText("Ingresar correo electrónico").waitFor();
          assert.deepEqual(await seriousViolations(page), []);
        });

        await step(
          t,
          "every staff menu screen at 1366×768: no row action out of view, no axe violation",
          async () => {
            await signIn(page, "admin@demo.pe");
            // Every staff screen of the registry opens for a role with every permission (visit waits for its
            // URL and title: a screen the guard refused, or the 404 page, would fail there).
            const problems: string[] = [];
            const measured: string[] = [];
            const started = performance.now();
            for (const { path, title } of STAFF_SCREENS) {
              await visit(page, path, title);
              const found = [
                ...await pageTooWide(page),
                ...await rowActionsOffScreen(page),
                ...await hiddenInScroll(page),
              ];
              if (found.length) await screenshot(page, `FAILED-44-sweep${path.replaceAll("/", "-")}`);
              for (const p of found) problems.push(`${path}: ${p}`);
              if (await rowActions(page) > 0) measured.push(path);
              problems.push(...await axeProblems(page, path));
              axeChecked.set(path, "admin@demo.pe");
            }
            console.log(
              `sweep: ${STAFF_SCREENS.length} staff screens in ${
                Math.round(performance.now() - started)
              } ms, ${measured.length} with row actions`,
            );
            assert.deepEqual(problems, []);
            // The sweep measured tables, not empty screens: the listings known to carry row actions had them.
            for (
              const path of [
                "/Blacklist/Index",
                "/Admin/UsersManagement",
                "/garantias/listado_garantias_boveda",
              ]
            ) {
              assert.ok(measured.includes(path), `${path}: no row action measured`);
            }
          },
        );

        await step(
          t,
          "staff tables at 1366×768: every row action in view without scrolling sideways",
          async () => {
            const problems: string[] = [];
            /** A screen's row action, then its key columns (a wide table may scroll the rest in its card). */
            const check = async (on: Page, path: string, action: string, keys: string[]) => {
              await on.getByRole("button", { name: new RegExp(action) }).first().waitFor();
              await screenshot(on, `43-wide${path.replaceAll("/", "-")}`);
              const found = [
                ...await pageTooWide(on),
                ...await hiddenInScroll(on),
                ...await clippedHeaders(on),
                ...await keysOutOfView(on, keys),
              ];
              for (const p of found) problems.push(`${path}: ${p}`);
            };
            // Wide reports scroll inside their card, the first column and the row action kept in view: as the
            // admin signed in for the sweep (the app and its report engine stay loaded: a sign-in and a first
            // report load each cost about 2 CPU seconds).
            const wide: [string, string, string[]][] = [
              ["/Reportes/VentaconContrato", "Cierres de", ["Contrato", "Cierres"]],
              ["/Reportes/RankingVentasPorMall", "Curva de ventas de", ["Cod Contrato", "Curva"]],
              ["/Reportes/EvolucionVentasTienda", "Curva de ventas de", ["Contrato", "Curva"]],
            ];
            for (const [path, action, keys] of wide) {
              await visit(page, path, titleOf(path));
              await check(page, path, action, keys);
            }
            // The listings as the roles that work them, on a page of their own.
            const other = await openPage(browser, server.url);
            try {
              await other.page.setViewportSize({ width: 1366, height: 768 });
              const listings: [string, string, string, string[]][] = [
                ["staff@demo.pe", "/Blacklist/Index", "Enviar recordatorio", ["Recordatorio"]],
                [
                  "tesoreria@demo.pe",
                  "/garantias/listado_garantias_boveda",
                  "Historial de ubicaciones",
                  ["Contrato", "File", "Letra y Número", "Estado Ubicación", "Autorización", "Actualizado"],
                ],
              ];
              for (const [email, path, action, keys] of listings) {
                await signIn(other.page, email);
                await other.page.goto(path);
                await check(other.page, path, action, keys);
                await signOut(other.page);
              }
            } finally {
              await other.close();
            }
            assert.deepEqual(problems, []);
          },
        );

        await step(t, "the add-user dialog: no axe violation; Escape returns the focus", async () => {
          await visit(page, "/Admin/UsersManagement", "Usuarios");
          await page.locator("tbody tr").first().waitFor();
          await page.getByRole("button", { name: "Añadir Usuario" }).click();
          await page.getByRole("dialog", { name: "Agregar usuario" }).waitFor();
          assert.deepEqual(await seriousViolations(page), []);
          await screenshot(page, "30-a11y-add-user");
          await page.keyboard.press("Escape");
          await page.getByRole("dialog", { name: "Agregar usuario" }).waitFor({ state: "hidden" });
          // To its button: a keyboard user goes on from there, not from the page's top.
          const back = () => document.activeElement?.textContent?.trim() === "Añadir Usuario";
          await page.waitForFunction(back, null, { timeout: 5_000 });
        });
        await step(t, "a report on a phone: each line of a row's card is headed by its column", async () => {
          // The sweep's admin page on a phone's screen (the app and its report engine stay loaded).
          await page.setViewportSize({ width: 390, height: 844 });
          await visit(page, "/Reportes/EvolucionVentas", titleOf("/Reportes/EvolucionVentas"));
          const cells = page.locator("section[aria-label^='Ventas Año Actual'] tbody td");
          await cells.filter({ hasText: "S/" }).first().waitFor();
          // What the card shows before each value: the column's name, drawn from data-label (table.css).
          const unlabelled = await cells.evaluateAll((tds) =>
            tds.filter((td) => (td.textContent ?? "").trim() !== "")
              .filter((td) => !/^"\S/.test(getComputedStyle(td, "::before").content))
              .map((td) => td.textContent)
          );
          assert.deepEqual(unlabelled.slice(0, 5), []);
          const first = await cells.nth(2).evaluate((td) => getComputedStyle(td, "::before").content);
          assert.match(first, /Ene|Feb|Mar|Abr|May|Jun|Jul|Ago|Set|Oct|Nov|Dic/);
          assert.deepEqual(await outOfView(page), []);

          // The dashboard's charts: the plot as wide as its card, and the month labels apart from each other.
          await visit(page, "/dashboard", "Dashboard");
          const months = /^(Ene|Feb|Mar|Abr|May|Jun|Jul|Ago|Set|Oct|Nov|Dic)$/;
          await page.locator("figure.chart svg text").filter({ hasText: months }).first().waitFor();
          const charts = await page.locator("figure.chart").evaluateAll(
            (figures, months) =>
              figures.map((f) => {
                const labels = [...f.querySelectorAll("svg text")]
                  .filter((t) => new RegExp(months).test(t.textContent ?? ""))
                  .map((t) => t.getBoundingClientRect());
                const overlaps = labels.slice(1).filter((r, i) => r.left < labels[i].right).length;
                return {
                  overlaps,
                  shown: labels.length,
                  spare: f.parentElement!.clientWidth -
                    f.querySelector("svg")!.getBoundingClientRect().width,
                };
              }),
            months.source,
          );
          assert.ok(charts.length >= 2, `charts: ${JSON.stringify(charts)}`);
          for (const c of charts) {
            assert.equal(c.overlaps, 0, JSON.stringify(c));
            assert.ok(c.shown >= 3, JSON.stringify(c));
            // The card's own padding only (2 × 20 px), not a figure's 40 px side margins as well.
            assert.ok(c.spare <= 48, JSON.stringify(c));
          }
        });
      } finally {
        await staff.close();
      }

      await step(t, "the staff and tenant screens are among those axe checked", () => {
        for (const p of MUST_CHECK) {
          assert.ok(axeChecked.has(p), `${p} (checked: ${[...axeChecked.keys()].join(", ")})`);
        }
        return Promise.resolve();
      });

      await step(
        t,
        "guarantee dashboard: the 90-day table's amounts on one line, the badges readable",
        async () => {
          const { page, close } = await openPage(browser, server.url);
          try {
            await page.setViewportSize({ width: 1366, height: 768 });
            await signIn(page, "cobranza@demo.pe");
            await page.goto("/garantias/dashboard_garantia");
            const amounts = page.locator(".progress-table td.amount");
            await amounts.first().waitFor();
            const wrapped = await amounts.evaluateAll((tds) =>
              tds.filter((td) => {
                const range = document.createRange();
                range.selectNodeContents(td);
                return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
              }).map((td) => td.textContent)
            );
            assert.deepEqual(wrapped, []);
            // The chart's mall names (the x axis, drawn first) wrap within their slots: none over another.
            const overlapping = await page.locator("figure.chart svg").first().evaluate((svg) => {
              const r = [...svg.querySelectorAll("g.visx-axis")[0].querySelectorAll("text")].map((t) => ({
                text: t.textContent,
                box: t.getBoundingClientRect(),
              }));
              return r.slice(1).filter((x, i) => x.box.left < r[i].box.right && x.box.top < r[i].box.bottom)
                .map((x, i) => `${r[i].text} / ${x.text}`);
            });
            assert.deepEqual(overlapping, []);
            // The client search's RUC takes digits only, and says so rather than dropping a letter silently.
            const ruc = page.locator("#client-ruc");
            await ruc.pressSequentially("2051a");
            assert.equal(await ruc.inputValue(), "2051");
            await page.getByText("Ingresar solo números (hasta 11 dígitos).").waitFor();
            // The reception badge as the grids draw it ('Sin recepción' while a letter has none), measured with
            // the guarantee screens' own styles loaded.
            const size = await page.evaluate(() => {
              const badge = document.createElement("span");
              badge.className = "light light-gris light-small";
              badge.innerHTML =
                '<span class="light-dot"></span><span class="light-caption">Sin recepción</span>';
              document.querySelector("main")!.append(badge);
              const px = parseFloat(getComputedStyle(badge.querySelector(".light-caption")!).fontSize);
              badge.remove();
              return px;
            });
            assert.ok(size >= 12, `the reception badge's text is ${size} px`);
            // On a phone its tables scroll inside their boxes (they made the page 512 px wide in 390).
            assert.equal(await tooWideOnPhone(page), null);
          } finally {
            await close();
          }
        },
      );
    } finally {
      await browser.close();
      await server.stop();
    }
  },
});
