// The timeline of a screen's filter changes: each change's measures (statements, reports, renders) and long
// tasks in ms from the change, slowest first. Not part of `deno task bench`; run it by hand on the bench data:
//   BENCH_DATA_DIR=… TIMELINE_SCREEN="Reporte General de Ventas" deno run -A tests/bench/change_timeline.ts

import { timedChange } from "./analytics_page.ts";
import { withWarmScreen } from "./screen_session.ts";

const name = Deno.env.get("TIMELINE_SCREEN") ?? "Reporte General de Ventas";
const changes = await withWarmScreen(name, async ({ page, timed, probe }) => {
  const out = [];
  for (const search of timed) out.push(await timedChange(page, search, probe));
  return out;
});
for (const c of changes.sort((a, b) => b.ms - a.ms)) {
  console.log(`${c.ms.toFixed(1)} ms ${c.search}\n    ${c.timeline.join("\n    ")}`);
}
