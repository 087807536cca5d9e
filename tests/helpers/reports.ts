// Browser tests of the staff reports: report periods worked out on their own (not with the screens' code),
// reading figures off the screen, waiting for them, and reading back an Excel export.

import * as XLSX from "xlsx";
import type { Locator, Page } from "playwright-core";
import { OUTPUT_DIR } from "./browser.ts";

export type Figure = number | null;

// ---- calendar, independent of web/src/reports/shared/dates.ts ----
export const pad = (n: number) => String(n).padStart(2, "0");
export const ymd = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
export const dim = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
export function shift(day: string, n: number): string {
  const t = Date.parse(`${day}T00:00:00Z`) + n * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}
export const [yearOf, monthOf, dayOf] = [0, 1, 2].map((i) => (s: string) => Number(s.split("-")[i]));
export const MONTHS_SHORT = [
  "Ene",
  "Feb",
  "Mar",
  "Abr",
  "May",
  "Jun",
  "Jul",
  "Ago",
  "Set",
  "Oct",
  "Nov",
  "Dic",
];

/**
 * A span of days of one month and the same calendar days of another year (29 Feb left out), or to that
 * month's last day when the span compared is the whole month (`whole`: 29 Feb included).
 */
export function sameDays(y: number, m: number, first: number, last: number, whole = false) {
  return { start: ymd(y, m, first), end: ymd(y, m, whole ? dim(y, m) : Math.min(last, dim(y, m))) };
}

// ---- figures on screen ----
/** 'S/ 1,234.50', '-S/ 3.00', '12.3%', '1,234.50', '12,345' → number; '', '—' → null. */
export function parseFigure(text: string): Figure {
  const t = text.trim();
  if (t === "" || t === "—") return null;
  const negative = t.startsWith("-");
  const n = Number(t.replace(/^-/, "").replace(/^(S\/|\$)\s*/, "").replace(/%$/, "").replaceAll(",", ""));
  if (!Number.isFinite(n)) throw new Error(`not a figure: '${text}'`);
  return negative ? -n : n;
}

/** Equal within the screen's rounding (money to the cent, percentages to 0.1). */
export function close(actual: Figure, expected: Figure, tolerance: number): boolean {
  if (expected === null || actual === null) return actual === expected;
  return Math.abs(actual - expected) <= tolerance;
}

/** The body rows and the totals row of a report table (its section is labelled with the title). */
export async function tableCells(page: Page, title: string) {
  const section = page.locator(`section[aria-label="${title}"]`);
  const rows = await section.locator("tbody tr").evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? ""))
  );
  const total = await section.locator("tfoot tr td").allTextContents();
  return { rows, total };
}

/** A chart's figures from its data table: x label → series label → figure. */
export async function chartFigures(page: Page, chartTitle: string) {
  const table = page.locator(`figure[aria-label="${chartTitle}"] table[data-testid=chart-data]`);
  const [head, ...body] = await table.locator("tr").evaluateAll((trs) =>
    trs.map((tr) => [...tr.children].map((c) => c.textContent ?? ""))
  );
  const out = new Map<string, Map<string, Figure>>();
  for (const [x, ...cells] of body) {
    out.set(x, new Map(cells.map((c, i) => [head[i + 1], parseFigure(c)])));
  }
  return out;
}

/**
 * The lines and columns of a chart drawn outside its plot area (above the value axis' top or below its
 * bottom, by more than a pixel): empty when the value axis covers every series.
 */
export function outsidePlot(page: Page, chartTitle: string): Promise<string[]> {
  return page.locator(`figure[aria-label="${chartTitle}"] .chart-box svg`).first().evaluate((svg) => {
    // The value axis' line: the vertical one (its height is the plot's).
    const axis = [...svg.querySelectorAll(".visx-axis-line")].map((l) => l.getBoundingClientRect())
      .find((r) => r.height > r.width);
    if (!axis) return ["no value axis"];
    const out: string[] = [];
    svg.querySelectorAll("path.visx-linepath, rect.visx-bar").forEach((el, i) => {
      const r = el.getBoundingClientRect();
      if (r.top < axis.top - 1 || r.bottom > axis.bottom + 1) {
        out.push(
          `${el.tagName} ${i}: ${r.top.toFixed(0)}..${r.bottom.toFixed(0)} outside ${axis.top.toFixed(0)}..${
            axis.bottom.toFixed(0)
          }`,
        );
      }
    });
    return out;
  });
}

