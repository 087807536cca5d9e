import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { CONTROL_CHARS_MESSAGE, controlCharPath } from "#contract/fields.ts";
import { VALIDATION_ERROR } from "#contract/errors.ts";
import { fail } from "./envelope.ts";

/** The mark of a validator of JSON bodies (routes listed by `app.routes` carry their handlers). */
export const JSON_BODY = Symbol("jsonBody");

/** The part of a zod schema's definition the strictness walk reads (zod 4's `_zod.def`). */
interface Walked {
  _zod: {
    def: {
      type: string;
      shape?: Record<string, Walked>;
      catchall?: Walked;
      innerType?: Walked;
      in?: Walked;
      out?: Walked;
      element?: Walked;
      options?: readonly Walked[];
      left?: Walked;
      right?: Walked;
      items?: readonly Walked[];
      rest?: Walked | null;
      valueType?: Walked;
    };
  };
}

/**
 * The paths of the objects inside a schema that accept keys they do not declare ('' for the top), or none.
 * Every body is strict (issue 42): a key the server does not know is refused with 'Parámetro no permitido',
 * never dropped without a word.
 */
export function looseObjects(schema: ZodType): string[] {
  const loose: string[] = [];
  const seen = new Set<Walked>();
  const walk = (s: Walked | null | undefined, path: string) => {
    if (!s || seen.has(s)) return;
    seen.add(s);
    const d = s._zod.def;
    if (d.type === "object") {
      if (d.catchall?._zod.def.type !== "never") loose.push(path);
      for (const [k, x] of Object.entries(d.shape ?? {})) walk(x, path ? `${path}.${k}` : k);
    }
    for (const x of [d.innerType, d.in, d.out, d.left, d.right, d.rest, d.valueType]) walk(x, path);
    if (d.element) walk(d.element, `${path}[]`);
    for (const x of [...d.options ?? [], ...d.items ?? []]) walk(x, path);
  };
  walk(schema as Walked, "");
  return loose;
}

/**
 * zValidator that answers the validation envelope: one message per field, in Spanish. Every string of the
 * input is checked for control characters first (a NUL would otherwise reach PostgreSQL and fail there). A
 * body schema that accepts unknown keys is a developer error, thrown when the route is declared.
 */
export const v = <T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) => {
  const loose = target === "json" ? looseObjects(schema) : [];
  if (loose.length) {
    const where = loose.map((p) => p || "(top)").join(", ");
    throw new Error(`A JSON body schema must be strict (z.strictObject or strict()); loose at: ${where}`);
  }
  const validator = zValidator(target, schema, (result, c) => {
    const bad = controlCharPath(result.data);
    if (bad) {
      return fail(c, VALIDATION_ERROR, undefined, {
        [bad.length ? bad.join(".") : target]: CONTROL_CHARS_MESSAGE,
      });
    }
    if (result.success) return;
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.length ? issue.path.join(".") : target;
      fields[key] ??= issue.message;
    }
    return fail(c, VALIDATION_ERROR, undefined, fields);
  });
  // Marked, so a test finds every route that reads a JSON body in the app's own route list.
  return Object.assign(validator, { [JSON_BODY]: target === "json" });
};
