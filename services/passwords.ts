import { argon2id, argon2Verify } from "hash-wasm";

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
const PARAMS = { iterations: 2, memorySize: 19456, parallelism: 1, hashLength: 32 } as const;

export const PASSWORD_MIN = 8;

export function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return argon2id({ password, salt, ...PARAMS, outputType: "encoded" });
}

export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash) {
    // Same work as a real check, so response time does not reveal unknown accounts.
    await argon2Verify({ password, hash: DUMMY_HASH }).catch(() => false);
    return false;
  }
  return await argon2Verify({ password, hash }).catch(() => false);
}

const DUMMY_HASH =
  "$argon2id$v=19$m=19456,t=2,p=1$5yI7U+SobemiFhCgvVwqgQ$wnOCuOZd5we6i40m1q2hOkWv5EA2zoERVOQE6aFa9nQ";
