// Screens that fit (issue 38): every tenant screen at 390×844 shows its amounts and actions inside the
// screen (no sideways scrolling, no letter-by-letter wrapping), the staff tables keep their row actions in
// view at 1366 px, and the guarantee dashboard's amounts and reception badges are read whole.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { launchBrowser, openPage, screenshot, signIn, signOut, step } from "../helpers/browser.ts";
import { startServer } from "../helpers/server.ts";

/**
 * What a person cannot reach on the screen: actions (buttons, links) and amounts (a text with 'S/' or '$')
 * that lie outside the viewport's width, and a page wider than the viewport.
 */
function outOfView(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width + 1) {
      out.push(`page ${document.documentElement.scrollWidth} px wide in ${width}`);
    }
    const seen = new Set<Element>();
    const candidates = [
      ...document.querySelectorAll("main button, main a[href], main [role=button]"),
      ...[...document.querySelectorAll("main td, main dd, main .amount, main strong, main span")]
        .filter((e) => /(S\/|\$)\s?-?[\d,]+\.\d{2}/.test(e.textContent ?? "") && e.children.length === 0),
    ];
    for (const e of candidates) {
      if (seen.has(e)) continue;
      seen.add(e);
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const style = getComputedStyle(e);
      if (style.visibility === "hidden") continue;
      if (r.right > width + 1 || r.left < -1) {
        out.push(
          `${e.tagName.toLowerCase()} '${(e.textContent ?? "").trim().slice(0, 40)}' at ${
            Math.round(r.left)
          }–${Math.round(r.right)}`,
        );
      }
    }
    return out;
  });
}

/** A page wider than its window (the whole screen scrolls sideways). */
function pageTooWide(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const d = document.documentElement;
    return d.scrollWidth > d.clientWidth + 1 ? [`page ${d.scrollWidth} px wide in ${d.clientWidth}`] : [];
  });
}

/** Column headers whose text is cut ('Recordato' for 'Recordatorio'). */
function clippedHeaders(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("main thead th")]
      .filter((th) => (th as HTMLElement).scrollWidth > (th as HTMLElement).clientWidth + 1)
      .map((th) => `header '${th.textContent?.trim()}' cut`)
  );
}

/** Key column headers not wholly inside their table's visible box. */
function keysOutOfView(page: Page, keys: string[]): Promise<string[]> {
  return page.evaluate((keys) => {
    const out: string[] = [];
    const ths = [...document.querySelectorAll("main thead th")];
    for (const key of keys) {
      const th = ths.find((h) => h.textContent?.trim() === key);
      if (!th) {
        out.push(`no column '${key}'`);
        continue;
      }
      const box = th.closest(".dt-scroll") ?? document.documentElement;
      const r = th.getBoundingClientRect();
      const v = box.getBoundingClientRect();
      if (r.right > Math.min(v.right, document.documentElement.clientWidth) + 1) {
        out.push(`column '${key}' out of view`);
      }
    }
    return out;
  }, keys);
}

/** Row actions a table's scrolling box hides (reachable only by scrolling it sideways). */
function hiddenInScroll(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const b of document.querySelectorAll("main tbody button")) {
      let box = b.parentElement;
      while (box && getComputedStyle(box).overflowX === "visible") box = box.parentElement;
      if (!box || box === document.body) continue;
      const r = b.getBoundingClientRect();
      const v = box.getBoundingClientRect();
      if (r.width > 0 && (r.right > v.right + 1 || r.left < v.left - 1)) {
        out.push(
          `'${b.getAttribute("aria-label") ?? b.textContent}' hidden in its table (${Math.round(r.left)}–${
            Math.round(r.right)
          } of ${Math.round(v.left)}–${Math.round(v.right)})`,
        );
        break;
      }
    }
    return out;
  });
}

