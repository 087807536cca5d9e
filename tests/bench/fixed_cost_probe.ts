// Where a report statement's fixed cost goes (issue 36), in native DuckDB (one thread): each case's statement
// as the engine sends it after the bench's warm-up reports (malls 3, 0 and 6: the views are defined at the
// first one's scope, so the timed report's scope comes as CTEs, as in the browser), then the same statement
// on the same data in other shapes (plain tables, views without casts or without the empty table's branch,
// the statement prepared once, its dates as parameters, fewer optimizers…), interleaved: the median wall
// and CPU time of each and DuckDB's own phases (binding, optimizers, operators). Partitions are fetched once
// from a bench server and kept in PROBE_CACHE. PROBE_DUMP=dir writes every call to DuckDB down, for
// tests/bench/wasm_replay.ts to time the same variants in DuckDB-WASM (its default: data/probe/dump). Not
// part of the tests:
//   BENCH_DATA_DIR=… PROFILE_CASES=dc,dia deno run -A tests/bench/fixed_cost_probe.ts
// (cases dc, dia, cat, ranking, flash, vp; PROBE_VARIANTS=engine,phys,… to time some only)

import type { Catalog, CatalogEntry } from "#contract/extracts.ts";
import type { Connector, Statements } from "../../web/src/analytics/connector.ts";
import { ReportEngine } from "../../web/src/analytics/engine.ts";
import { dcPartitions, diarioSql } from "../../web/src/reports/diario-comparativo/report.ts";
import { rankingPartitions, rankingSql } from "../../web/src/reports/ranking-mall/report.ts";
import { dayPartitions, daySql } from "../../web/src/reports/ventas-dia/report.ts";
import { categoriesSql, catPartitions } from "../../web/src/reports/ventas-categoria/report.ts";
import { flashPartitions, projectionSql, weeksSql } from "../../web/src/reports/flash-semanal/report.ts";
import { presupuestoSql, vpPartitions, vpPeriod } from "../../web/src/reports/ventas-presupuesto/report.ts";
import process from "node:process";
import { nativeConnector } from "../reports/native_connector.ts";
import { apiSignIn, ROOT, startBenchServer } from "./analytics_server.ts";

const DATA_DIR = Deno.env.get("BENCH_DATA_DIR") ?? `${ROOT}data/bench`;
const CACHE = Deno.env.get("PROBE_CACHE") ?? `${ROOT}data/probe/parts`;
const RUNS = Number(Deno.env.get("PROFILE_RUNS") ?? 30);
const ONLY = new Set((Deno.env.get("PROFILE_CASES") ?? "dc,dia").split(",").filter(Boolean));
const VARIANTS = new Set((Deno.env.get("PROBE_VARIANTS") ?? "").split(",").filter(Boolean));

type Run = { partitions: readonly string[]; statements: Statements };
/**
 * A case: the warm-up reports (the first defines the views; the bench warms malls 3, 0 and 6, so the year
 * tables hold every mall) and the timed one (PROBE_MALL, another month: a scope other than the views' comes
 * as CTEs).
 */
type Case = { name: string; warm: (y: number, mall: number) => Run; timed: (y: number, mall: number) => Run };
const WARM_MALLS = (Deno.env.get("PROBE_WARM_MALLS") ?? "3,0,6").split(",").map(Number);
const MALL = Number(Deno.env.get("PROBE_MALL") ?? 6);

