// Where a report statement's time goes, outside the browser: the report engine over native DuckDB (one
// thread, as DuckDB-WASM's eh bundle) on the bench's full demo data, fetched from a bench server. Each case's
// statements run as the engine sends them (scope CTEs included), then again `RUNS` times: the median, and
// with PROFILE_EXPLAIN=1 DuckDB's EXPLAIN ANALYZE of the last. Native DuckDB is several times faster than
// DuckDB-WASM; the shapes rank the same (the measure: a plain group-by 3 to 5 times cheaper than the
// CTE-union-window statement). Not part of the tests:
//   BENCH_DATA_DIR=… PROFILE_CASES="dc,dia" deno run -A tests/bench/statement_profile.ts
// (PROFILE_OPERATORS=1: the phases and the slowest operators from DuckDB's JSON profile)

import type { Catalog } from "#contract/extracts.ts";
import type { Connector, Statements } from "../../web/src/analytics/connector.ts";
import { ReportEngine } from "../../web/src/analytics/engine.ts";
import { dcPartitions, diarioSql } from "../../web/src/reports/diario-comparativo/report.ts";
import { rankingPartitions, rankingSql } from "../../web/src/reports/ranking-mall/report.ts";
import { dayPartitions, daySql } from "../../web/src/reports/ventas-dia/report.ts";
import { explorerPartitions, explorerSql } from "../../web/src/reports/explorador/sql.ts";
import type { ExplorerState } from "#contract/explorer.ts";
import { nativeConnector } from "../reports/native_connector.ts";
import { apiSignIn, ROOT, startBenchServer } from "./analytics_server.ts";

const DATA_DIR = Deno.env.get("BENCH_DATA_DIR") ?? `${ROOT}data/bench`;
const RUNS = Number(Deno.env.get("PROFILE_RUNS") ?? 20);
const EXPLAIN = Deno.env.get("PROFILE_EXPLAIN") === "1";
/** PROFILE_OPERATORS=1: the twelve operators that took longest, from DuckDB's JSON profile. */
const OPERATORS = Deno.env.get("PROFILE_OPERATORS") === "1";
const ONLY = new Set((Deno.env.get("PROFILE_CASES") ?? "").split(",").filter(Boolean));

type Case = { name: string; run: (y: number) => { partitions: readonly string[]; statements: Statements } };
/** The explorer's bench slice at contract grain (tests/bench/explorer_screens.ts): one mall, one year. */
const explorerCase = (y: number): ExplorerState => ({
  filas: ["contrato"],
  columnas: ["mes"],
  medidas: ["ventas", "transacciones"],
  desde: `${y}-01-01`,
  hasta: `${y}-12-31`,
  comparar: null,
  inflacion: false,
  malls: [3],
  rubros: [],
  contratos: [],
  cebes: [],
  moneda: "PEN",
  grafico: "barras",
});
const CASES: Case[] = [
  {
    name: "explorer",
    run: (y) => ({
      partitions: explorerPartitions(explorerCase(y), [2, 3, 4, 5, 6]),
      statements: { rows: explorerSql(explorerCase(y)) },
    }),
  },
  {
    name: "dc",
    run: (y) => {
      const f = {
        mall: 3,
        inflation: false,
        sss: true,
        range: { start: `${y}-03-01`, end: `${y}-04-15` },
        comparisonYear: y - 1,
      };
      return { partitions: dcPartitions([3], f), statements: { rows: diarioSql(f) } };
    },
  },
  {
    name: "dia",
    run: (y) => {
      const f = { type: "acumulada" as const, mall: 3, day: `${y}-05-15`, inflation: true };
      return { partitions: dayPartitions([3], f.day), statements: { rows: daySql(f) } };
    },
  },
  {
    name: "ranking",
    run: (y) => {
      const f = {
        mall: 3,
        inflation: true,
        act: { start: `${y}-03-01`, end: `${y}-03-28` },
        comparisonYear: y - 1,
      };
      return { partitions: rankingPartitions(3, y, y - 1), statements: { rows: rankingSql(f) } };
    },
  },
];

const server = await startBenchServer(DATA_DIR);
try {
  const cookie = `sid=${await apiSignIn(server.url, "admin@demo.pe")}`;
  const native = await nativeConnector();
  await native.exec("set threads = 1");
  const sent: string[] = [];
  const connector: Connector = {
    ...native,
    query: (sql) => {
      sent.push(sql);
      return native.query(sql);
    },
  };
  const engine = new ReportEngine({
    connector,
    source: {
      catalog: async () =>
        ((await (await fetch(`${server.url}/api/extracts/catalog`, { headers: { cookie } })).json()) as {
          data: Catalog;
        }).data,
      bytes: async (entry) => {
        const res = await fetch(`${server.url}/api/extracts/${entry.partition}`, { headers: { cookie } });
        return {
          bytes: new Uint8Array(await res.arrayBuffer()),
          rows: Number(res.headers.get("x-extract-rows") ?? 0),
          saved: Promise.resolve(),
        };
      },
    },
  });
  const y = Number((await engine.catalog()).today.slice(0, 4)) - 1;
  for (const c of CASES.filter((x) => ONLY.size === 0 || ONLY.has(x.name))) {
    sent.length = 0;
    await engine.run(c.run(y));
    for (const sql of [...sent]) {
      const ts: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await native.query(sql);
        ts.push(performance.now() - t0);
      }
      ts.sort((a, b) => a - b);
      console.log(`${c.name}: median ${ts[RUNS >> 1].toFixed(2)} ms, min ${ts[0].toFixed(2)} ms`);
      if (OPERATORS) {
        // DuckDB's JSON profile: each operator's own seconds, the largest first.
        const file = await Deno.makeTempFile({ suffix: ".json" });
        await native.exec(
          `pragma enable_profiling = 'json'; pragma profiling_output = '${file}'; pragma profiling_mode = 'detailed'`,
        );
        await native.query(sql);
        await native.exec("pragma disable_profiling");
        type Op = {
          operator_type?: string;
          operator_timing?: number;
          operator_cardinality?: number;
          children?: Op[];
          extra_info?: Record<string, unknown>;
        };
        const ops: Op[] = [];
        const walk = (o: Op) => (ops.push(o), (o.children ?? []).forEach(walk));
        const root = JSON.parse(await Deno.readTextFile(file));
        // Where the statement's time goes before and after its operators: parsing, planning, each optimizer.
        const phases = Object.entries(root as Record<string, unknown>)
          .filter(([k, v]) =>
            typeof v === "number" && v > 0.0005 && /latency|planner|optimizer|physical|parser|cpu/i.test(k)
          )
          .sort((a, b) => (b[1] as number) - (a[1] as number))
          .slice(0, 12)
          .map(([k, v]) => `${k} ${((v as number) * 1000).toFixed(2)} ms`);
        console.log(`  phases: ${phases.join(", ")}`);
        walk(root);
        for (
          const o of ops.sort((a, b) => (b.operator_timing ?? 0) - (a.operator_timing ?? 0)).slice(0, 12)
        ) {
          const info = JSON.stringify(o.extra_info ?? {}).slice(0, 140);
          console.log(
            `  ${
              ((o.operator_timing ?? 0) * 1000).toFixed(2)
            } ms ${o.operator_type} rows ${o.operator_cardinality} ${info}`,
          );
        }
      }
      if (EXPLAIN) {
        const plan = await native.query<{ explain_value: string }>(`explain analyze ${sql}`);
        console.log(plan.map((r) => r.explain_value).join("\n"));
      }
    }
  }
  native.close();
} finally {
  await server.stop();
}
