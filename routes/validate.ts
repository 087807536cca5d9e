import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { VALIDATION_ERROR } from "../services/errors.ts";
import { fail } from "./envelope.ts";

/** zValidator that answers the validation envelope: one message per field, in Spanish. */
export const v = <T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result, c) => {
    if (result.success) return;
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.length ? issue.path.join(".") : target;
      fields[key] ??= issue.message;
    }
    return fail(c, VALIDATION_ERROR, undefined, fields);
  });
