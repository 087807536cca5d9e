import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { CONTROL_CHARS_MESSAGE, controlCharPath } from "../contract/fields.ts";
import { VALIDATION_ERROR } from "../contract/errors.ts";
import { fail } from "./envelope.ts";

/**
 * zValidator that answers the validation envelope: one message per field, in Spanish. Every string of the
 * input is checked for control characters first (a NUL would otherwise reach PostgreSQL and fail there).
 */
export const v = <T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result, c) => {
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