const dc = (y: number, m: number, mall: number, sss: boolean, inflation: boolean): Run => {
  const f = {
    mall,
    inflation,
    sss,
    range: {
      start: `${y}-${String(m).padStart(2, "0")}-01`,
      end: `${y}-${String(m + 1).padStart(2, "0")}-15`,
    },
    comparisonYear: y - 1,
  };
  return { partitions: dcPartitions([mall], f), statements: { rows: diarioSql(f) } };
};
const ALL = [2, 3, 4, 5, 6];
const mallsOf = (mall: number) => (mall === 0 ? ALL : [mall]);
const dia = (day: string, type: "dia" | "acumulada", mall: number): Run => {
  const f = { type, mall, day, inflation: true };
  return { partitions: dayPartitions(mallsOf(mall), f.day), statements: { rows: daySql(f) } };
};
const cat = (y: number, m: number, mall: number): Run => {
  const f = {
    type: "SSS" as const,
    mall,
    span: { start: `${y}-${String(m).padStart(2, "0")}-01`, end: `${y}-${String(m).padStart(2, "0")}-20` },
    comparisonYear: y - 1,
    inflation: true,
  };
  return { partitions: catPartitions(mallsOf(mall), y, y - 1), statements: { rows: categoriesSql(f) } };
};
const ranking = (y: number, m: number, mall: number): Run => {
  const act = {
    start: `${y}-${String(m).padStart(2, "0")}-01`,
    end: `${y}-${String(m).padStart(2, "0")}-28`,
  };
  const f = { mall, inflation: true, act, comparisonYear: y - 1 };
  return { partitions: rankingPartitions(mall, y, y - 1), statements: { rows: rankingSql(f) } };
};
const flash = (y: number, m: number, mall: number): Run => {
  const f = {
    mall,
    range: { start: `${y}-${String(m).padStart(2, "0")}-01`, end: `${y}-${String(m).padStart(2, "0")}-28` },
    contract: "",
  };
  return { partitions: flashPartitions(f), statements: { weeks: weeksSql(f), projection: projectionSql(f) } };
};
const vp = (y: number, m: number, today: string, mall: number): Run => {
  const f = { mall, inflation: true, year: y, month: m, comparisonYear: y - 1 };
  return {
    partitions: vpPartitions(mallsOf(mall), f),
    statements: { rows: presupuestoSql(f, vpPeriod(f, today)) },
  };
};

let today = "";
const CASES: Case[] = [
  {
    name: "dc",
    warm: (y, mall) => dc(y, 11, mall, true, true),
    timed: (y, mall) => dc(y, 3, mall, true, false),
  },
  {
    name: "dia",
    warm: (y, mall) => dia(`${y}-12-20`, "dia", mall),
    timed: (y, mall) => dia(`${y}-05-15`, "acumulada", mall),
  },
  { name: "cat", warm: (y, mall) => cat(y, 12, mall), timed: (y, mall) => cat(y, 3, mall) },
  // One mall each (the screens have no 'Todas').
  {
    name: "ranking",
    warm: (y, mall) => ranking(y, 12, mall || 2),
    timed: (y, mall) => ranking(y, 3, mall || 2),
  },
  { name: "flash", warm: (y, mall) => flash(y, 12, mall || 2), timed: (y, mall) => flash(y, 3, mall || 2) },
  { name: "vp", warm: (y, mall) => vp(y, 12, today, mall), timed: (y, mall) => vp(y, 3, today, mall) },
];

let stopServer = () => Promise.resolve();
/** The catalogue and partitions' bytes, from the cache or a bench server (then cached). */
async function source(): Promise<{ catalog: Catalog; bytes: (e: CatalogEntry) => Promise<Uint8Array> }> {
  const catFile = `${CACHE}/catalog.json`;
  let server: Promise<{ url: string; stop: () => Promise<void> }> | null = null;
  let cookie = "";
  // One server, started on the first partition not cached (the loads ask at once).
  const up = () =>
    server ??= startBenchServer(DATA_DIR).then(async (s) => {
      cookie = `sid=${await apiSignIn(s.url, "admin@demo.pe")}`;
      addEventListener("unload", () => s.stop());
      return s;
    });
  await Deno.mkdir(CACHE, { recursive: true });
  let catalog: Catalog;
  try {
    catalog = JSON.parse(await Deno.readTextFile(catFile));
  } catch {
    const s = await up();
    catalog = ((await (await fetch(`${s.url}/api/extracts/catalog`, { headers: { cookie } })).json()) as {
      data: Catalog;
    }).data;
    await Deno.writeTextFile(catFile, JSON.stringify(catalog));
  }
  stopServer = async () => await (await server)?.stop();
  return {
    catalog,
    bytes: async (e) => {
      const file = `${CACHE}/${e.partition}@${e.version}.arrow`;
      try {
        return await Deno.readFile(file);
      } catch {
        const s = await up();
        const res = await fetch(`${s.url}/api/extracts/${e.partition}`, { headers: { cookie } });
        const b = new Uint8Array(await res.arrayBuffer());
        await Deno.writeFile(file, b);
        return b;
      }
    },
  };
}