/** No report of the page pending or loading. */
export async function reportsIdle(page: Page): Promise<boolean> {
  const busy = ".report-stale, [data-testid=report-progress], .report-progress, [aria-busy=true]";
  return (await page.locator(busy).count()) === 0;
}

/**
 * Retries `check` until it returns no difference (the figures may still be computing), then returns; throws
 * the last difference after the timeout.
 */
export async function eventually(page: Page, check: () => Promise<string[]>, timeoutMs = 90_000) {
  const t0 = Date.now();
  let diffs: string[] = ["not checked"];
  while (Date.now() - t0 < timeoutMs) {
    diffs = (await reportsIdle(page)) ? await check().catch((e) => [String(e)]) : ["reports pending"];
    if (diffs.length === 0) return;
    await page.waitForTimeout(250);
  }
  throw new Error(`figures differ:\n${diffs.slice(0, 20).join("\n")}`);
}

/** Clicks the table's 'Descargar' button and reads back the file: its name and sheet 'data' as rows. */
export async function downloadExcel(page: Page, title: string) {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    // Exact: a soles table's 'Descargar' is not its dollar table's ('… (contratos en dólares)').
    page.getByRole("button", { name: `Descargar ${title}`, exact: true }).click(),
  ]);
  const path = decodeURIComponent(
    new URL(encodeURIComponent(download.suggestedFilename()), OUTPUT_DIR).pathname,
  );
  await download.saveAs(path);
  const book = XLSX.read(await Deno.readFile(path), { type: "buffer" });
  const sheet = book.Sheets["data"];
  if (!sheet) throw new Error(`no sheet 'data' in ${download.suggestedFilename()}: ${book.SheetNames}`);
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true });
  return { file: download.suggestedFilename(), rows };
}

/** Picks an option of a PrimeReact dropdown by its input id. */
export async function pickOption(page: Page, inputId: string, label: string): Promise<void> {
  const panel = page.locator(".p-dropdown-panel");
  // A dropdown opened while its dialog is still opening closes again when the dialog takes the focus (seen on
  // a busy machine): it is opened again, up to three times.
  for (let attempt = 1;; attempt++) {
    if (!(await panel.isVisible())) await page.locator(`.p-dropdown:has(#${inputId})`).click();
    try {
      await panel.getByRole("option", { name: label, exact: true }).click({ timeout: 15_000 });
      break;
    } catch (e) {
      if (attempt === 3) throw e;
    }
  }
  await panel.waitFor({ state: "detached" });
}

/** The cell of day `n` of the month an open calendar panel shows (not a neighbouring month's, not disabled). */
export function dayCell(panel: Locator, n: number): Locator {
  return panel.locator("td:not(.p-datepicker-other-month) > span:not(.p-disabled)", {
    hasText: new RegExp(`^${n}$`),
  }).first();
}

/**
 * Picks a day of the month shown by the calendar of `inputId` (a filter whose pick moves the URL's `inputId`
 * parameter to the ISO day). On a saturated machine a click on a day cell was seen landing with no pick (the
 * panel stayed open on the old day, the URL unchanged for a minute): the pick is tried again, up to three
 * times, as a person would click again.
 */
export async function pickDay(page: Page, inputId: string, day: string): Promise<void> {
  const panel = page.locator(".p-datepicker");
  const cell = dayCell(panel, Number(day.slice(8)));
  const picked = (u: URL) => u.searchParams.get(inputId) === day;
  for (let attempt = 1;; attempt++) {
    if (!(await panel.isVisible())) await page.locator(`#${inputId}`).click();
    await cell.click();
    try {
      await page.waitForURL(picked, { timeout: attempt === 3 ? 60_000 : 10_000 });
      return;
    } catch (e) {
      if (attempt === 3) throw e;
    }
  }
}

/** tableCells over every page of a paged table (the pager's numbered buttons), back on the first page after. */
export async function allTableCells(page: Page, title: string) {
  const pager = page.locator(`section[aria-label="${title}"]`).getByRole("navigation", {
    name: "Paginación",
  });
  const pages = (await pager.count()) ? await pager.locator(".p-paginator-page").count() : 1;
  const rows: string[][] = [];
  let total: string[] = [];
  for (let n = 1; n <= pages; n++) {
    if (pages > 1) await pager.getByRole("button", { name: `Página ${n}`, exact: true }).click();
    const part = await tableCells(page, title);
    rows.push(...part.rows);
    total = part.total;
  }
  if (pages > 1) await pager.getByRole("button", { name: "Página 1", exact: true }).click();
  return { rows, total };
}
