import { argon2id, argon2Verify } from "hash-wasm";

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
export const PASSWORD_HASH_PARAMS = {
  iterations: 2,
  memorySize: 19456,
  parallelism: 1,
  hashLength: 32,
} as const;

// The test suite's processes hash at argon2's lowest cost, as Django's test settings swap in a fast hasher: a
// sign-in costs 75 ms of CPU at the baseline, and the suite signs in well over a thousand times. tests/run.ts
// sets it for its own processes only; a stored hash names its parameters, so verification follows the hash.
const TEST_PARAMS = { iterations: 1, memorySize: 8, parallelism: 1, hashLength: 32 } as const;
const params = () => (Deno.env.get("PASSWORD_HASH_COST") === "test" ? TEST_PARAMS : PASSWORD_HASH_PARAMS);

export const PASSWORD_MIN = 8;

export function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return argon2id({ password, salt, ...params(), outputType: "encoded" });
}

/** A hash of nothing at the current cost, checked for unknown accounts. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash) {
    // Same work as a real check, so response time does not reveal unknown accounts.
    dummyHash ??= hashPassword("unknown account");
    await argon2Verify({ password, hash: await dummyHash }).catch(() => false);
    return false;
  }
  return await argon2Verify({ password, hash }).catch(() => false);
}
