// Ventas Presupuesto, Diario Comparativo, Comparativo de Ventas and Contratos Símiles in one page: the
// figures on screen against plain PostgreSQL queries of the same seeded rows (not the reports' DuckDB SQL),
// the filters kept in the URL, the export's totals row, the same-year rule, the drill-down, the admin grid's
// delete and add, axe on each screen, and 'Área no autorizada' without an extract byte for a role without
// the permissions.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import * as XLSX from "xlsx";
import { limaDate } from "../../services/clock.ts";
import type { Db } from "../../services/db.ts";
import {
  acknowledge,
  dialogText,
  launchBrowser,
  openPage,
  screenshot,
  seriousViolations,
  signIn,
  signOut,
  step,
} from "../helpers/browser.ts";
import { freshDb } from "../helpers/db.ts";
import {
  close,
  dayCell,
  downloadExcel,
  eventually,
  type Figure,
  parseFigure,
  pickOption,
  shift,
  tableCells,
  yearOf,
} from "../helpers/reports.ts";
import { startServer } from "../helpers/server.ts";

const RANGE_ERROR = "El rango de fechas debe estar dentro del mismo año";
const DELETE_CONFIRM = "Seguro que desea eliminar el registro seleccionado?";
const SAVED = "Registros actualizado satisfactoriamente!";
const TWO_AT_LEAST = "Seleccione contratos de al menos dos malls.";
const pct = (a: number, b: number): Figure => (b === 0 ? null : (a / b) * 100);
const div = (a: number, b: number): Figure => (b === 0 ? null : a / b);

interface Span {
  start: string;
  end: string;
}

/** Diario Comparativo of Santa Anita (soles contracts), per CeBe and in total (docs/metrics.md). */
async function diario(db: Db, act: Span, cmp: Span, sss: boolean) {
  const rows = await db.query<{ cebe: string; area: number; act: number | null; cmp: number | null }>(
    `select b.name as cebe, k.area,
            (select sum(amount) from sales_closings s where s.contract_id = k.id and s.sale_date between $1 and $2) as act,
            (select sum(amount) from sales_closings s where s.contract_id = k.id and s.sale_date between $3 and $4) as cmp
       from contracts k join cebes b on b.code = k.cebe_code
      where k.mall_id = 3 and k.currency = 'PEN'`,
    [act.start, act.end, cmp.start, cmp.end],
  );
  const kept = rows.filter((r) => sss ? r.act !== null && r.cmp !== null : r.act !== null || r.cmp !== null);
  const figures = (rs: typeof kept): Figure[] => {
    const sum = (f: (r: (typeof kept)[number]) => number) => rs.reduce((n, r) => n + f(r), 0);
    const a = sum((r) => Number(r.act ?? 0)), c = sum((r) => Number(r.cmp ?? 0));
    const aa = sum((r) => (Number(r.act ?? 0) > 0 ? Number(r.area) : 0));
    const ac = sum((r) => (Number(r.cmp ?? 0) > 0 ? Number(r.area) : 0));
    const ma = div(a, aa), mc = div(c, ac);
    return [a, c, pct(a, c), aa, ac, ma, mc, ma === null || mc === null ? null : pct(ma, mc)];
  };
  const names = [...new Set(kept.map((r) => r.cebe))];
  return {
    rows: new Map(names.map((n) => [n, figures(kept.filter((r) => r.cebe === n))])),
    total: figures(kept),
  };
}
const DC_TOL = [0.006, 0.006, 0.051, 0.00006, 0.00006, 0.006, 0.006, 0.051];

async function checkDiario(page: Page, want: Awaited<ReturnType<typeof diario>>) {
  await eventually(page, async () => {
    const { rows, total } = await tableCells(page, "Diario Comparativo");
    const diffs: string[] = [];
    if (rows.length !== Math.min(8, want.rows.size)) {
      diffs.push(`${rows.length} rows, ${want.rows.size} CeBes`);
    }
    for (const cells of [...rows, total]) {
      const name = cells[0].trim();
      const w = name === "Total" ? want.total : want.rows.get(name);
      if (!w) {
        diffs.push(`unexpected row ${name}`);
        continue;
      }
      cells.slice(1, 9).map(parseFigure).forEach((v, i) => {
        if (!close(v, w[i], DC_TOL[i])) diffs.push(`${name} col ${i + 1}: screen ${v}, expected ${w[i]}`);
      });
    }
    return diffs;
  });
}

/** The export of the table with this exact title (a second table's title starts alike): file and rows. */
async function download(page: Page, title: string) {
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: `Descargar ${title}`, exact: true }).click(),
  ]);
  const path = await Deno.makeTempFile({ suffix: ".xlsx" });
  await file.saveAs(path);
  const book = XLSX.read(await Deno.readFile(path), { type: "buffer" });
  await Deno.remove(path);
  const sheet = book.Sheets["data"];
  assert.ok(sheet, `no sheet 'data' in ${file.suggestedFilename()}`);
  return {
    file: file.suggestedFilename(),
    rows: XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true }),
  };
}