// Deno's Node-API may lose a native call's wake-up until the loop polls again (native_connector.ts): a timer
// due every millisecond bounds that to 1 ms (the connector's own 20 ms beat made half the runs 20 ms late).
setInterval(() => {}, 1);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

const src = await source();
today = src.catalog.today;
const raw = await nativeConnector();
/**
 * PROBE_DUMP=dir: every call to DuckDB is written down (partitions' bytes as files) with each statement's
 * variants, for tests/bench/wasm_replay.ts to run the same in DuckDB-WASM.
 */
const DUMP = Deno.env.get("PROBE_DUMP");
const log: unknown[] = [];
if (DUMP) await Deno.mkdir(DUMP, { recursive: true });
const native = {
  ...raw,
  exec: (sql: string) => (log.push({ op: "exec", sql }), raw.exec(sql)),
  loadArrow: async (table: string, bytes: Uint8Array) => {
    if (DUMP) {
      const file = `${log.length}.arrow`;
      await Deno.writeFile(`${DUMP}/${file}`, bytes);
      log.push({ op: "load", table, file });
    }
    return raw.loadArrow(table, bytes);
  },
};
await native.exec("set threads = 1");
const sent: string[] = [];
/** Family → the select of its view now (from the engine's DDL). */
const views = new Map<string, string>();
const connector: Connector = {
  ...native,
  exec: (sql) => {
    for (const s of sql.split(";\n")) {
      const m = /^create or replace view "([^"]+)" as (.*)$/s.exec(s.trim());
      if (m) views.set(m[1], m[2]);
    }
    return native.exec(sql);
  },
  query: (sql) => {
    sent.push(sql);
    return native.query(sql);
  },
};
const engine = new ReportEngine({
  connector,
  monthlyFamily: true,
  source: {
    catalog: () => Promise.resolve(src.catalog),
    bytes: async (entry) => {
      const bytes = await src.bytes(entry);
      // Rows: the Arrow stream's own count (the header the server sends).
      const { tableFromIPC } = await import("apache-arrow");
      return { bytes, rows: tableFromIPC(bytes).numRows, saved: Promise.resolve() };
    },
  },
});
const y = Number(today.slice(0, 4)) - 1;

/** Splits the engine's text into its scope CTEs (family → select) and the statement. */
function split(text: string, original: string): { scope: Map<string, string>; sql: string } {
  const scope = new Map<string, string>();
  if (text === original) return { scope, sql: original };
  const own = /^\s*with\s+/i.exec(original);
  const head = text.slice(0, text.length - (own ? original.length - own[0].length : original.length));
  const body = head.replace(/^\s*with\s+/i, "").replace(/,?\n$/, "");
  for (const cte of body.split(",\n")) {
    const m = /^"([^"]+)" as not materialized \((.*)\)$/s.exec(cte);
    if (!m) throw new Error(`not a scope CTE: ${cte.slice(0, 80)}`);
    scope.set(m[1], m[2]);
  }
  return { scope, sql: original };
}

/**
 * (lean) The optimizers that do nothing for a report's few thousand rows, off: each one's code is run (and
 * optimized by V8) on every statement. Kept: the pushdowns of filters and columns into the scans, the join
 * order and build side, CTE inlining and the rewrite of correlated subqueries.
 */
const LEAN = Deno.env.get("PROBE_LEAN") ??
  [
    "expression_rewriter",
    "empty_result_pullup",
    "cte_filter_pusher",
    "regex_range",
    "in_clause",
    "unnest_rewriter",
    "statistics_propagation",
    "common_subexpressions",
    "common_aggregate",
    "limit_pushdown",
    "top_n",
    "compressed_materialization",
    "duplicate_groups",
    "reorder_filter",
    "sampling_pushdown",
    "join_filter_pushdown",
    "sum_rewriter",
    "late_materialization",
  ].join(",");
let schemaN = 0;
/** The figures of a variant: wall time, this process's CPU time (steadier on a busy machine), DuckDB's phases. */
type Timing = { wall: number[]; cpu: number[]; phases: Record<string, number[]> };
const PHASES = /^(latency|cpu_time|planner|planner_binding|physical_planner|all_optimizers|optimizer_.*)$/;
const profile = await Deno.makeTempFile({ suffix: ".json" });

