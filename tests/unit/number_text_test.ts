// How every number field reads what a person types (contract/number_text.ts): the decimal comma, the
// portal's own thousands grouping, and a refusal with a message for anything it cannot read whole.
import assert from "node:assert/strict";
import { isNumberDraft, readNumber } from "#contract/number_text.ts";
import { parseAmount } from "#contract/guarantees/guarantees.ts";
import { inflationBody } from "#contract/inflation.ts";

const NOT_A_NUMBER = "Ingresar solo números.";
const MIXED =
  "Use la coma o el punto como separador decimal (por ejemplo 1234,56 o 1,234.56), no ambos a la vez.";

Deno.test("readNumber: amounts (thousands grouped as the portal writes them, else a decimal comma)", () => {
  const cases: [string, number | null | string][] = [
    ["", null],
    ["  ", null],
    ["0,22", 0.22],
    ["1,5", 1.5],
    ["12,50", 12.5],
    [",5", 0.5],
    ["40000", 40000],
    ["40,000", 40000],
    ["1,234,567.89", 1234567.89],
    ["265,500.00", 265500],
    ["0,225", 0.225],
    ["1.5", 1.5],
    [".5", 0.5],
    ["7.", 7],
    ["-3,5", -3.5],
    ["-1,000", -1000],
    ["1,5abc", NOT_A_NUMBER],
    ["abc", NOT_A_NUMBER],
    ["1e5", NOT_A_NUMBER],
    ["1 000", NOT_A_NUMBER],
    ["1,2,3", NOT_A_NUMBER],
    ["1.2.3", NOT_A_NUMBER],
    ["12,34.5", NOT_A_NUMBER],
    ["1.234,56", MIXED],
    ["-", NOT_A_NUMBER],
  ];
  for (const [text, want] of cases) {
    const r = readNumber(text);
    if (typeof want === "string") assert.deepEqual(r, { ok: false, message: want }, text);
    else assert.deepEqual(r, { ok: true, value: want }, text);
  }
});

Deno.test("readNumber: factors and percentages have no thousands, every comma is decimal", () => {
  const cases: [string, number | string][] = [
    ["0,22", 0.22],
    ["1,500", 1.5],
    ["1,5abc", NOT_A_NUMBER],
    ["1,000,000", NOT_A_NUMBER],
    ["-0,3", -0.3],
  ];
  for (const [text, want] of cases) {
    const r = readNumber(text, { thousands: false });
    if (typeof want === "string") assert.deepEqual(r, { ok: false, message: want }, text);
    else assert.deepEqual(r, { ok: true, value: want }, text);
  }
});

Deno.test("isNumberDraft: what a field takes while typed (the rest is refused aloud)", () => {
  const cases: [string, boolean, boolean, boolean][] = [
    ["0,", false, false, true],
    ["0,22", false, false, true],
    ["1,234.", false, false, true],
    ["1,5a", false, false, false],
    ["1..", false, false, false],
    ["-2", false, true, true],
    ["-2", false, false, false],
    ["12", true, false, true],
    ["1.2", true, false, false],
    ["1 2", false, false, false],
  ];
  for (const [text, integer, signed, want] of cases) {
    assert.equal(isNumberDraft(text, integer, signed), want, `${text} integer=${integer} signed=${signed}`);
  }
});

Deno.test("parseAmount (guarantees) reads the decimal comma and never drops a character", () => {
  const cases: [string, number | null][] = [
    ["1,5", 1.5],
    ["265,500.00", 265500],
    ["1.234,56", null],
    ["12a", null],
    ["1,999", 1999],
    ["0,125", null],
    ["-5", null],
  ];
  for (const [text, want] of cases) assert.equal(parseAmount(text), want, text);
});

Deno.test("inflation months: '0,22' is 0.22, '1,5abc' is refused, blank is no factor", () => {
  const months = [
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "setiembre",
    "octubre",
    "noviembre",
    "diciembre",
  ];
  const base = { ...Object.fromEntries(months.map((m) => [m, ""])), version: 0 };
  const ok = inflationBody.safeParse({ anio: 2022, ...base, enero: "0,22", febrero: "-0,1", marzo: "1.5" });
  assert.ok(ok.success);
  assert.equal(ok.data.enero, 0.22);
  assert.equal(ok.data.febrero, -0.1);
  assert.equal(ok.data.marzo, 1.5);
  assert.equal(ok.data.abril, null);
  const bad = inflationBody.safeParse({ anio: 2022, ...base, enero: "1,5abc", febrero: "0,12345" });
  assert.equal(bad.success, false);
  const messages = Object.fromEntries(bad.error!.issues.map((i) => [i.path[0], i.message]));
  assert.equal(messages.enero, "Ingresar solo dígitos y una coma o un punto decimal.");
  assert.equal(messages.febrero, "Máximo 4 decimales.");
});
