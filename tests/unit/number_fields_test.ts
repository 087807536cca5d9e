// No number field drops a character silently (issue 38, item 2 and 'Done when'): every input of a number in
// the screens is the portal's number field (components/number-field.tsx: what cannot be a number is refused
// aloud with 'Ingresar solo números.', the text read by contract/number_text.ts), or a field of its own that
// refuses aloud. Read from the screens' source: a filter that swallows keystrokes (PrimeReact's keyfilter,
// InputNumber, a native number input, a replace that strips characters) fails this test where it is added.
import assert from "node:assert/strict";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { isDigitsDraft, isNumberDraft } from "#contract/number_text.ts";

const WEB = fileURLToPath(new URL("../../web/src/", import.meta.url));

async function* sources(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(dir)) {
    const path = join(dir, e.name);
    if (e.isDirectory) yield* sources(path);
    else if (/\.tsx?$/.test(e.name) && !e.name.endsWith(".gen.ts")) yield path;
  }
}

/** What makes an input swallow characters without a word. */
const SILENT = [
  [/\bkeyfilter=/, "PrimeReact's keyfilter drops the keystrokes it does not take"],
  [/<InputNumber\b/, "InputNumber drops what it cannot parse"],
  [/type="number"/, "a native number input empties on a comma in some browsers"],
  [/\.replace\(\/\[\^\\d|\.replace\(\/\\D|\.replace\(\/\[\^0-9/, "a replace that strips characters"],
] as const;

/**
 * The inputs of a number outside the number field, each with what refuses aloud in its file (a message under
 * the field when a keystroke cannot be taken) or why nothing is dropped.
 */
const OWN_FIELDS: Record<string, RegExp> = {
  // Factors: every comma decimal (contract/inflation.ts TYPING), refused aloud month by month.
  "features/inflation/inflation-screen.tsx": /setErrors\(\(x\) => \(\{ \.\.\.x, \[m\]: NOT_A_NUMBER \}\)\)/,
  // A DNI: eight digits, anything else refused aloud.
  "features/reprimands/register-screen.tsx": /else setErrors\(\(x\) => \(\{ \.\.\.x, dni: DNI_DIGITS \}\)\)/,
  // The client search's RUC: digits, refused aloud (tests/browser/screens_fit_test.ts types '2051a').
  "features/guarantees/dashboard.tsx": /refuse\(`Ingresar solo números \(hasta \$\{max\} dígitos\)\.`\)/,
  // A cheque's number: kept as typed, its message shown while it is not digits.
  "features/guarantees/letter-actions.tsx": /digits \? undefined : CHEQUE_NUMBER_DIGITS/,
  // A user's DNI: free text kept as typed (the server's schema says what is wrong); nothing is dropped.
  "features/admin/user-dialog.tsx": /onChange=\{\(dni\) => set\(\{ dni \}\)\}/,
};

Deno.test("no number field drops a character silently: the number field or a field that refuses aloud", async () => {
  const problems: string[] = [];
  const numeric: string[] = [];
  for await (const path of sources(WEB)) {
    const file = relative(WEB, path);
    const text = await Deno.readTextFile(path);
    for (const [pattern, why] of SILENT) {
      if (pattern.test(text)) problems.push(`${file}: ${why}`);
    }
    if (/inputMode=\{?"(decimal|numeric)"/.test(text) && file !== "components/number-field.tsx") {
      numeric.push(file);
      const own = OWN_FIELDS[file];
      if (!own) problems.push(`${file}: a number input outside the number field`);
      else if (!own.test(text)) problems.push(`${file}: its number input no longer refuses aloud as listed`);
    }
  }
  assert.deepEqual(problems, []);
  // Every listed field is still there (a list that outlived its fields would check nothing).
  assert.deepEqual(numeric.sort(), Object.keys(OWN_FIELDS).sort());
});

Deno.test("the number field's kinds: what each takes while typed (the rest is refused aloud)", async () => {
  const cases: [string, (text: string) => boolean, boolean][] = [
    ["12,5", (x) => isNumberDraft(x, false), true],
    ["1,234.50", (x) => isNumberDraft(x, false), true],
    ["12a", (x) => isNumberDraft(x, false), false],
    ["1.5", (x) => isNumberDraft(x, true), false],
    ["004512", isDigitsDraft, true],
    ["45,12", isDigitsDraft, false],
    ["4512a", isDigitsDraft, false],
  ];
  for (const [text, takes, want] of cases) assert.equal(takes(text), want, `'${text}'`);
  // The field's 'digits' kind is that rule (the component itself loads PrimeReact, which Deno does not).
  const field = await Deno.readTextFile(join(WEB, "components/number-field.tsx"));
  assert.match(field, /kind === "digits" \? isDigitsDraft\(text\)/);
});
