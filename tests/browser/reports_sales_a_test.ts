// Issue 11, part A: Reporte General de Ventas, Ventas m2 por Locatario, Ventas por Categoría and Ventas por
// Día on the small seed. Figures on screen against PostgreSQL (PGlite) queries written here, not the reports'
// DuckDB SQL; one page, moving between the screens by the menu.

import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { limaDate } from "../../services/clock.ts";
import type { Db } from "../../services/db.ts";
import { launchBrowser, openPage, screenshot, signIn, signOut } from "../helpers/browser.ts";
import { freshDb } from "../helpers/db.ts";
import {
  close,
  dayCell,
  dayOf,
  downloadExcel,
  eventually,
  type Figure,
  monthOf,
  parseFigure,
  pickOption,
  sameDays,
  shift,
  tableCells,
  yearOf,
  ymd,
} from "../helpers/reports.ts";
import { startServer } from "../helpers/server.ts";

const GV = "Reporte General de Ventas";
const M2 = "Ventas m2 por Locatario";
const CAT = "Ventas por Categoría";
const DIA = "Ventas por Día";
const RANGE_ERROR = "El rango de fechas debe estar dentro del mismo año";

interface ContractFigures {
  code: string;
  mall_id: number;
  category: string;
  area: number;
  act: number;
  cmp: number;
  in_act: boolean;
  in_cmp: boolean;
}

/** Per soles contract (or dollar one): its sales in two spans and whether it had closings in each (docs/metrics.md). */
function contractFigures(
  db: Db,
  act: { start: string; end: string },
  cmp: { start: string; end: string },
  currency: "PEN" | "USD" = "PEN",
) {
  return db.query<ContractFigures>(
    `with a as (select contract_id, sum(amount) as v from sales_closings where sale_date between $1 and $2
                 group by contract_id),
          b as (select contract_id, sum(amount) as v from sales_closings where sale_date between $3 and $4
                 group by contract_id)
     select c.code, c.mall_id, g.name as category, c.area::float8 as area, coalesce(a.v, 0)::float8 as act,
            coalesce(b.v, 0)::float8 as cmp, a.contract_id is not null as in_act, b.contract_id is not null as in_cmp
       from contracts c join categories g on g.id = c.category_id
       left join a on a.contract_id = c.id left join b on b.contract_id = c.id
      where c.currency = $5 and (a.contract_id is not null or b.contract_id is not null)`,
    [act.start, act.end, cmp.start, cmp.end, currency],
  );
}

/** Sales, areas where sold, differences and per m2 figures of a group of contracts. */
function compared(rs: ContractFigures[]) {
  const sum = (f: (r: ContractFigures) => number) => rs.reduce((n, r) => n + f(r), 0);
  const act = sum((r) => r.act), cmp = sum((r) => r.cmp);
  const areaAct = sum((r) => (r.act > 0 ? r.area : 0)), areaCmp = sum((r) => (r.cmp > 0 ? r.area : 0));
  const actM2 = areaAct ? act / areaAct : null, cmpM2 = areaCmp ? cmp / areaCmp : null;
  return {
    act,
    cmp,
    diff: act - cmp,
    pct: cmp ? (act - cmp) / cmp * 100 : null,
    areaAct,
    areaCmp,
    actM2,
    cmpM2,
    diffM2: actM2 !== null && cmpM2 !== null ? actM2 - cmpM2 : null,
    pctM2: actM2 !== null && cmpM2 ? (actM2 / cmpM2) * 100 - 100 : null,
  };
}

/** Compares cells read off the screen with expected figures (tolerance by kind: money, %, area). */
function diffCells(what: string, cells: string[], want: (Figure | string)[], tol: number[]): string[] {
  const out: string[] = [];
  want.forEach((w, i) => {
    if (typeof w === "string") {
      if (cells[i]?.trim() !== w) out.push(`${what} col ${i}: '${cells[i]}' vs '${w}'`);
    } else if (!close(parseFigure(cells[i] ?? ""), w, tol[i])) {
      out.push(`${what} col ${i}: ${cells[i]} vs ${w}`);
    }
  });
  return out;
}

const M = 0.006, P = 0.051, A = 0.00006, N = 0;

async function openFromMenu(page: Page, label: string) {
  const link = page.getByRole("link", { name: label, exact: true });
  if (!(await link.isVisible())) await page.locator(".side-section-header", { hasText: "Reporting" }).click();
  await link.click();
}

