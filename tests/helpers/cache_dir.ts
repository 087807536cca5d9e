/** Where test runs keep what outlives them: seeded templates, web builds, file durations, batch modules. */
export const TEST_CACHE_DIR = `${Deno.env.get("TMPDIR") ?? "/tmp"}/portal-test-cache`;
