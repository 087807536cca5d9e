// The environment of the suite's processes, set before any other module of tests/run.ts is evaluated (import
// it first): the test processes and the servers they start inherit it.
//
// Passwords are hashed at argon2's lowest cost (services/passwords.ts): the seeded templates' demo accounts,
// and every password a test sets, verify in well under a millisecond instead of 75 ms.
Deno.env.set("PASSWORD_HASH_COST", "test");
