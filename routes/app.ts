import { Hono, type MiddlewareHandler } from "hono";
import { NETWORK_ERROR, NOT_FOUND } from "#contract/errors.ts";
import { compress } from "hono/compress";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import type { Ctx } from "../services/context.ts";
import { AppError, VALIDATION_ERROR } from "../services/errors.ts";
import { lockRefusal } from "../services/closing_locks.ts";
import { admin } from "./admin.ts";
import { auth } from "./auth.ts";
import { closingLocks } from "./closing_locks.ts";
import { compliance } from "./compliance.ts";
import { jsonBodyLimit, jsonDepthLimit } from "./body_limit.ts";
import { events } from "./events.ts";
import { extracts } from "./extracts.ts";
import { fail, failWith, unavailable } from "./envelope.ts";
import { isDatabaseUnavailable, noteUnavailable } from "../services/db_faults.ts";
import { GUARANTEE_BODY_LIMITS, guaranteeArea } from "./guarantees/app.ts";
import type { AppEnv } from "./env.ts";
import { health } from "./health.ts";
import { inflation } from "./inflation.ts";
import { explorer } from "./explorer.ts";
import { maps } from "./maps.ts";
import { notifications } from "./notifications.ts";
import { reprimands } from "./reprimands.ts";
import { sessionLoader } from "./middleware.ts";
import { similarContracts } from "./similar_contracts.ts";
import { spa } from "./spa.ts";
import { staffAdmin } from "./staff_admin.ts";
import { staffContracts, staffStatements } from "./staff_contracts.ts";
import { staffTenants } from "./staff_tenants.ts";
import { tenant } from "./tenant.ts";

export interface AppOptions {
  /** Folder of the built SPA; omitted in API tests. */
  webDist?: string;
  /** Trust X-Forwarded-For for the client address (behind a proxy we run). */
  trustProxy?: boolean;
}

const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  workerSrc: ["'self'", "blob:"],
  connectSrc: ["'self'", "blob:", "data:"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:", "blob:"],
  fontSrc: ["'self'", "data:"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export function createApp(ctx: Ctx, opts: AppOptions = {}) {
  const app = new Hono<AppEnv>();
  app.use(
    secureHeaders({
      contentSecurityPolicy: CSP,
      referrerPolicy: "no-referrer",
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(compress());
  app.use("/api/*", async (c, next) => {
    c.set("ctx", ctx);
    const forwarded = opts.trustProxy ? c.req.header("x-forwarded-for")?.split(",")[0]?.trim() : undefined;
    c.set("ip", forwarded || c.env?.remoteAddr?.hostname || "local");
    c.header("Cache-Control", "no-store");
    await next();
  });
  // Mounted as plain Hono apps: the SPA does not use Hono's RPC types, and merging them is costly to check.
  // Each area has its body limit, checked before the session; null: its calls set their own (uploads).
  const areas: [string, Hono<AppEnv>, MiddlewareHandler | null][] = [
    ["/api/health", health, jsonBodyLimit],
    ["/api/auth", auth, jsonBodyLimit],
    [
      "/api/admin",
      admin,
      jsonBodyLimit,
    ],
    ["/api/extracts", extracts, jsonBodyLimit],
    ["/api/tenant", tenant, jsonBodyLimit],
    ["/api/notifications", notifications, jsonBodyLimit],
    ["/api/reprimands", reprimands, null],
    ["/api/inflation", inflation, jsonBodyLimit],
    ["/api/explorer", explorer, jsonBodyLimit],
    ["/api/closing-locks", closingLocks, jsonBodyLimit],
    ["/api/events", events, jsonBodyLimit],
    ["/api/lista-roja", compliance, jsonBodyLimit],
    ["/api/staff-tenants", staffTenants, jsonBodyLimit],
    ["/api/staff-contracts", staffContracts, jsonBodyLimit],
    ["/api/staff-statements", staffStatements, jsonBodyLimit],
    ["/api/superadmin", staffAdmin, null],
    ["/api/similar-contracts", similarContracts, jsonBodyLimit],
    ["/api/maps", maps, jsonBodyLimit],
  ];
  for (const [path, , limit] of areas) if (limit) app.use(`${path}/*`, limit);
  for (const [path, limit] of GUARANTEE_BODY_LIMITS) app.use(`/api${path}/*`, limit);
  app.use("/api/*", jsonDepthLimit);
  app.use("/api/*", sessionLoader);
  for (const [path, area] of areas) app.route(path, area);
  // The guarantee area: one sub-app, one mount, owning its paths (routes/guarantees/app.ts).
  app.route("/api", guaranteeArea);
  app.all("/api/*", (c) => fail(c, NOT_FOUND, "El recurso solicitado no existe."));
  if (opts.webDist) app.route("/", spa(opts.webDist));

  app.notFound((c) => fail(c, NOT_FOUND));
  app.onError((err, c) => {
    if (err instanceof AppError) return failWith(c, err);
    // The database restarting or away: a 503 the client can retry, logged once per outage.
    if (isDatabaseUnavailable(err)) {
      noteUnavailable(err);
      return unavailable(c);
    }
    // A closing write that reached the database's lock guard (services/closing_locks.ts): 441 with the reason.
    const locked = lockRefusal(err);
    if (locked) return failWith(c, locked);
    if (err instanceof HTTPException && err.status < 500) {
      const message = /json/i.test(err.message)
        ? "El cuerpo de la solicitud no es JSON válido."
        : err.message;
      return fail(c, VALIDATION_ERROR, undefined, { body: message });
    }
    console.error(`[error] ${c.req.method} ${c.req.path}:`, err);
    return fail(c, NETWORK_ERROR, "Error, contactese con el administrador.");
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
