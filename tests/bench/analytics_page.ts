// What the analytics benchmark measures in the page: the time from navigation to a screen's first report
// (seen by a MutationObserver installed before the app runs), the extract bytes a page downloaded, and the
// time from a filter change (the URL, as the filter bar sets it) to the rendered table.

import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { useSession } from "./analytics_server.ts";

export interface Screen {
  name: string;
  path: string;
  /** A JS expression true once the first report is on screen. */
  ready: string;
  /** The element whose text a filter change replaces. */
  probe: string;
  /** Search strings the bench's generic loop times as filter changes (consecutive ones differ). */
  changes?: (today: string) => string[];
}

export const SCREENS: Screen[] = [
  {
    name: "Dashboard",
    path: "/dashboard",
    ready: `!!document.querySelector("[data-testid=vacancy-cards] .kpi") &&
      !!document.querySelector("[data-testid=dashboard-charts] [data-testid=chart-data] tbody tr")`,
    probe: "[data-testid=dashboard-charts]",
  },
  {
    name: "Ventas Mensual",
    path: "/indicadoresVentaMensual",
    ready: `/S\\//.test(document.querySelector("[data-testid=vm-national]")?.textContent ?? "")`,
    probe: "section[aria-label='Ventas Mensual por Mall'] tfoot",
  },
  {
    name: "Venta General",
    path: "/ventaGeneral",
    ready: `/S\\//.test(document.querySelector("[data-testid=vg-national]")?.textContent ?? "")`,
    probe: "section[aria-label='Venta General'] tfoot",
  },
  {
    name: "Ventas Presupuesto",
    path: "/Reportes/VentaconContrato",
    ready: `/S\\//.test(document.querySelector("[data-testid=vp-total]")?.textContent ?? "")`,
    probe: "section[aria-label='Ventas Presupuesto'] tfoot",
    changes: (today) => {
      const y = Number(today.slice(0, 4)) - 1;
      return [3, 0, 2].flatMap((mall) =>
        [2, 5, 8, 11].map((m) =>
          `mall=${mall}&anio=${y}&mes=${m}&anioComparativo=${y - 1}${m === 5 ? "&inflacion=true" : ""}`
        )
      );
    },
  },
  {
    name: "Diario Comparativo",
    path: "/Reportes/DiarioComparativoVentas",
    ready: `/S\\//.test(document.querySelector("[data-testid=dc-total]")?.textContent ?? "")`,
    probe: "section[aria-label='Diario Comparativo'] tfoot",
    changes: (today) => {
      const y = Number(today.slice(0, 4)) - 1;
      return [3, 0, 6].flatMap((mall) =>
        [1, 4, 7, 10].map((m) =>
          `mall=${mall}&desde=${y}-${String(m).padStart(2, "0")}-01&hasta=${y}-${
            String(m + 2).padStart(2, "0")
          }-28&anioComparativo=${y - 1}${m === 4 ? "&sss=true" : m === 7 ? "&inflacion=true" : ""}`
        )
      );
    },
  },
  {
    name: "Comparativo de Ventas",
    path: "/Reportes/ComparativoVentas",
    ready: `!!document.querySelector("section[aria-label='Comparativo de Ventas'] tfoot td")`,
    probe: "section[aria-label='Comparativo de Ventas'] tfoot",
    changes: (today) => {
      const y = Number(today.slice(0, 4)) - 1;
      return [0, 3, 2, 6].flatMap((mall) =>
        [1, 5, 9].map((m) => `mall=${mall}&desde=${y}-0${m}-01&hasta=${y}-0${m}-28`)
      );
    },
  },
  // Issue 11 (A): each with the filter changes the bench times (30, cycling through these).
  {
    name: "Reporte General de Ventas",
    path: "/Reportes/GeneralVentas",
    ready: `!!document.querySelector("section[aria-label='Reporte General de Ventas'] tfoot td")`,
    probe: "section[aria-label='Reporte General de Ventas'] tbody",
    changes: (today) => {
      const y = Number(today.slice(0, 4)) - 1;
      return Array.from({ length: 12 }, (_, i) => {
        const m = String(i + 1).padStart(2, "0");
        return `desde=${y}-${m}-01&hasta=${y}-${m}-28${i % 3 === 1 ? "&orden=monto&desc=true" : ""}${
          i % 3 === 2 ? "&orden=denominacion" : ""
        }`;
      });
    },
  },
  ...([
    ["Ventas m2 por Locatario", "/Reportes/VentasM2xLocatario"],
    ["Ventas por Categoría", "/Reportes/VentasPorCategoria"],
  ] as const).map(([name, path]): Screen => ({
    name,
    path,
    ready: `!!document.querySelector("section[aria-label='${name}'] tfoot td")`,
    probe: `section[aria-label='${name}'] tfoot`,
    changes: (today) => {
      const y = Number(today.slice(0, 4)) - 1;
      return [3, 2, 6, 7, 8, 0].flatMap((mall) =>
        [1, 6].map((m) =>
          `mall=${mall}&desde=${y}-0${m}-01&hasta=${y}-0${m}-28${m === 6 ? "&inflacion=true" : ""}`
        )
      );
    },
  })),
  {
    name: "Ventas por Día",
    path: "/Reportes/ReporteDiaIndex",
    ready: `!!document.querySelector("section[aria-label='Ventas por Día'] tfoot td")`,
    probe: "section[aria-label='Ventas por Día'] tfoot",
    changes: (today) => {
      const y = Number(today.slice(0, 4)) - 1;
      return ["dia", "acumulada", "m2", "m2acumulada"].flatMap((tipo) =>
        [3, 0, 2].map((mall, i) => `tipo=${tipo}&mall=${mall}&fecha=${y}-0${i + 3}-1${i}`)
      );
    },
  },
  ...([
    ["Afluencia Diaria Peatonal", "/Reportes/AfluenciaDiariaPeatonal"],
    ["Afluencia Mensual Peatonal", "/Reportes/AfluenciaMensualPeatonal"],
    ["Afluencia Diaria Parking", "/Reportes/AfluenciaDiariaParking"],
    ["Afluencia Mensual Parking", "/Reportes/AfluenciaMensualParking"],
  ] as const).map(([name, path]): Screen => ({
    name,
    path,
    ready: `/\\d/.test(document.querySelector("[data-testid=traffic-total]")?.textContent ?? "") &&
      !!document.querySelector("section[aria-label='${name}'] tfoot td")`,
    probe: `section[aria-label='${name}'] tfoot`,
  })),
  // Issue 12 (Reporting II).
  ...([
    ["Ranking de Ventas por Mall", "/Reportes/RankingVentasPorMall", "Ranking de Ventas por Mall"],
    ["Ranking de Ventas", "/Reportes/RankVentas", "Ranking de Ventas"],
    ["Evolución Ventas por CEBE", "/Reportes/EvolucionVentas", "Desglose"],
    ["Evolución Ventas por Tienda", "/Reportes/EvolucionVentasTienda", "Desglose"],
    ["Provisión de Ventas", "/Reportes/ReporteProvisionVentas", "Provisión de Ventas"],
    ["Flash Semanal", "/Reportes/ReporteProyeccionesIndex", "Flash Semanal"],
  ] as const).map(([name, path, table]): Screen => ({
    name,
    path,
    ready: `!!document.querySelector("section[aria-label^='${table}'] tfoot td")`,
    probe: `section[aria-label^='${table}'] tfoot`,
  })),
];