/** Cells whose text wraps into more lines than words (the letter-by-letter wrapping of a squeezed column). */
function squeezedCells(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const td of document.querySelectorAll("main td, main th")) {
      const text = (td.textContent ?? "").trim();
      if (!text || (td as HTMLElement).getBoundingClientRect().width === 0) continue;
      // The lines its text takes: the distinct tops of the text's line boxes.
      const range = document.createRange();
      range.selectNodeContents(td);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      const words = text.split(/\s+/).length;
      if (lines > words + 1) out.push(`'${text.slice(0, 30)}' in ${lines} lines`);
    }
    return out;
  });
}

Deno.test({
  name: "browser: tenant screens at 390×844 and staff tables at 1366 keep amounts and actions in view",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer();
    const browser = await launchBrowser();
    try {
      await step(t, "tenant screens at 390×844: no amount or action off-screen", async () => {
        const { page, close } = await openPage(browser, server.url);
        try {
          await page.setViewportSize({ width: 390, height: 844 });
          await signIn(page, "tenant@demo.pe", undefined, "/locatario/dashboard");
          const screens: [string, string][] = [
            ["/locatario/dashboard", "main .card"],
            ["/cierreVentas/registrarCierre", "#venta-0"],
            ["/cierreVentas/consultarCierre", "main tbody tr td"],
            ["/estadoCuenta/EstadoCuenta", "main .card"],
            ["/garantias", "main .card"],
          ];
          const problems: string[] = [];
          for (const [path, ready] of screens) {
            await page.goto(path);
            await page.locator(ready).first().waitFor();
            await page.waitForLoadState("networkidle");
            await screenshot(page, `42-phone${path.replaceAll("/", "-")}`);
            for (const p of [...await outOfView(page), ...await squeezedCells(page)]) {
              problems.push(`${path}: ${p}`);
            }
          }
          assert.deepEqual(problems, []);
        } finally {
          await close();
        }
      });
      await step(
        t,
        "staff tables at 1366×768: every row action in view without scrolling sideways",
        async () => {
          const { page, close } = await openPage(browser, server.url);
          try {
            await page.setViewportSize({ width: 1366, height: 768 });
            const problems: string[] = [];
            // Each screen, its row action, and its key columns (a wide table may scroll the rest in its card).
            const screens: [string, string, string, string[]][] = [
              ["staff@demo.pe", "/Blacklist/Index", "Enviar recordatorio", ["Recordatorio"]],
              [
                "tesoreria@demo.pe",
                "/garantias/listado_garantias_boveda",
                "Historial de ubicaciones",
                ["Contrato", "File", "Letra y Número", "Estado Ubicación", "Autorización", "Actualizado"],
              ],
              // Wide reports scroll inside their card, the first column and the row action kept in view.
              ["admin@demo.pe", "/Reportes/VentaconContrato", "Cierres de", ["Contrato", "Cierres"]],
              ["admin@demo.pe", "/Reportes/RankingVentasPorMall", "Curva de ventas de", [
                "Cod Contrato",
                "Curva",
              ]],
              ["admin@demo.pe", "/Reportes/EvolucionVentasTienda", "Curva de ventas de", [
                "Contrato",
                "Curva",
              ]],
            ];
            for (const [email, path, action, keys] of screens) {
              await signIn(page, email);
              await page.goto(path);
              await page.getByRole("button", { name: new RegExp(action) }).first().waitFor();
              await screenshot(page, `43-wide${path.replaceAll("/", "-")}`);
              const found = [
                ...await pageTooWide(page),
                ...await hiddenInScroll(page),
                ...await clippedHeaders(page),
                ...await keysOutOfView(page, keys),
              ];
              for (const p of found) problems.push(`${path}: ${p}`);
              await signOut(page);
            }
            assert.deepEqual(problems, []);
          } finally {
            await close();
          }
        },
      );

      await step(t, "a report on a phone: each line of a row's card is headed by its column", async () => {
        const { page, close } = await openPage(browser, server.url);
        try {
          await page.setViewportSize({ width: 390, height: 844 });
          await signIn(page, "admin@demo.pe");
          await page.goto("/Reportes/EvolucionVentas");
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
          await page.goto("/dashboard");
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
                  spare: f.parentElement!.clientWidth - f.querySelector("svg")!.getBoundingClientRect().width,
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
        } finally {
          await close();
        }
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