for (const c of CASES.filter((x) => ONLY.has(x.name))) {
  for (const mall of WARM_MALLS) await engine.run(c.warm(y, mall));
  sent.length = 0;
  const timed = c.timed(y, MALL);
  await engine.run(timed);
  const originals = Object.values(timed.statements).map((s) => s.sql);
  const texts = [...sent];
  console.log(
    `\n== ${c.name} (mall ${MALL}, warmed ${WARM_MALLS}): ${texts.length} statement(s), ${
      texts.map((t) => t.length).join(" + ")
    } chars`,
  );
  for (const [i, text] of texts.entries()) {
    const { scope, sql } = split(text, originals[i]);
    // Every family the statement names, and its select: its view now (main) or its scope (CTE).
    const families = [...views.keys()].filter((f) => new RegExp(`\\b${f}\\b`).test(sql));
    const selectOf = (f: string) => (scope.get(f) ?? views.get(f)!).replaceAll(/ from "/g, ' from main."');
    /** A schema with an object per family, made by `make` (null: the family's view as it is). */
    const schema = async (make: (s: string, f: string, select: string) => Promise<string | null>) => {
      const s = `s${++schemaN}`;
      await native.exec(`create schema ${s}`);
      for (const f of families) {
        await native.exec((await make(s, f, selectOf(f))) ?? `create view ${s}."${f}" as ${selectOf(f)}`);
      }
      return `set search_path = '${s},main'`;
    };
    const branches = (select: string) => select.split(" union all ");
    // (view) the scope as views: the text of a report whose scope is the views' (no CTEs).
    const view = await schema(() => Promise.resolve(null));
    // (phys) each family one plain table of the scope's rows.
    const phys = await schema((s, f, select) =>
      Promise.resolve(`create table ${s}."${f}" as select * from (${select})`)
    );
    // (dims) the one-partition families (contracts, malls, categories, inflation) as plain tables, the sales
    // and budget views as they are: what storing those families ready, without a view, would give.
    const dims = await schema((s, f, select) =>
      Promise.resolve(
        f.startsWith("sales_") || f === "budgets"
          ? null
          : `create table ${s}."${f}" as select * from (${select})`,
      )
    );
    // (noempty) the views without the empty typed table's branch where they have others (7ea96fe does this).
    const noempty = await schema((s, f, select) => {
      const rest = branches(select).filter((b) => !/#empty/.test(b));
      return Promise.resolve(rest.length ? `create view ${s}."${f}" as ${rest.join(" union all ")}` : null);
    });
    // (nocast) the partitions' tables stored already cast: a view is a union of plain reads; (nounion) that
    // without the empty table's branch.
    let k = 0;
    const uncast = async (s: string, select: string) => {
      const out: string[] = [];
      for (const b of branches(select)) {
        if (!/\bcast\(/.test(b)) out.push(b);
        else {
          await native.exec(`create table ${s}.t${k} as ${b}`);
          out.push(`select * from ${s}.t${k++}`);
        }
      }
      return out;
    };
    const nocast = await schema(async (s, f, select) =>
      `create view ${s}."${f}" as ${(await uncast(s, select)).join(" union all ")}`
    );
    const nounion = await schema(async (s, f, select) => {
      const all = await uncast(s, select), rest = all.filter((b) => !/#empty/.test(b));
      return `create view ${s}."${f}" as ${(rest.length ? rest : all).join(" union all ")}`;
    });
    // (prepared) the engine's text prepared once: its execution alone per run (the floor of reusing plans).
    await native.exec(`prepare same${schemaN} as ${text}`);
    // (param) its dates as parameters: one prepared statement for every range of the same shape (DuckDB binds
    // and plans a prepared statement again for every execution with parameters).
    const dates: string[] = [];
    const shape = text.replaceAll(/DATE '(\d{4}-\d{2}-\d{2})'/g, (_, d: string) => {
      dates.push(d);
      return `$${dates.length}::DATE`;
    });
    await native.exec(`prepare param${schemaN} as ${shape}`);
    // (sums) Diario Comparativo's figures as sums only (the ratios then computed in JavaScript), (noorder)
    // without the last ORDER BY (sorted in JavaScript), and both over plain tables (phys_sums_noorder).
    const figures = (t: string) =>
      t.replace(
        /sum\(act\)::double as ventas_act,[\s\S]*?as cumplimiento_ventas_m2/,
        "sum(act)::double as ventas_act, sum(cmp)::double as ventas_cmp, " +
          "sum(area_act)::double as superf_vta_act, sum(area_cmp)::double as superf_vta_cmp",
      );
    const noorder = (t: string) => t.replace(/\s+order by [^)]*$/i, "");
    const main = "set search_path = 'main'";
    const variants: Record<string, { setup: string; sql: string }> = {
      engine: { setup: main, sql: text },
      view: { setup: view, sql },
      phys: { setup: phys, sql },
      dims: { setup: dims, sql },
      noempty: { setup: noempty, sql },
      nocast: { setup: nocast, sql },
      nounion: { setup: nounion, sql },
      sums: { setup: main, sql: figures(text) },
      noorder: { setup: main, sql: noorder(text) },
      phys_sums_noorder: { setup: phys, sql: noorder(figures(sql)) },
      lean: { setup: `${main}; set disabled_optimizers = '${LEAN}'`, sql: text },
      prepared: { setup: main, sql: `execute same${schemaN}` },
      param: { setup: main, sql: `execute param${schemaN}(${dates.map((d) => `DATE '${d}'`).join(", ")})` },
      select1: { setup: main, sql: "select 1 as x" },
    };
    for (const [name, v] of Object.entries(variants)) {
      if (name !== "lean") v.setup = `${v.setup}; set disabled_optimizers = ''`;
    }
    log.push({ op: "variants", name: `${c.name}[${i}]`, variants });
    const names = Object.keys(variants).filter((x) => VARIANTS.size === 0 || VARIANTS.has(x));
    // The same rows (sums and noorder excepted: their rows are the JavaScript's to finish).
    const ref = JSON.stringify(await native.query(text));
    for (const name of names.filter((x) => !/select1|sums|noorder/.test(x))) {
      await native.exec(variants[name].setup);
      if (JSON.stringify(await native.query(variants[name].sql)) !== ref) {
        console.log(`  ${name}: DIFFERENT ROWS`);
      }
    }
    const t: Record<string, Timing> = Object.fromEntries(
      names.map((x) => [x, { wall: [], cpu: [], phases: {} }]),
    );
    for (let r = 0; r < RUNS; r++) {
      for (const name of names) {
        await native.exec(variants[name].setup);
        const c0 = process.cpuUsage(), t0 = performance.now();
        await native.query(variants[name].sql);
        t[name].wall.push(performance.now() - t0);
        const c = process.cpuUsage(c0);
        t[name].cpu.push((c.user + c.system) / 1000);
      }
    }
    // DuckDB's own phases of each variant (its JSON profile, detailed), nine runs each.
    for (let r = 0; r < 9; r++) {
      for (const name of names) {
        await native.exec(variants[name].setup);
        await native.exec(
          `pragma enable_profiling = 'json'; pragma profiling_output = '${profile}'; pragma profiling_mode = 'detailed'`,
        );
        await native.query(variants[name].sql);
        await native.exec("pragma disable_profiling");
        for (const [key, v] of Object.entries(JSON.parse(await Deno.readTextFile(profile)))) {
          if (typeof v === "number" && PHASES.test(key)) (t[name].phases[key] ??= []).push(v * 1000);
        }
      }
    }
    await native.exec(`${main}; set disabled_optimizers = ''`);
    const ms = (xs: number[]) => median(xs).toFixed(2);
    console.log(
      `  [${i}] ${
        names.map((x) =>
          `${x} ${ms(t[x].wall)} (min ${Math.min(...t[x].wall).toFixed(2)}, cpu ${ms(t[x].cpu)})`
        )
          .join(", ")
      } (ms)`,
    );
    for (const name of names) {
      const phases = Object.entries(t[name].phases).filter(([, v]) => median(v) >= 0.03);
      console.log(`    ${name}: ${phases.map(([key, v]) => `${key} ${ms(v)}`).join(", ")}`);
    }
  }
}
native.close();
if (DUMP) await Deno.writeTextFile(`${DUMP}/log.json`, JSON.stringify(log));
await stopServer();
Deno.exit(0);
