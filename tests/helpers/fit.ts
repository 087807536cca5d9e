// What fits on a screen: measures of a page (a page wider than its window, actions and amounts out of view,
// cut headers, squeezed cells) that the browser tests assert are empty.
import type { Page } from "playwright-core";

/** A page wider than its window (the whole screen scrolls sideways): what it measures, or nothing. */
export function pageTooWide(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const d = document.documentElement;
    return d.scrollWidth > d.clientWidth + 1 ? [`page ${d.scrollWidth} px wide in ${d.clientWidth}`] : [];
  });
}

/**
 * How wide the page is at a phone's 390×844, or null when it fits (a wide table scrolls inside its own box);
 * the page's viewport is put back to the tests' 1366×860 after.
 */
export async function tooWideOnPhone(page: Page): Promise<string | null> {
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    return (await pageTooWide(page))[0] ?? null;
  } finally {
    await page.setViewportSize({ width: 1366, height: 860 });
  }
}

/**
 * A table body's row actions: its buttons and links, but not a figure drawn as a button (the explorer's
 * drill-down cells: a wide report's figures may scroll inside its card).
 */
const ROW_ACTIONS = "main tbody button, main tbody a[href], main tbody [role=button]";
const FIGURE = /^(S\/|\$)\s?-?[\d,]+(\.\d+)?$/;

/** Row actions that lie beyond the window's width. */
export function rowActionsOffScreen(page: Page): Promise<string[]> {
  return page.evaluate(([selector, figure]) => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll(selector)]
      .filter((e) => !new RegExp(figure).test(e.textContent?.trim() ?? ""))
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && (r.right > width + 1 || r.left < -1);
      })
      .slice(0, 1)
      .map((e) => `row action '${e.getAttribute("aria-label") ?? e.textContent?.trim()}' off-screen`);
  }, [ROW_ACTIONS, FIGURE.source]);
}

/** How many row actions the screen shows (what the sweep measured). */
export const rowActions = (page: Page) => page.locator(ROW_ACTIONS).count();

/**
 * What a person cannot reach on the screen: actions (buttons, links) and amounts (a text with 'S/' or '$')
 * that lie outside the viewport's width, and a page wider than the viewport.
 */
export async function outOfView(page: Page): Promise<string[]> {
  const unreachable = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
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
  return [...await pageTooWide(page), ...unreachable];
}

/** Column headers whose text is cut ('Recordato' for 'Recordatorio'). */
export function clippedHeaders(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("main thead th")]
      .filter((th) => (th as HTMLElement).scrollWidth > (th as HTMLElement).clientWidth + 1)
      .map((th) => `header '${th.textContent?.trim()}' cut`)
  );
}

/** Key column headers not wholly inside their table's visible box. */
export function keysOutOfView(page: Page, keys: string[]): Promise<string[]> {
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
export function hiddenInScroll(page: Page): Promise<string[]> {
  return page.evaluate((figure) => {
    const out: string[] = [];
    for (const b of document.querySelectorAll("main tbody button")) {
      if (new RegExp(figure).test(b.textContent?.trim() ?? "")) continue;
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
  }, FIGURE.source);
}

/** Cells whose text wraps into more lines than words (the letter-by-letter wrapping of a squeezed column). */
export function squeezedCells(page: Page): Promise<string[]> {
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
