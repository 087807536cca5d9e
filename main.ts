import { createApp } from "./routes/app.ts";
import { systemClock } from "./services/clock.ts";
import { limaDate } from "./services/clock.ts";
import { loadConfig } from "./services/config.ts";
import type { Ctx } from "./services/context.ts";
import { openDb } from "./services/db.ts";
import { lockDataDir } from "./services/data_dir_lock.ts";
import { backgroundSettled } from "./services/background.ts";
import { startReminderJob } from "./services/compliance.ts";
import { runExpiryJob } from "./services/guarantees/expiry_job.ts";
import { startExtractWarmer } from "./services/extracts/warm.ts";
import { flushOutbox } from "./services/mail.ts";
import { smtpDeliver } from "./services/smtp.ts";
import { migrate } from "./services/migrate.ts";
import { logJobFailure } from "./services/db_faults.ts";
import { seedDemo } from "./fixtures/seed.ts";
import { ensureWebBuilt } from "./web/build.ts";

const config = loadConfig();
const dev = Deno.args.includes("--dev");
if (Deno.env.get("PASSWORD_HASH_COST") === "test") {
  console.warn(
    "Warning: PASSWORD_HASH_COST=test hashes passwords at argon2's lowest cost: for the test suite only",
  );
}

if (!dev) await ensureWebBuilt();
// The embedded database has one owner: a second server or a backup finds the folder in use.
const dataDirLock = config.databaseUrl ? null : await lockDataDir(config.dataDir).catch((e) => {
  console.error(`error: ${e.message}`);
  Deno.exit(1);
});
const db = await openDb(config);
const applied = await migrate(db);
if (applied.length) console.log(`Migraciones aplicadas: ${applied.join(", ")}`);

const ctx: Ctx = { db, clock: systemClock, config };
const [{ n }] = await db.query<{ n: number }>("select count(*)::int as n from contracts");
if (n === 0 && Deno.env.get("SEED") !== "none") {
  const scale = Deno.env.get("SEED_SCALE") === "small" ? "small" : "full";
  console.log(`Base de datos vacía: cargando los datos de demostración (${scale})…`);
  const t0 = performance.now();
  await seedDemo(db, { scale, today: limaDate(systemClock()), onProgress: (m) => console.log(`  ${m}`) });
  console.log(`Datos de demostración cargados en ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

const deliver = config.smtpUrl ? smtpDeliver(config.smtpUrl) : null;
const mailTimer = setInterval(
  () => flushOutbox(ctx, deliver).catch((e) => logJobFailure("[correo]", e)),
  5_000,
);

const app = createApp(ctx, {
  webDist: dev ? undefined : "./web/dist",
  trustProxy: Deno.env.get("TRUST_PROXY") === "1",
});
const server = Deno.serve({
  port: config.port,
  hostname: Deno.env.get("HOST") ?? "0.0.0.0",
  onListen: ({ port }) => console.log(`Portal listo en http://localhost:${port} (base de datos: ${db.kind})`),
}, (req, info) => app.fetch(req, { remoteAddr: info.remoteAddr }));
if (Deno.env.get("EXTRACT_WARMUP") !== "0") startExtractWarmer(db);
// The closing reminders and the guarantees' expiry notices: one run per Lima day whatever the number of
// processes (services/compliance.ts, services/guarantees/expiry_job.ts).
const stopReminders = Deno.env.get("REMINDER_JOB") === "0" ? () => {} : startReminderJob(ctx, undefined, [
  { name: "garantias-vencimiento", run: runExpiryJob },
]);

const shutdown = async () => {
  clearInterval(mailTimer);
  stopReminders();
  await server.shutdown();
  await backgroundSettled();
  await db.close();
  dataDirLock?.close();
  Deno.exit(0);
};
Deno.addSignalListener("SIGINT", shutdown);
Deno.addSignalListener("SIGTERM", shutdown);
