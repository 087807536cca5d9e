// `deno task bench` (last): how far off Provisión's estimates are (issue 41, docs/metrics.md 'Provisión').
// On the full demo data (data/bench, seeded by the analytics benchmark or here), every mall's last twelve
// complete months: each contract's last 1, 7 and 15 registered days hidden and estimated by the provision's own
// SQL (web/src/reports/provision-ventas/backtest.ts) in native DuckDB, through the same report engine the
// browser runs, over the partitions the real server serves. Prints, per number of days hidden, the error of
// the mall-month soles total (median, 90th percentile, largest, share within 2 %) and the median absolute
// percentage error per contract-day.

import { tableFromIPC } from "apache-arrow";
import type { Catalog } from "#contract/extracts.ts";
import { ReportEngine } from "../../web/src/analytics/engine.ts";
import { backtestSql } from "../../web/src/reports/provision-ventas/backtest.ts";
import { provisionPartitions } from "../../web/src/reports/provision-ventas/report.ts";
import { nativeConnector } from "../reports/native_connector.ts";
import { apiSignIn, ROOT, runDeno, startBenchServer } from "./analytics_server.ts";

const DATA_DIR = Deno.env.get("BENCH_DATA_DIR") ?? `${ROOT}data/bench`;
const HIDDEN = [1, 7, 15];
const MONTHS = Number(Deno.env.get("BENCH_BACKTEST_MONTHS") ?? 12);
/** BENCH_BACKTEST_DETAIL=1: each mall-month's signed error too. */
const DETAIL = Deno.env.get("BENCH_BACKTEST_DETAIL") === "1";

await runDeno(["run", "-A", "fixtures/seed_cli.ts"], { DATA_DIR, DATABASE_URL: "" });
const server = await startBenchServer(DATA_DIR);
try {
  const cookie = `sid=${await apiSignIn(server.url, "admin@demo.pe")}`;
  const get = (path: string) => fetch(`${server.url}${path}`, { headers: { cookie } });
  const catalog: Catalog = (await (await get("/api/extracts/catalog")).json()).data;
  const engine = new ReportEngine({
    connector: await nativeConnector(),
    source: {
      catalog: () => Promise.resolve(catalog),
      bytes: async (entry) => {
        const bytes = new Uint8Array(await (await get(`/api/extracts/${entry.partition}`)).arrayBuffer());
        return { bytes, rows: bytes.byteLength ? tableFromIPC(bytes).numRows : 0, saved: Promise.resolve() };
      },
    },
  });
  const malls = [
    ...new Set(
      catalog.table.map((e) => /^sales_daily\.(\d+)\./.exec(e.partition)?.[1]).filter(Boolean).map(Number),
    ),
  ].sort((a, b) => a - b);
  // The last complete months before today's.
  const [ty, tm] = catalog.today.split("-").map(Number);
  const months = Array.from({ length: MONTHS }, (_, i) => {
    const k = ty * 12 + (tm - 1) - 1 - i;
    return { year: Math.floor(k / 12), month: (k % 12) + 1 };
  });
  console.log(
    `Provisión backtest: today ${catalog.today}, malls ${malls.join(", ")}, ${months.length} months ` +
      `(${months.at(-1)!.month}/${months.at(-1)!.year} to ${months[0].month}/${months[0].year})`,
  );
  const q = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : NaN;
  };
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b), n = s.length;
    return n ? (n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2) : NaN;
  };
  console.log(
    "days hidden  mall-months  |error| median  p90    max    within 2 %  contract-day MdAPE (median)",
  );
  for (const hide of HIDDEN) {
    const errors: number[] = [], mdapes: number[] = [];
    const t0 = performance.now();
    for (const mall of malls) {
      for (const m of months) {
        const { rows } = await engine.run({
          partitions: provisionPartitions({ mall, year: m.year, month: m.month, contract: "" }),
          statements: { rows: backtestSql(mall, m.year, m.month, hide) },
        });
        const pen = rows.rows.find((r) => r.moneda === "PEN");
        if (pen?.error_pct == null) continue;
        errors.push(Math.abs(pen.error_pct));
        if (DETAIL) {
          console.log(`  ${hide} days, mall ${mall}, ${m.month}/${m.year}: ${pen.error_pct.toFixed(2)} %`);
        }
        if (pen.mdape != null) mdapes.push(pen.mdape);
      }
    }
    const within = errors.filter((e) => e <= 2).length;
    console.log(
      `${String(hide).padEnd(13)}${String(errors.length).padEnd(13)}${
        median(errors).toFixed(2).padStart(6)
      } %` +
        `${q(errors, 0.9).toFixed(2).padStart(7)} %${Math.max(...errors).toFixed(2).padStart(7)} %` +
        `${`${within}/${errors.length}`.padStart(12)}${median(mdapes).toFixed(1).padStart(14)} %` +
        `   (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );
  }
} finally {
  await server.stop();
}