/** Comparativo de Ventas: per mall column, the soles contracts' sales of the groups the mall filter keeps. */
async function checkComparativo(page: Page, db: Db, range: Span, mall: number) {
  const want = await db.query<{ code: string; v: number }>(
    `select m.code, sum(coalesce((select sum(amount) from sales_closings s
             where s.contract_id = g.contract_id and s.sale_date between $1 and $2), 0)) as v
       from similar_contract_members g join contracts k on k.id = g.contract_id join malls m on m.id = g.mall_id
      where k.currency = 'PEN'
        and ($3 = 0 or g.group_id in (select group_id from similar_contract_members where mall_id = $3))
      group by m.code`,
    [range.start, range.end, mall],
  );
  const [{ n }] = await db.query<{ n: number }>(
    `select count(distinct group_id)::int as n from similar_contract_members where $1 = 0 or mall_id = $1`,
    [mall],
  );
  await eventually(page, async () => {
    const { rows, total } = await tableCells(page, "Comparativo de Ventas");
    const diffs = rows.length === Math.min(8, n) ? [] : [`${rows.length} groups, expected ${n}`];
    ["CIX", "ASA", "AQP", "IQT", "SJL"].forEach((code, k) => {
      const e = want.find((w) => w.code === code);
      const v = parseFigure(total[1 + k * 8 + 2] ?? "");
      if (!close(v, e ? Number(e.v) : null, 0.006)) {
        diffs.push(`mall ${mall} ${code}: screen ${v}, expected ${e?.v}`);
      }
    });
    return diffs;
  });
}

/** Ventas Presupuesto's totals row: the mall's soles contracts' sales and budget of the month. */
async function checkPresupuesto(page: Page, db: Db, range: Span, mall: number) {
  const [w] = await db.query<{ venta: number; meta: number }>(
    `select coalesce(sum(amount), 0) as venta,
            (select coalesce(sum(b.amount), 0) from budgets b join contracts k on k.id = b.contract_id
              where k.mall_id = $3 and k.currency = 'PEN' and b.month = $1) as meta
       from sales_closings s join contracts k on k.id = s.contract_id
      where k.mall_id = $3 and k.currency = 'PEN' and s.sale_date between $1 and $2`,
    [range.start, range.end, mall],
  );
  await eventually(page, async () => {
    const { total } = await tableCells(page, "Ventas Presupuesto");
    const [venta, meta, p] = [2, 4, 7].map((i) => parseFigure(total[i] ?? ""));
    const diffs: string[] = [];
    if (total[0]?.trim() !== "Total S/") diffs.push(`total row: ${total[0]}`);
    if (!close(venta, Number(w.venta), 0.006)) diffs.push(`mall ${mall} venta ${venta} vs ${w.venta}`);
    if (!close(meta, Number(w.meta), 0.006)) diffs.push(`mall ${mall} presupuesto ${meta} vs ${w.meta}`);
    if (!close(p, pct(Number(w.venta), Number(w.meta)), 0.051)) diffs.push(`mall ${mall} % ${p}`);
    return diffs;
  });
}

/** Opens the side menu's section (if folded) and follows one of its entries. */
async function viaMenu(page: Page, section: string, entry: string, path: string) {
  const header = page.locator("button.side-section-header", { hasText: section });
  if ((await header.getAttribute("aria-expanded")) !== "true") await header.click();
  await page.locator("nav.side-menu").getByRole("link", { name: entry, exact: true }).click();
  await page.waitForURL((u) => u.pathname === path);
}

