// The analytics benchmark's lines of a person jumping anywhere (issue 36): per screen, filter changes that
// nothing computed ahead (the page's compute-ahead switched off, its data loaded by a warm-up pass first), and
// the first three changes of a fresh page (an empty browser profile, the screen just opened: DuckDB's code not
// yet optimized by V8 unless the page warmed it while idle).

import type { Browser } from "playwright-core";
import {
  type Change,
  freshContext,
  measureLoad,
  type Screen,
  settle,
  timedChange,
} from "./analytics_page.ts";
import type { Changes } from "./analytics_screens.ts";

/** Before the app runs: use-report.ts then computes no report ahead (the warm-up still runs). */
const AHEAD_OFF = "globalThis.__reportsAheadOff = true;";

/**
 * The filter changes of the three screens whose loop analytics.ts writes itself (the same lists), as the
 * others' `changes`.
 */
export function ownChanges(name: string, today: string): Changes | null {
  const y = Number(today.slice(0, 4));
  const years = Array.from({ length: 6 }, (_, i) => y - i);
  if (name === "Dashboard") {
    return {
      warm: years.map((a) => `anio=${a}&anioComparativo=${a}`),
      timed: years.flatMap((a) => years.filter((b) => b !== a).map((b) => `anio=${a}&anioComparativo=${b}`)),
    };
  }
  if (name === "Ventas Mensual") {
    const vmYears = years.slice(1);
    return {
      warm: vmYears.flatMap((
        a,
      ) => [`tipo=ventaMensual&anioComparativo=${a}`, `tipo=ventaMensualCerrado&anioComparativo=${a}`]),
      timed: ["ventaMensual", "ventaMensualCerrado"].flatMap((tipo) =>
        vmYears.flatMap((a) =>
          ["inflacion=true", "sss=true", "inflacion=true&sss=true"].map((f) =>
            `tipo=${tipo}&anioComparativo=${a}&${f}`
          )
        )
      ).slice(0, 30),
    };
  }
  if (name === "Venta General") {
    return {
      warm: [y, y - 1, y - 2, y - 3].map((a) => `anio=${a}&mes=12`),
      timed: [y - 1, y - 2, y - 3].flatMap((a) =>
        Array.from({ length: 11 }, (_, m) => `anio=${a}&mes=${m + 1}`)
      )
        .slice(0, 30),
    };
  }
  return null;
}

const changesOf = (s: Screen, today: string) => s.changes?.(today) ?? ownChanges(s.name, today);

/**
 * A screen's 30 changes in a page of its own browser context with compute-ahead off, after its warm-up pass
 * (the partitions loaded): every change runs its statements.
 */
export async function unforeseen(browser: Browser, url: string, sid: string, s: Screen, today: string) {
  const changes = changesOf(s, today);
  if (!changes) return null;
  const context = await freshContext(browser, url, sid);
  try {
    await context.addInitScript(AHEAD_OFF);
    const { page } = await measureLoad(context, s);
    for (const q of changes.warm) await timedChange(page, q, s.probe).catch(() => null);
    const xs: Change[] = [];
    for (const q of changes.timed) xs.push(await timedChange(page, q, s.probe));
    return xs;
  } finally {
    await context.close();
  }
}

/**
 * The first three changes of a fresh page in an empty browser: the screen opened, its idle work done (the
 * neighbours loaded, the next filters computed ahead, the engine warmed), then the first three of its timed
 * changes, as a person's first clicks.
 */
export async function firstChanges(browser: Browser, url: string, sid: string, s: Screen, today: string) {
  const changes = changesOf(s, today);
  if (!changes) return null;
  const context = await freshContext(browser, url, sid);
  try {
    const { page } = await measureLoad(context, s);
    await settle(page, 1_000);
    const xs: Change[] = [];
    // The list's last three: its first is often the screen's own defaults (the Dashboard opens on this year
    // against the last), a change that changes nothing and so never shows new figures.
    for (const q of changes.timed.slice(-3)) xs.push(await timedChange(page, q, s.probe));
    return xs;
  } finally {
    await context.close();
  }
}
