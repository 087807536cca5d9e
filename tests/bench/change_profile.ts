// Where a filter change's time goes: Chrome's CPU profile of a screen's filter changes (after the bench's warm-up
// pass), summed by function (self time) and by script. Not part of `deno task bench`; run it by hand on the
// bench data when a screen's changes are slower than its statements and render explain:
//   BENCH_DATA_DIR=… PROFILE_SCREEN="Provisión de Ventas" deno run -A tests/bench/change_profile.ts
// Needs web/dist built from the sources (deno task build): the profile names the bundle's functions.

import { settle, timedChange } from "./analytics_page.ts";
import { withWarmScreen } from "./screen_session.ts";

const name = Deno.env.get("PROFILE_SCREEN") ?? "Provisión de Ventas";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

await withWarmScreen(name, async ({ page, timed, probe }, context) => {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  const times: number[] = [];
  // One profile per change, started once the page is quiet and stopped at the frame after the change: the
  // work a change leaves for idle time (the next filters computed ahead) stays out of it.
  const self = new Map<string, number>();
  const names = new Map<string, Node["callFrame"]>();
  const total = new Map<string, number>();
  for (const search of timed) {
    await settle(page);
    await cdp.send("Profiler.start");
    times.push((await timedChange(page, search, probe)).ms);
    const { profile } = await cdp.send("Profiler.stop") as unknown as {
      profile: { nodes: Node[]; samples: number[]; timeDeltas: number[] };
    };
    // Self time per node from the samples (each sample's delta is the time since the previous one).
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const keyOf = (f: Node["callFrame"]) => `${f.url}:${f.functionName}:${f.lineNumber}:${f.columnNumber}`;
    profile.samples.forEach((id, i) => {
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      const f = byId.get(id)!.callFrame;
      names.set(keyOf(f), f);
      self.set(keyOf(f), (self.get(keyOf(f)) ?? 0) + ms);
      // Total time: every function on the sample's stack, once.
      const seen = new Set<string>();
      for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
        const g = byId.get(n)!.callFrame;
        const k = `${g.functionName || "(anonymous)"} ${g.url.replace(/^.*\//, "")}:${g.lineNumber + 1}`;
        if (seen.has(k)) continue;
        seen.add(k);
        total.set(k, (total.get(k) ?? 0) + ms);
      }
    });
  }
  const byFunction = new Map<string, number>(), byScript = new Map<string, number>();
  for (const [key, callFrame] of names) {
    const n = { callFrame };
    const ms = self.get(key) ?? 0;
    const script = n.callFrame.url.replace(/^.*\//, "") || "(native)";
    const fn = `${n.callFrame.functionName || "(anonymous)"} ${script}:${n.callFrame.lineNumber + 1}:${
      n.callFrame.columnNumber + 1
    }`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `  ${v.toFixed(1).padStart(8)} ms  ${k}`);
  times.sort((a, b) => a - b);
  console.log(
    `${name}: ${times.length} changes, median ${times[times.length >> 1].toFixed(1)} ms, total ${
      times.reduce((a, b) => a + b, 0).toFixed(0)
    } ms`,
  );
  console.log(`by script (self time):\n${top(byScript, 8).join("\n")}`);
  console.log(`by function (self time):\n${top(byFunction, 40).join("\n")}`);
  console.log(`by function (total time):\n${top(total, 200).join("\n")}`);
});