Deno.test({
  name:
    "browser: the sales reports of issue 11 (A) against PostgreSQL, URL filters, export, same-year rule, access",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const today = limaDate(new Date());
    const yesterday = shift(today, -1);
    const [y, m, d] = [yearOf(yesterday), monthOf(yesterday), dayOf(yesterday)];
    const month = { start: ymd(y, m, 1), end: yesterday };
    const cmpMonth = sameDays(y - 1, m, 1, d);
    const reference = await freshDb("pglite");
    const server = await startServer();
    const browser = await launchBrowser();
    const { page, errors, close: closePage } = await openPage(browser, server.url);
    try {
      await signIn(page, "admin@demo.pe");

      await t.step(
        "Reporte General de Ventas: a shared link's range, totals per currency, sorting",
        async () => {
          // The whole month before yesterday's (a link a colleague sent).
          const [py, pm] = m === 1 ? [y - 1, 12] : [y, m - 1];
          const range = { start: ymd(py, pm, 1), end: shift(ymd(y, m, 1), -1) };
          const totals = await reference.query<{ currency: string; n: number; amount: number; tx: number }>(
            `select c.currency, count(*)::int as n, sum(s.amount)::float8 as amount, sum(s.transactions)::int as tx
             from sales_closings s join contracts c on c.id = s.contract_id
            where s.sale_date between $1 and $2 group by c.currency order by c.currency = 'USD'`,
            [range.start, range.end],
          );
          const [max] = await reference.query<{ amount: number; code: string }>(
            `select s.amount::float8 as amount, c.code from sales_closings s join contracts c on c.id = s.contract_id
            where s.sale_date between $1 and $2 order by s.amount desc, s.id limit 1`,
            [range.start, range.end],
          );
          await page.goto(`/Reportes/GeneralVentas?desde=${range.start}&hasta=${range.end}`);
          const count = totals.reduce((n, r) => n + r.n, 0);
          await eventually(page, async () => {
            const { rows, total } = await tableCells(page, GV);
            const foot = await page.locator(`section[aria-label="${GV}"] tfoot tr`).evaluateAll((trs) =>
              trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? ""))
            );
            const diffs = rows.length === 8 ? [] : [`${rows.length} rows`];
            if (foot.length !== totals.length) diffs.push(`${foot.length} total rows (${total})`);
            totals.forEach((r, i) => {
              const label = r.currency === "USD" ? "Total $" : "Total S/";
              diffs.push(
                ...diffCells(label, [foot[i]?.[0], foot[i]?.[12], foot[i]?.[13]], [label, r.amount, r.tx], [
                  0,
                  M,
                  N,
                ]),
              );
            });
            const pager = await page.locator(".p-paginator-current").textContent().catch(() => "");
            if (!pager?.endsWith(`de ${count}`)) diffs.push(`pager '${pager}', expected ${count} closings`);
            return diffs;
          });
          assert.deepEqual(
            await page.locator(`section[aria-label="${GV}"] thead th`).allInnerTexts(),
            [
              "Sociedad",
              "Mall",
              "Contrato",
              "Contrato antiguo",
              "Denominación Contrato",
              "Moneda",
              "CeBe",
              "Denom CeBe",
              "Tipo Vta",
              "Denom Tipo Vta",
              "Periodo",
              "Fecha Vta",
              "Monto (S/Igv)",
              "Transacciones",
              "Fecha Registro",
              "Hora",
              "Fecha Modificación",
              "Área m2",
            ],
          );
          // Sorted by DuckDB: Monto descending puts the month's largest closing first.
          const sortMonto = page.locator(`section[aria-label="${GV}"] thead button`, {
            hasText: "Monto (S/Igv)",
          });
          await sortMonto.click();
          await sortMonto.click();
          await page.waitForURL((u) =>
            u.searchParams.get("orden") === "monto" && u.searchParams.get("desc") === "true"
          );
          const firstRow = async () => {
            const { rows } = await tableCells(page, GV);
            return rows[0] ?? [];
          };
          await eventually(page, async () => {
            const r = await firstRow();
            return diffCells("first row", [r[2], r[12]], [max.code, max.amount], [0, M]);
          });
          await screenshot(page, "gv-sorted");
        },
      );

      await t.step(
        "Reporte General de Ventas: a reload keeps range and order; the export has the totals",
        async () => {
          const url = page.url();
          await page.reload();
          assert.equal(page.url(), url);
          await page.locator(`section[aria-label="${GV}"] th[aria-sort=descending]`, { hasText: "Monto" })
            .waitFor();
          await eventually(page, async () => {
            const { rows } = await tableCells(page, GV);
            return rows.length === 8 ? [] : ["rows"];
          });
          const { file, rows } = await downloadExcel(page, GV);
          assert.equal(file, `${GV}.xlsx`);
          assert.equal((rows[0] as string[])[12], "Monto (S/Igv)");
          const last = rows.filter((r) => String((r as unknown[])[0] ?? "").startsWith("Total"));
          assert.ok(last.length >= 1, "a totals row");
          const pen = last.find((r) => (r as unknown[])[0] === "Total S/") as unknown[];
          const body = rows.slice(1, rows.length - last.length) as unknown[][];
          const penSum = body.filter((r) => r[5] === "PEN").reduce((n, r) => n + Number(r[12]), 0);
          assert.ok(close(Number(pen[12]), penSum, 0.01), `export total ${pen[12]} vs rows ${penSum}`);
          // Sorted as on screen.
          assert.ok(Number(body[0][12]) >= Number(body[1][12]));
        },
      );

      await t.step(
        "Ventas m2 por Locatario (menu): Santa Anita's month to yesterday; same-year rule",
        async () => {
          await openFromMenu(page, M2);
          await page.waitForURL(/\/Reportes\/VentasM2xLocatario/);
          const rs = (await contractFigures(reference, month, month)).filter((r) =>
            r.mall_id === 3 && r.in_act
          );
          const total = compared(rs);
          const [tx] = await reference.query<{ tx: number }>(
            `select sum(s.transactions)::int as tx from sales_closings s join contracts c on c.id = s.contract_id
            where c.mall_id = 3 and c.currency = 'PEN' and s.sale_date between $1 and $2`,
            [month.start, month.end],
          );
          await eventually(page, async () => {
            const { total: cells } = await tableCells(page, M2);
            return diffCells("total", cells, [
              "",
              "Total",
              "",
              "",
              total.areaAct,
              total.act,
              tx.tx,
              total.actM2,
            ], [
              0,
              0,
              0,
              0,
              A,
              M,
              N,
              M,
            ]);
          });
          // Report rows are 40 px high (spec 2 section 2).
          const box = await page.locator(`section[aria-label="${M2}"] tbody tr`).first().boundingBox();
          assert.ok(box && Math.abs(box.height - 40) <= 1, `row height ${box?.height}`);
          // From a December range (a shared link), 20 December to 10 January is refused in red; the query and
          // the URL stay as they were.
          await page.goto(`/Reportes/VentasM2xLocatario?mall=3&desde=${y - 1}-12-01&hasta=${y - 1}-12-31`);
          await page.locator(`section[aria-label="${M2}"] tfoot td`).first().waitFor();
          const before = page.url();
          await page.locator("#rango").click();
          const panel = page.locator(".p-datepicker");
          const day = (n: number) => dayCell(panel, n);
          await day(20).click();
          await panel.locator(".p-datepicker-next").click();
          await day(10).click();
          const error = page.getByRole("alert").filter({ hasText: RANGE_ERROR });
          await error.waitFor();
          assert.equal(await error.evaluate((e) => getComputedStyle(e).color), "rgb(211, 47, 47)");
          assert.equal(page.url(), before);
          await page.keyboard.press("Escape");
          await screenshot(page, "m2-range-error");
        },
      );

      await t.step("Ventas por Categoría (menu): General and SSS against the year before", async () => {
        await openFromMenu(page, CAT);
        await page.waitForURL(/\/Reportes\/VentasPorCategoria/);
        // The comparison year opens on the stored global one when earlier than the range's year (issue 14).
        const [stored] = await reference.query<{ y: number }>(
          "select (value #>> '{}')::int as y from settings where key = 'anioComparativo'",
        );
        const opened = stored.y < y ? stored.y : y - 1;
        assert.equal(
          (await page.locator(".p-dropdown:has(#anioComparativo) .p-dropdown-label").innerText()).trim(),
          String(opened),
        );
        if (opened !== y - 1) {
          await pickOption(page, "anioComparativo", String(y - 1));
          await page.waitForURL((u) => u.searchParams.get("anioComparativo") === String(y - 1));
        }
        const rs = (await contractFigures(reference, month, cmpMonth)).filter((r) => r.mall_id === 3);
        const check = async (sss: boolean) => {
          const t0 = compared(rs.filter((r) => !sss || (r.in_act && r.in_cmp)));
          await eventually(page, async () => {
            const { total } = await tableCells(page, CAT);
            return diffCells(sss ? "SSS" : "General", total, [
              "Total",
              t0.act,
              t0.cmp,
              t0.diff,
              t0.pct,
              t0.areaAct,
              t0.areaCmp,
              t0.actM2,
              t0.cmpM2,
              t0.pctM2,
            ], [0, M, M, M, P, A, A, M, M, P]);
          });
        };
        await check(false);
        await page.locator(".p-selectbutton .p-button", { hasText: "SSS" }).click();
        await page.waitForURL((u) => u.searchParams.get("tipo") === "SSS");
        await check(true);
        // The total's contracts, in a dialog with the same export.
        await page.getByRole("button", { name: "Contratos del total" }).click();
        const sss = compared(rs.filter((r) => r.in_act && r.in_cmp));
        await eventually(page, async () => {
          const { total } = await tableCells(page, "Contratos · Total");
          return diffCells("drill", [total[0], total[3], total[4]], ["Total", sss.act, sss.cmp], [0, M, M]);
        });
        const { rows } = await downloadExcel(page, "Contratos · Total");
        assert.equal((rows.at(-1) as unknown[])[0], "Total");
        await page.keyboard.press("Escape");
        await screenshot(page, "cat-sss");
      });

      await t.step("Ventas por Día (menu): yesterday per mall, then per m2 accumulated", async () => {
        await openFromMenu(page, DIA);
        await page.waitForURL(/\/Reportes\/ReporteDiaIndex/);
        const day = await contractFigures(
          reference,
          { start: yesterday, end: yesterday },
          sameDays(y - 1, m, d, d),
        );
        const malls = await reference.query<{ id: number; name: string }>(
          "select id, name from malls order by sort",
        );
        await eventually(page, async () => {
          const { rows, total } = await tableCells(page, DIA);
          const diffs: string[] = [];
          malls.forEach((mall, i) => {
            const f = compared(day.filter((r) => r.mall_id === mall.id));
            const empty = !day.some((r) => r.mall_id === mall.id);
            diffs.push(
              ...diffCells(mall.name, rows[i] ?? [], [
                mall.name,
                empty ? null : f.act,
                empty ? null : f.cmp,
                empty ? null : f.diff,
                f.pct,
              ], [0, M, M, M, P]),
            );
          });
          const all = compared(day);
          diffs.push(
            ...diffCells("Total", total, ["Total", all.act, all.cmp, all.diff, all.pct], [0, M, M, M, P]),
          );
          return diffs;
        });
        await page.locator(".p-selectbutton .p-button", { hasText: "Venta m2 acumulada" }).click();
        await page.waitForURL((u) => u.searchParams.get("tipo") === "m2acumulada");
        const acc = compared(await contractFigures(reference, month, cmpMonth));
        await eventually(page, async () => {
          const { total } = await tableCells(page, DIA);
          return diffCells("m2 total", total, [
            "Total",
            acc.actM2,
            acc.cmpM2,
            acc.diffM2,
            acc.pctM2,
            acc.areaAct,
            acc.areaCmp,
          ], [0, M, M, M, P, A, A]);
        });
        // The dollar contracts, left out of the soles table, said under it with their $ sales of both periods.
        const usd = await contractFigures(reference, month, cmpMonth, "USD");
        const note = page.getByTestId("dia-usd");
        if (usd.length === 0) assert.equal(await note.count(), 0);
        else {
          const m = /^No incluye (\d+) contratos? en dólares: (.+) en (\d{4}) y (.+) en (\d{4})\.$/
            .exec((await note.innerText()).trim());
          assert.ok(m, `dollar note: ${await note.innerText()}`);
          const dollars = compared(usd);
          assert.deepEqual([Number(m[1]), m[3], m[5]], [usd.length, String(y), String(y - 1)]);
          assert.ok(close(parseFigure(m[2]), dollars.act, M), `$ ${m[2]} vs ${dollars.act}`);
          assert.ok(close(parseFigure(m[4]), dollars.cmp, M), `$ ${m[4]} vs ${dollars.cmp}`);
        }
        await screenshot(page, "dia-m2");
      });
      assert.deepEqual(errors, []);

      await t.step("a role without the permissions gets 'Área no autorizada' and no closings", async () => {
        await signOut(page);
        await signIn(page, "pruebas@demo.pe");
        const extracts: string[] = [];
        page.on("request", (r) => {
          if (/\/api\/extracts\/sales_closings/.test(r.url())) extracts.push(r.url());
        });
        for (const path of ["/Reportes/GeneralVentas", "/Reportes/VentasPorCategoria"]) {
          await page.goto(path);
          await page.getByText("Área no autorizada").first().waitFor();
        }
        assert.deepEqual(extracts, []);
        const refused = await page.evaluate(async (year) => {
          const r = await fetch(`/api/extracts/sales_closings.3.${year}`);
          return (await r.json()).errorId;
        }, y);
        assert.equal(refused, 600);
      });
    } finally {
      await closePage();
      await browser.close();
      await server.stop();
      await reference.close();
    }
  },
});