/** Records in window.__readyAt the page time (ms since navigation start) when `ready` first holds. */
const readyScript = (ready: string) =>
  `(() => {
  const check = () => {
    if (window.__readyAt === undefined && (${ready})) window.__readyAt = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

export interface Load {
  ms: number;
  /** Compressed extract bytes received (catalogue excluded) and the number of extract requests. */
  extractBytes: number;
  extractRequests: number;
  /** Everything the page received (assets, wasm, API). */
  totalBytes: number;
}

/** A fresh context (empty HTTP cache, IndexedDB and storage) with the session cookie. */
export async function freshContext(browser: Browser, url: string, sid: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: url,
    locale: "es-PE",
    timezoneId: "America/Lima",
    viewport: { width: 1366, height: 860 },
  });
  context.setDefaultTimeout(180_000);
  await useSession(context, url, sid);
  return context;
}

/** Opens the screen in a new page of the context and measures its first report. */
export async function measureLoad(context: BrowserContext, s: Screen): Promise<{ page: Page; load: Load }> {
  const page = await context.newPage();
  // Everything received, the DuckDB worker's wasm included (the page's resource timing does not see it).
  let received = 0;
  const sizes: Promise<void>[] = [];
  page.on("requestfinished", (r) => {
    sizes.push(
      r.sizes().then((z) => void (received += z.responseBodySize + z.responseHeadersSize), () => {}),
    );
  });
  await page.addInitScript(readyScript(s.ready));
  await page.goto(s.path, { waitUntil: "commit" });
  await page.waitForFunction(() => (globalThis as { __readyAt?: number }).__readyAt !== undefined, null, {
    timeout: 180_000,
    polling: 100,
  });
  const load = await page.evaluate(() => {
    const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const extracts = entries.filter((r) => /\/api\/extracts\/(?!catalog)/.test(r.name));
    return {
      ms: (globalThis as unknown as { __readyAt: number }).__readyAt,
      extractBytes: extracts.reduce((n, r) => n + r.encodedBodySize, 0),
      extractRequests: extracts.length,
    };
  });
  await Promise.all(sizes);
  return { page, load: { ...load, totalBytes: received } };
}

/**
 * Sets the screen's search params as its filters do (history + popstate, no reload) and returns the ms until
 * the probe's text changed and no report is pending any more.
 */
export async function filterChange(page: Page, search: string, probe: string): Promise<number> {
  return (await timedChange(page, search, probe)).ms;
}

/** A filter change's time, and within it the time in report queries and in rendering (performance marks). */
export interface Change {
  ms: number;
  /** Sum of the 'query …' measures (DuckDB) and of the 'render …' measures (rows ready to commit). */
  query: number;
  render: number;
}

export async function timedChange(page: Page, search: string, probe: string): Promise<Change> {
  await settle(page);
  return await page.evaluate(async ([search, probe]) => {
    const before = document.querySelector(probe)?.textContent ?? "";
    const t0 = performance.now();
    history.replaceState(history.state, "", `${location.pathname}?${search}`);
    dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
    for (;;) {
      await new Promise((r) => requestAnimationFrame(() => r(null)));
      const now = document.querySelector(probe)?.textContent ?? "";
      const busy = document.querySelector(".report-stale, [data-testid=report-progress]");
      if (!busy && now !== before) {
        const ms = performance.now() - t0;
        const sum = (prefix: string) =>
          performance.getEntriesByType("measure").filter((m) =>
            m.startTime >= t0 && m.name.startsWith(prefix)
          )
            .reduce((n, m) => n + m.duration, 0);
        return { ms, query: sum("query "), render: sum("render ") };
      }
      if (performance.now() - t0 > 120_000) throw new Error(`timeout ${search}`);
    }
  }, [search, probe] as const);
}

/** Requests and bytes the page sent to / received from the server while fn ran (after the first load). */
export async function serverCost<T>(page: Page, fn: () => Promise<T>) {
  let requests = 0, bytes = 0;
  const sizes: Promise<void>[] = [];
  const onDone = (r: Request) => {
    requests++;
    sizes.push(
      r.sizes().then(
        (z) =>
          void (bytes += z.responseBodySize + z.responseHeadersSize + z.requestBodySize +
            z.requestHeadersSize),
        () => {},
      ),
    );
  };
  page.on("requestfinished", onDone);
  try {
    const result = await fn();
    await Promise.all(sizes);
    return { result, requests, bytes };
  } finally {
    page.off("requestfinished", onDone);
  }
}

/** Waits until the page ran no report query for `quietMs` (the reports after the table, e.g. charts, done). */
export function settle(page: Page, quietMs = 300): Promise<void> {
  return page.evaluate(async (quietMs) => {
    const count = () => performance.getEntriesByType("measure").length;
    let n = count(), since = performance.now();
    const t0 = performance.now();
    while (performance.now() - since < quietMs && performance.now() - t0 < 15_000) {
      await new Promise((r) => setTimeout(r, 50));
      if (count() !== n) [n, since] = [count(), performance.now()];
    }
  }, quietMs);
}

/** The page's time to get JSON answers asked at once (the older system's way: a request per table). */
export function timedFetch(page: Page, urls: string[]): Promise<number> {
  return page.evaluate(async (urls) => {
    const t0 = performance.now();
    await Promise.all(urls.map(async (url) => {
      const body = await (await fetch(url, { cache: "no-store" })).json();
      if (!body.success) throw new Error(`legacy ${url}: ${JSON.stringify(body).slice(0, 200)}`);
    }));
    return performance.now() - t0;
  }, urls);
}

export const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
