// The one figure of `tests/bench/analytics.ts` that a change to the extracts moves most, alone and quick:
// Ventas Mensual in an empty browser, then comparison years never opened in it, clicked as a person would
// (2 s between), month to date (the comparison year's days: its daily partitions) and 'Mes Cerrado' (whole
// months: the year's monthly partition). Needs data/bench seeded (analytics.ts does it).
// `deno run -A tests/bench/analytics_never.ts`

import { launchBrowser } from "../helpers/browser.ts";
import { freePort } from "../helpers/server.ts";
import { filterChange, freshContext, measureLoad, pct, SCREENS } from "./analytics_page.ts";
import { apiSignIn, ROOT, startBenchServer } from "./analytics_server.ts";

const DATA_DIR = Deno.env.get("BENCH_DATA_DIR") ?? `${ROOT}data/bench`;
const loadavg = async () => (await Deno.readTextFile("/proc/loadavg")).split(" ").slice(0, 3).join(" ");
const ms = (x: number) => `${x.toFixed(x < 100 ? 1 : 0)} ms`;

const server = await startBenchServer(DATA_DIR, freePort());
const browser = await launchBrowser({ asUser: true });
console.log(`load at the start: ${await loadavg()}`);
try {
  const sid = await apiSignIn(server.url, "admin@demo.pe");
  const cat = await (await fetch(`${server.url}/api/extracts/catalog`, { headers: { cookie: `sid=${sid}` } }))
    .json();
  const y = Number(String(cat.data.today).slice(0, 4));
  const years = Array.from({ length: 4 }, (_, i) => y - 2 - i);
  for (const tipo of ["ventaMensual", "ventaMensualCerrado"]) {
    const fresh = await freshContext(browser, server.url, sid);
    const page = (await measureLoad(fresh, SCREENS[1])).page;
    if (tipo !== "ventaMensual") await filterChange(page, `tipo=${tipo}`, SCREENS[1].probe);
    const never: number[] = [];
    for (const a of years) {
      await page.waitForTimeout(2_000);
      never.push(await filterChange(page, `tipo=${tipo}&anioComparativo=${a}`, SCREENS[1].probe));
    }
    console.log(
      `Ventas Mensual (${tipo}), comparison years never opened (${years.join(", ")}): ${
        never.map(ms).join(", ")
      }; p95 ${ms(pct(never, 0.95))}`,
    );
    await fresh.close();
  }
  console.log(`load at the end: ${await loadavg()}`);
} finally {
  await browser.close().catch(() => {});
  await server.stop().catch(() => {});
}
