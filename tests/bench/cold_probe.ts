// Probe (not committed): cold loads of a few screens, with the page's measures.
import { launchBrowser } from "../helpers/browser.ts";
import { freePort } from "../helpers/server.ts";
import { freshContext, measureLoad, SCREENS } from "./analytics_page.ts";
import { apiSignIn, startBenchServer } from "./analytics_server.ts";
const names = (Deno.env.get("PROBE_SCREENS") ?? "Ventas Presupuesto,Dashboard,Ventas Mensual").split(",");
const server = await startBenchServer("/work/benchdata", freePort());
const browser = await launchBrowser({ asUser: true });
try {
  const sid = await apiSignIn(server.url, "admin@demo.pe");
  for (let round = 0; round < 3; round++) {
    for (const n of names) {
      const s = SCREENS.find((x) => x.name === n)!;
      const c = await freshContext(browser, server.url, sid);
      const { page, load } = await measureLoad(c, s);
      const m = await page.evaluate(() =>
        performance.getEntriesByType("measure").map((e) =>
          `${e.name} ${e.startTime.toFixed(0)}+${e.duration.toFixed(0)}`
        )
      );
      console.log(`${n}: ${load.ms.toFixed(0)} ms`);
      if (round === 2) console.log("  " + m.join("\n  "));
      await c.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
