// Cost of the sign-in path: argon2id dominates by design (memory-hard), the rest is database work.
import { hashPassword, verifyPassword } from "../../services/passwords.ts";
import { DEMO_PASSWORD, testApp } from "../helpers/api.ts";

const t = await testApp("pglite");
const hash = await hashPassword(DEMO_PASSWORD);
const admin = await t.signedIn("admin@demo.pe");
let n = 0;

Deno.bench("hashPassword() argon2id 19 MiB, t=2", { group: "password" }, async () => {
  await hashPassword(DEMO_PASSWORD);
});

Deno.bench("verifyPassword() right password", { group: "password", baseline: true }, async () => {
  await verifyPassword(DEMO_PASSWORD, hash);
});

Deno.bench("POST /api/auth/login (PGlite)", { group: "http" }, async () => {
  // Spread over addresses so the per-address throttle never kicks in.
  const r = await t.client(`10.8.${(n >> 8) & 255}.${n++ & 255}`).login("staff@demo.pe");
  if (r.status !== 200) throw new Error(r.text);
});

Deno.bench("GET /api/auth/me (PGlite)", { group: "http", baseline: true }, async () => {
  await admin.get("/api/auth/me");
});

Deno.bench("GET /api/admin/users (PGlite, demo small set)", { group: "http" }, async () => {
  await admin.get("/api/admin/users");
});
