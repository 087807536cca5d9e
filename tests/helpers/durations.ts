// How long each test file took in the last run, so that a folder starts its longest files first: a long file
// started last (tests/seed_test.ts, last by name) ran alone at the end of its folder while the other workers
// sat idle. The committed tests/durations.json orders a machine's first run; each run then keeps its own
// figures in the test cache, and a file with no figure yet (a new one) starts first.

import { TEST_CACHE_DIR } from "./cache_dir.ts";

const SNAPSHOT = new URL("../durations.json", import.meta.url).pathname;
const CACHE = `${TEST_CACHE_DIR}/durations.json`;

type Seconds = Record<string, number>;

const rounded = (all: Seconds): Seconds =>
  Object.fromEntries(Object.entries(all).sort().map(([f, s]) => [f, Math.round(s * 10) / 10]));

async function readSeconds(path: string): Promise<Seconds> {
  try {
    return JSON.parse(await Deno.readTextFile(path));
  } catch {
    return {};
  }
}

async function knownSeconds(): Promise<Seconds> {
  return { ...await readSeconds(SNAPSHOT), ...await readSeconds(CACHE) };
}

const byLength = (files: string[], known: Seconds) => {
  const seconds = (f: string) => known[f] ?? Infinity;
  return [...files].sort((a, b) => seconds(b) - seconds(a) || a.localeCompare(b));
};

/** The files, longest first by their last known duration; files never timed go first. */
export async function longestFirst(files: string[]): Promise<string[]> {
  return byLength(files, await knownSeconds());
}

/**
 * The files dealt into `n` batches of about equal known duration (longest first, each to the batch with the
 * least so far); a file never timed counts as the longest known one.
 */
export async function batches(files: string[], n: number): Promise<string[][]> {
  const known = await knownSeconds();
  const longest = Math.max(0, ...files.map((f) => known[f] ?? 0));
  const seconds = (f: string) => known[f] ?? longest;
  const out = Array.from({ length: Math.min(n, files.length) }, () => ({ files: [] as string[], total: 0 }));
  for (const f of byLength(files, known)) {
    const least = out.reduce((a, b) => (b.total < a.total ? b : a));
    least.files.push(f);
    least.total += seconds(f);
  }
  return out.map((b) => b.files);
}

/**
 * The file and seconds of a top-level test's result line of `deno test` ('./tests/x_test.ts => name ... ok
 * (1m2s)'); null for a step's line (its name holds another ' ... ') or any other line.
 */
export function testSeconds(line: string): { file: string; seconds: number } | null {
  const m =
    /^\.\/(tests\/\S+_test\.tsx?) => (.*) \.\.\. (?:ok|FAILED.*) \((?:(\d+)m)?(?:(\d+)s)?(?:(\d+)ms)?\)$/
      .exec(line);
  if (!m || m[2].includes(" ... ")) return null;
  return { file: m[1], seconds: Number(m[3] ?? 0) * 60 + Number(m[4] ?? 0) + Number(m[5] ?? 0) / 1000 };
}

/** Adds the files' durations measured in this run to those kept from earlier runs. */
export async function keepDurations(measured: Seconds): Promise<void> {
  if (Object.keys(measured).length === 0) return;
  const all = rounded({ ...await readSeconds(CACHE), ...measured });
  try {
    await Deno.mkdir(CACHE.slice(0, CACHE.lastIndexOf("/")), { recursive: true });
    const tmp = `${CACHE}.${crypto.randomUUID()}`;
    await Deno.writeTextFile(tmp, JSON.stringify(all, null, 2) + "\n");
    await Deno.rename(tmp, CACHE);
  } catch {
    // Without a cache the next run orders its files by the committed figures: slower at worst, never wrong.
  }
}

/**
 * The committed figures with a run's over them, for files still in the suite (`files`). A file of a batch
 * (unit, reports, API: its results print under the batch's name) has no figure of its own in a run and keeps
 * its committed one.
 */
export function refreshedSnapshot(committed: Seconds, measured: Seconds, files: string[]): Seconds {
  const all = { ...committed, ...measured };
  return rounded(Object.fromEntries(Object.entries(all).filter(([f]) => files.includes(f))));
}

/**
 * Writes tests/durations.json from this run (`TEST_DURATIONS=commit deno task test`): the order a machine's
 * first run follows, to be committed from a run of the whole suite on a clean clone.
 */
export async function writeSnapshot(measured: Seconds, files: string[]): Promise<void> {
  const next = refreshedSnapshot(await readSeconds(SNAPSHOT), measured, files);
  await Deno.writeTextFile(SNAPSHOT, JSON.stringify(next, null, 2) + "\n");
}
