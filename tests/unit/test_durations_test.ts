// The runner's reading of `deno test` result lines (tests/helpers/durations.ts), from lines as Deno 2.9 prints
// them with --parallel.
import assert from "node:assert/strict";
import { refreshedSnapshot, testSeconds } from "../helpers/durations.ts";

const cases: [string, { file: string; seconds: number } | null][] = [
  ["./tests/api/maps_test.ts => vacancy map: plan, boxes [pglite] ... ok (13s)", {
    file: "tests/api/maps_test.ts",
    seconds: 13,
  }],
  ["./tests/api/extracts_test.ts => built partitions are kept [postgres] ... ok (1m18s)", {
    file: "tests/api/extracts_test.ts",
    seconds: 78,
  }],
  ["./tests/api/auth_password_test.ts => a reset link [pglite] ... ok (983ms)", {
    file: "tests/api/auth_password_test.ts",
    seconds: 0.983,
  }],
  [
    "./tests/browser/reports_sales_b_test.ts => browser: Diario Comparativo ... FAILED (due to 1 failed step) (1m32s)",
    {
      file: "tests/browser/reports_sales_b_test.ts",
      seconds: 92,
    },
  ],
  // A step's line: its parent's name, then the step's.
  [
    "./tests/browser/auth_test.ts => browser: sign-in screens ... a wrong password shows the error ... ok (4s)",
    null,
  ],
  ["running 3 tests from ./tests/unit/mail_test.ts", null],
  ["ok | 10 passed | 0 failed (4s)", null],
];

Deno.test("the runner reads a file's seconds from top-level result lines only", () => {
  for (const [line, want] of cases) assert.deepEqual(testSeconds(line), want, line);
});

Deno.test("a refreshed tests/durations.json: the run's figures over the committed ones, gone files dropped", () => {
  const committed = { "tests/a_test.ts": 133, "tests/api/b_test.ts": 40.2, "tests/gone_test.ts": 9 };
  const measured = { "tests/a_test.ts": 16.04, "tests/c_test.ts": 144 };
  const files = ["tests/a_test.ts", "tests/api/b_test.ts", "tests/c_test.ts"];
  assert.deepEqual(refreshedSnapshot(committed, measured, files), {
    "tests/a_test.ts": 16,
    // A batched file has no figure of its own in a run: its committed one stays.
    "tests/api/b_test.ts": 40.2,
    "tests/c_test.ts": 144,
  });
});
