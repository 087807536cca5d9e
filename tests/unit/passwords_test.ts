import assert from "node:assert/strict";
import { hashPassword, verifyPassword } from "../../services/passwords.ts";

/** Runs fn with PASSWORD_HASH_COST set to value (or unset), then puts back what the suite set. */
async function withCost(value: string | undefined, fn: () => Promise<void>) {
  const before = Deno.env.get("PASSWORD_HASH_COST");
  if (value === undefined) Deno.env.delete("PASSWORD_HASH_COST");
  else Deno.env.set("PASSWORD_HASH_COST", value);
  try {
    await fn();
  } finally {
    if (before === undefined) Deno.env.delete("PASSWORD_HASH_COST");
    else Deno.env.set("PASSWORD_HASH_COST", before);
  }
}

Deno.test("passwords: argon2id at OWASP's baseline (19 MiB, 2 iterations, 1 lane) unless the suite says test", async () => {
  await withCost(undefined, async () => {
    const hash = await hashPassword("Una-clave-2026");
    assert.match(hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    assert.equal(await verifyPassword("Una-clave-2026", hash), true);
    assert.equal(await verifyPassword("Otra-clave-2026", hash), false);
  });
  await withCost("test", async () => {
    const cheap = await hashPassword("Una-clave-2026");
    assert.match(cheap, /^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    assert.equal(await verifyPassword("Una-clave-2026", cheap), true);
  });
  // A stored hash names its cost: one made at the test cost still verifies on a server at the baseline.
  await withCost(undefined, async () => {
    assert.equal(await verifyPassword("x", null), false);
  });
});