Deno.test({
  name: "browser: Diario Comparativo, Comparativo de Ventas, Ventas Presupuesto and Contratos Símiles",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const today = limaDate(new Date());
    const yesterday = shift(today, -1);
    const y = yearOf(yesterday) - 1;
    const reference = await freshDb("pglite");
    const server = await startServer();
    const browser = await launchBrowser();
    const { page, errors, close: closePage } = await openPage(browser, server.url);
    try {
      await signIn(page, "admin@demo.pe");
      const dec: Span = { start: `${y}-12-01`, end: `${y}-12-31` };
      const decBefore: Span = { start: `${y - 1}-12-01`, end: `${y - 1}-12-31` };

      await t.step("Diario Comparativo: December from a shared link, then with 'SSS'", async () => {
        await page.goto(
          `/Reportes/DiarioComparativoVentas?mall=3&desde=${dec.start}&hasta=${dec.end}&anioComparativo=${
            y - 1
          }`,
        );
        await checkDiario(page, await diario(reference, dec, decBefore, false));
        await page.locator("label[for=sss]").click();
        await page.waitForURL((u) => u.searchParams.get("sss") === "true");
        await checkDiario(page, await diario(reference, dec, decBefore, true));
        await screenshot(page, "80-diario-comparativo");
        assert.deepEqual(await seriousViolations(page), []);
      });

      await t.step("a mall picked computes its table once, started before the screen draws it", async () => {
        // The route starts the new filters' table (beforeLoad) and the screen's own query finds it under way:
        // a key built differently on either side would compute the table twice.
        const t0 = await page.evaluate(() => performance.now());
        await pickOption(page, "mall", "Todas");
        await page.waitForURL((u) => u.searchParams.get("mall") === "0");
        await page.waitForFunction(
          (t0) =>
            performance.getEntriesByType("measure").some((e) =>
              e.startTime >= t0 && e.name === "report dc"
            ) &&
            !document.querySelector("[aria-busy=true]"),
          t0,
        );
        const ran = await page.evaluate(
          (t0) =>
            performance.getEntriesByType("measure")
              .filter((e) => e.startTime >= t0 && /^(report|query) /.test(e.name))
              .map((e) => e.name),
          t0,
        );
        assert.deepEqual(ran, ["report dc", "query rows"]);
        await pickOption(page, "mall", "Santa Anita");
        await page.waitForURL((u) => u.searchParams.get("mall") === "3");
      });

      await t.step("a reload restores the filters; the export carries the totals row", async () => {
        await page.reload();
        const want = await diario(reference, dec, decBefore, true);
        await checkDiario(page, want);
        assert.equal(await page.locator("#sss").isChecked(), true);
        assert.equal(await page.locator("#rango").inputValue(), `01/12/${y} - 31/12/${y}`);
        const { file, rows } = await download(page, "Diario Comparativo");
        assert.equal(file, "Diario Comparativo.xlsx");
        assert.equal(rows[0][0], "CeBe");
        assert.equal(rows.length, 1 + want.rows.size + 1, "header, one row per CeBe, total");
        const last = rows[rows.length - 1] as unknown[];
        assert.equal(last[0], "Total");
        assert.ok(
          close(Number(last[1]), want.total[0], 0.006),
          `export total ${last[1]} vs ${want.total[0]}`,
        );
      });

      await t.step("a range across two years is refused in red and the query stays", async () => {
        await page.locator("#rango").click();
        const panel = page.locator(".p-datepicker");
        const day = (d: number) => dayCell(panel, d);
        // A re-render while the panel showed January (the report's progress line) used to take it back to
        // December, where the second click made a range of 10 to 20 December and no error (web/src/components/
        // stable-date.ts). Each click waits for the calendar to show the one before.
        await day(20).click();
        await page.waitForFunction(() =>
          document.querySelector<HTMLInputElement>("#rango")?.value.startsWith("20/12/")
        );
        await panel.locator(".p-datepicker-next").click();
        await panel.locator(".p-datepicker-month", { hasText: /enero/i }).waitFor();
        await day(10).click();
        await page.locator(".filter-error", { hasText: RANGE_ERROR }).waitFor();
        assert.equal(new URL(page.url()).searchParams.get("desde"), dec.start);
        await page.keyboard.press("Escape");
      });

      await t.step("the contracts behind the total (drill-down)", async () => {
        await page.getByRole("button", { name: "Contratos del total S/" }).click();
        const dialog = page.getByRole("dialog", { name: /Contratos/ });
        await dialog.locator("tbody tr td").first().waitFor();
        assert.ok((await dialog.locator("tbody tr").count()) > 0);
        // The same export, with the totals row last.
        const { rows } = await downloadExcel(page, "Contratos S/");
        assert.equal((rows.at(-1) as unknown[])[0], "Total");
        await page.keyboard.press("Escape");
      });

      const start = `${yesterday.slice(0, 8)}01`;
      await t.step(
        "Comparativo de Ventas (by the menu): each mall's soles total, all groups and Arequipa's",
        async () => {
          await viaMenu(page, "Reporting", "Comparativo de Ventas", "/Reportes/ComparativoVentas");
          await checkComparativo(page, reference, { start, end: yesterday }, 0);
          await screenshot(page, "81-comparativo-ventas");
          assert.deepEqual(await seriousViolations(page), []);
          await pickOption(page, "mall", "Arequipa");
          await page.waitForURL((u) => u.searchParams.get("mall") === "2");
          await checkComparativo(page, reference, { start, end: yesterday }, 2);
        },
      );

      await t.step(
        "Ventas Presupuesto (by the menu): the month of yesterday against its budget, two malls",
        async () => {
          await viaMenu(page, "Reporting", "Ventas Presupuesto", "/Reportes/VentaconContrato");
          await checkPresupuesto(page, reference, { start, end: yesterday }, 3);
          assert.deepEqual(await seriousViolations(page), [], "Ventas Presupuesto");
          await pickOption(page, "mall", "Arequipa");
          await page.waitForURL((u) => u.searchParams.get("mall") === "2");
          await checkPresupuesto(page, reference, { start, end: yesterday }, 2);
          // A contract's closings: each with its day and its year, written as a year ('2026', not '2,026').
          await page.getByRole("button", { name: /^Cierres de / }).first().click();
          const dialog = page.getByRole("dialog", { name: /^Cierres · / });
          const first = dialog.locator("tbody tr").first();
          await first.locator("td").nth(1).filter({ hasText: /\d/ }).waitFor();
          const [day, year] = await first.locator("td").evaluateAll((tds) =>
            tds.slice(0, 2).map((td) => td.textContent?.trim())
          );
          assert.match(day ?? "", /^\d\d\/\d\d\/(\d{4})$/);
          assert.equal(year, day?.slice(6), `the closing's year: ${year}`);
          await page.keyboard.press("Escape");
        },
      );
      await step(
        t,
        "Contratos Símiles (by the menu): the groups, a delete after the confirmation, an add",
        async () => {
          await viaMenu(page, "Administración", "Contratos Símiles", "/Admin/ContratosSimiles");
          const groups = await reference.query<{ id: number }>(
            "select id from similar_contracts order by id",
          );
          const grid = page.locator('section[aria-label="Contratos Símiles"] tbody tr');
          await grid.first().waitFor();
          assert.equal(await grid.count(), groups.length);
          const last = groups[groups.length - 1].id;
          await page.getByRole("button", { name: `Eliminar el grupo ${last}` }).click();
          await page.getByText(DELETE_CONFIRM).waitFor();
          await page.getByRole("button", { name: "Eliminar", exact: true }).click();
          assert.match(await dialogText(page, "Información"), new RegExp(SAVED.replace("!", "\\!")));
          await acknowledge(page);
          await eventually(page, async () => {
            const n = await grid.count();
            return n === groups.length - 1 ? [] : [`${n} groups after the delete`];
          });
          // The deleted group's contracts are free again: a new group of two of them.
          const members = await reference.query<{ mall_id: number; code: string; denominacion: string }>(
            `select g.mall_id, k.code, k.denominacion from similar_contract_members g
               join contracts k on k.id = g.contract_id where g.group_id = $1 order by g.mall_id`,
            [last],
          );
          const FIELD: Record<number, string> = {
            2: "contratoArequipa",
            3: "contratoSantaAnita",
            6: "contratoChiclayo",
            7: "contratoIquitos",
            8: "contratoSjl",
          };
          await page.getByRole("button", { name: "Agregar", exact: true }).click();
          const [a, b] = members;
          await pickOption(page, FIELD[a.mall_id], `${a.code} - ${a.denominacion}`);
          await page.getByRole("button", { name: "Guardar" }).click();
          await page.getByText(TWO_AT_LEAST).waitFor();
          assert.deepEqual(await seriousViolations(page), []);
          await pickOption(page, FIELD[b.mall_id], `${b.code} - ${b.denominacion}`);
          await page.getByRole("button", { name: "Guardar" }).click();
          assert.match(await dialogText(page, "Información"), new RegExp(SAVED.replace("!", "\\!")));
          await acknowledge(page);
          await eventually(page, async () => {
            const n = await grid.count();
            return n === groups.length ? [] : [`${n} groups after the add`];
          });
          await page.getByRole("cell", { name: a.code, exact: true }).waitFor();
          assert.deepEqual(await seriousViolations(page), []);
        },
      );
      assert.deepEqual(errors, []);

      await t.step("a role without the permissions: 'Área no autorizada' and no extract read", async () => {
        await signOut(page);
        await signIn(page, "pruebas@demo.pe");
        const extracts: string[] = [];
        page.on("request", (r) => {
          const path = new URL(r.url()).pathname;
          if (path.startsWith("/api/extracts/") && !path.endsWith("/catalog")) extracts.push(path);
        });
        for (const path of ["/Reportes/ComparativoVentas", "/Reportes/DiarioComparativoVentas"]) {
          await page.goto(path);
          await page.getByRole("heading", { name: "Área no autorizada", level: 1 }).waitFor();
        }
        // The dashboard this role lands on reads its own partitions; the groups are never asked for, and the
        // server refuses them to this role.
        assert.deepEqual(extracts.filter((p) => p.includes("similar_contracts")), []);
        const refused = await page.request.get("/api/extracts/similar_contracts");
        assert.ok(refused.status() >= 400 && refused.status() < 500, `status ${refused.status()}`);
        assert.ok(!(refused.headers()["content-type"] ?? "").includes("arrow"), "no extract bytes");
      });
    } finally {
      await closePage();
      await browser.close();
      await server.stop();
      await reference.close();
    }
  },
});
