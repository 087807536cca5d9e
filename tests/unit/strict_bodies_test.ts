// Issue 42, item 4: a JSON body schema that accepts unknown keys cannot be mounted.
import assert from "node:assert/strict";
import { z } from "zod";
import { strict } from "#contract/fields.ts";
import { looseObjects, v } from "../../routes/validate.ts";

Deno.test("v('json') refuses a loose body schema where it is declared, at any depth", () => {
  assert.throws(() => v("json", z.object({ a: z.string() })), /must be strict.*\(top\)/);
  assert.throws(
    () => v("json", strict({ a: z.array(z.object({ b: z.number() })).max(3) })),
    /loose at: a\[\]/,
  );
  assert.throws(() => v("json", strict({ a: z.object({ b: z.number() }).nullish() })), /loose at: a$/);
  assert.throws(() => v("json", z.looseObject({ a: z.string() })), /must be strict/);
  assert.deepEqual(
    looseObjects(
      strict({ a: strict({ b: z.number() }).nullish(), c: z.array(strict({})) }).refine(() => true),
    ),
    [],
  );
  assert.deepEqual(looseObjects(z.union([strict({}), z.object({})]).pipe(z.any())), [""]);
  // Queries and path parameters are not bodies: their schemas may stay as they are.
  v("query", z.object({ a: z.string() }));
});
