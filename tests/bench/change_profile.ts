// Where a filter change's time goes: Chrome's CPU profile of a screen's filter changes (after the bench's warm-up
// pass), summed by function (self time) and by script. Not part of `deno task bench`; run it by hand on the
// bench data when a screen's changes are slower than its statements and render explain:
//   BENCH_DATA_DIR=… PROFILE_SCREEN="Provisión de Ventas" deno run -A tests/bench/change_profile.ts
// Needs web/dist built from the sources (deno task build): the profile names the bundle's functions.

import { timedChange } from "./analytics_page.ts";
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
  await cdp.send("Profiler.start");
  const times: number[] = [];
  for (const search of timed) times.push((await timedChange(page, search, probe)).ms);
  const { profile } = await cdp.send("Profiler.stop") as unknown as {
    profile: { nodes: Node[]; samples: number[]; timeDeltas: number[] };
  };
  // Self time per node from the samples (each sample's delta is the time since the previous one).
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const byFunction = new Map<string, number>(), byScript = new Map<string, number>();
  for (const n of profile.nodes) {
    const ms = self.get(n.id) ?? 0;
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
});
