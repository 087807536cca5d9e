// Numbers typed by a person (issue 38): the portal writes amounts as 1,234.50, and people in Peru type the
// decimal comma ('0,22', '1,5'). One reading for every number field, on both sides, so a character is never
// dropped silently: a comma is a thousands separator only where it groups three digits as the portal
// writes them (and the field has thousands at all); any other single comma is the decimal separator; what
// cannot be read either way is refused with a message, never guessed. Pure: no imports of the server.

/** What a number field says when given something that is not a number ('abc', '12a', '1e5' pasted). */
export const NOT_A_NUMBER = "Ingresar solo números.";
/** Both separators, the comma after the point ('1.234,56'): which one is the decimal cannot be told. */
export const MIXED_SEPARATORS =
  "Use la coma o el punto como separador decimal (por ejemplo 1234,56 o 1,234.56), no ambos a la vez.";

export interface NumberReading {
  /**
   * The numbers a field holds: thousands commas (amounts, areas: '40,000' is forty thousand) or none
   * (factors, percentages: every comma is a decimal comma).
   */
  thousands?: boolean;
}

export type NumberRead =
  | { ok: true; value: number | null }
  | { ok: false; message: string };

/** '1,234' and '12,345,678.9': groups of three after a first group without a leading zero. */
const GROUPED = /^[1-9]\d{0,2}(,\d{3})+(\.\d*)?$/;
const POINT = /^(\d+\.?\d*|\.\d+)$/;
const COMMA = /^(\d+,\d*|,\d+)$/;

/**
 * Reads a typed number: blank is null (the field's own 'Ingresar …' message then speaks); a leading minus is
 * kept so the schema can say 'no puede ser negativa'. Never drops a character: a text it cannot read whole
 * is refused with the message to show.
 */
export function readNumber(text: string, reading: NumberReading = {}): NumberRead {
  const t = text.trim();
  if (t === "") return { ok: true, value: null };
  const negative = t.startsWith("-");
  const body = negative ? t.slice(1) : t;
  const signed = (n: number) => ({ ok: true as const, value: negative ? -n : n });
  if (POINT.test(body)) return signed(Number(body));
  if ((reading.thousands ?? true) && GROUPED.test(body)) return signed(Number(body.replace(/,/g, "")));
  if (COMMA.test(body)) return signed(Number(body.replace(",", ".")));
  if (/^[\d.]*\.[\d.]*,\d*$/.test(body) && /\d/.test(body)) return { ok: false, message: MIXED_SEPARATORS };
  return { ok: false, message: NOT_A_NUMBER };
}

/**
 * Whether `text` can become a number while it is being typed (digits, commas, one point, a leading minus):
 * the input takes it; any other keystroke or paste is refused aloud with NOT_A_NUMBER.
 */
export function isNumberDraft(text: string, integer = false, signed = false): boolean {
  const t = signed && text.startsWith("-") ? text.slice(1) : text;
  return integer ? /^[\d,]*$/.test(t) : /^[\d,]*\.?[\d,]*$/.test(t);
}

/** Whether `text` can be a number written as digits alone (an identifier: an operation's number). */
export const isDigitsDraft = (text: string): boolean => /^\d*$/.test(text);

/** A number as the portal writes it back into a field: a point decimal, no grouping ('1234.5'). */
export const numberText = (n: number | null | undefined) => (n == null ? "" : String(n));
