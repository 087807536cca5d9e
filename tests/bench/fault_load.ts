// The load of the fault drill (tests/bench/fault_drill.ts): tenants made for it, each registering its
// contract's closings one day after another, and staff sessions reading; then the closings counted against
// the database. Every request has a deadline, so a hang shows as a timeout, never as a drill that waits.
import type { Db } from "../../services/db.ts";
import { hashPassword } from "../../services/passwords.ts";

export const DRILL_PASSWORD = "Simulacro-2026";
/** A request slower than this counts as hung. */
const DEADLINE_MS = 15_000;

export interface DrillTenant {
  email: string;
  contractId: number;
  points: number;
}

/**
 * Makes `count` tenant administrators, each on an operating contract of its own (none of the demo accounts'),
 * and removes the last `days` days of those contracts' closings, so each has that many days to register.
 */
export async function prepareTenants(
  db: Db,
  today: string,
  count: number,
  days: number,
): Promise<DrillTenant[]> {
  const from = addDaysIso(today, -days);
  const contracts = await db.query<{ id: number; points: number }>(
    `select c.id, (select count(*)::int from supply_points p where p.contract_id = c.id and p.active) as points
       from contracts c
      where coalesce(c.op_start, c.start_date) < $1::date and (c.op_end is null or c.op_end > $2::date)
        and not exists (select 1 from contract_users cu join users u on u.id = cu.user_id
                         where cu.contract_id = c.id and u.email like '%@demo.pe')
        and exists (select 1 from supply_points p where p.contract_id = c.id and p.active)
      order by c.id limit $3`,
    [from, today, count],
  );
  if (contracts.length < count) throw new Error(`only ${contracts.length} free operating contracts`);
  const hash = await hashPassword(DRILL_PASSWORD);
  const out: DrillTenant[] = [];
  for (const [i, c] of contracts.entries()) {
    const email = `simulacro${i + 1}@drill.pe`;
    const [u] = await db.query<{ id: number }>(
      "insert into users (email, name, role_id, password_hash) values ($1, $2, 3, $3) returning id",
      [email, `Simulacro ${i + 1}`, hash],
    );
    // The drill's tenant takes the administrator's slot (a throwaway database: the seeded person loses it).
    await db.query("delete from contract_users where contract_id = $1 and slot = 'administrador'", [c.id]);
    await db.query(
      "insert into contract_users (contract_id, user_id, slot, is_default) values ($1, $2, 'administrador', true)",
      [c.id, u.id],
    );
    out.push({ email, contractId: c.id, points: c.points });
  }
  const ids = out.map((t) => t.contractId);
  await db.query(
    `delete from sales_closing_history where closing_id in
       (select id from sales_closings where contract_id = any($1::int[]) and sale_date >= $2::date)`,
    [ids, from],
  );
  await db.query("delete from sales_closings where contract_id = any($1::int[]) and sale_date >= $2::date", [
    ids,
    from,
  ]);
  return out;
}

export function addDaysIso(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export async function signIn(url: string, email: string, password: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const res = await fetch(`${url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
      signal: AbortSignal.timeout(DEADLINE_MS),
    }).catch(() => null);
    const body = await res?.json().catch(() => null);
    const sid = /sid=([^;]+)/.exec(res?.headers.get("set-cookie") ?? "")?.[1];
    if (res?.ok && sid) return JSON.stringify({ cookie: `sid=${sid}`, csrf: body?.data?.csrfToken ?? "" });
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`sign-in of ${email} failed`);
}

/** What the drill's clients saw, by outcome. */
export class Tally {
  byStatus = new Map<string, number>();
  hung = 0;
  slowest = 0;
  /** 503 answers that were not the envelope (id 400, Spanish message). */
  badEnvelopes = 0;
  add(outcome: string, ms: number) {
    this.byStatus.set(outcome, (this.byStatus.get(outcome) ?? 0) + 1);
    this.slowest = Math.max(this.slowest, ms);
  }
  summary(): string {
    return [...this.byStatus].sort().map(([k, v]) => `${k}: ${v}`).join(", ");
  }
}

type Session = { cookie: string; csrf: string };

async function call(
  url: string,
  s: Session,
  method: string,
  path: string,
  phase: () => Tally,
  body?: unknown,
): Promise<
  { status: number; body: { success?: boolean; errorId?: number; message?: string; data?: unknown } }
> {
  // Counted in the phase the call started in.
  const tally = phase();
  const t0 = performance.now();
  try {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        cookie: s.cookie,
        "x-csrf-token": s.csrf,
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(DEADLINE_MS),
    });
    const parsed = await res.json().catch(() => ({}));
    tally.add(String(res.status), performance.now() - t0);
    if (res.status === 503 && !(parsed.errorId === 400 && /no está disponible/.test(parsed.message ?? ""))) {
      tally.badEnvelopes++;
    }
    return { status: res.status, body: parsed };
  } catch (e) {
    const timedOut = e instanceof DOMException && e.name === "TimeoutError";
    if (timedOut) tally.hung++;
    tally.add(timedOut ? "hung" : "network", performance.now() - t0);
    return { status: 0, body: {} };
  }
}

/** A staff session reading until `stop()`, one request every `pauseMs`. */
export async function readLoop(
  url: string,
  session: string,
  tally: () => Tally,
  stop: () => boolean,
  pauseMs: number,
) {
  const s: Session = JSON.parse(session);
  const paths = ["/api/auth/me", "/api/notifications"];
  for (let i = 0; !stop(); i++) {
    await call(url, s, "GET", paths[i % paths.length], tally);
    await new Promise((r) => setTimeout(r, pauseMs));
  }
}

/** What one tenant's closings came to: the days the server acknowledged and those whose answer was lost. */
export interface WriteLog {
  acknowledged: string[];
  /** Days whose registration got no clear answer (503 or a dropped connection): committed or not. */
  uncertain: Set<string>;
  /** 449 'already registered' answers: a retry of a day whose earlier attempt had committed. */
  alreadyRegistered: number;
  other: string[];
}

/** Registers the tenant's pending days one after another until none is left or `stop()`. */
export async function writeLoop(
  url: string,
  session: string,
  tally: () => Tally,
  stop: () => boolean,
  pauseMs: number,
): Promise<WriteLog> {
  const s: Session = JSON.parse(session);
  const log: WriteLog = { acknowledged: [], uncertain: new Set(), alreadyRegistered: 0, other: [] };
  while (!stop()) {
    const pending = await call(url, s, "GET", "/api/tenant/closings/pending", tally);
    const data = pending.body.data as
      | { fechaPorRegistrar: string | null; suministros: { idSuministroPorLocatario: number }[] }
      | undefined;
    if (pending.status !== 200 || !data) {
      await new Promise((r) => setTimeout(r, pauseMs));
      continue;
    }
    if (!data.fechaPorRegistrar) break;
    const day = data.fechaPorRegistrar;
    const phase = tally();
    const r = await call(url, s, "POST", "/api/tenant/closings", tally, {
      fechaRegistro: day,
      suministros: data.suministros.map((p, i) => ({
        idSuministroPorLocatario: p.idSuministroPorLocatario,
        venta: 1000 + i,
        transacciones: 10 + i,
      })),
    });
    if (r.status === 200 && r.body.success) {
      log.acknowledged.push(day);
      // Also counted by the phase it was sent in: the drill shows writes before, during and after the fault.
      phase.add("closing acknowledged", 0);
      log.uncertain.delete(day);
    } else if (r.status === 503 || r.status === 0) log.uncertain.add(day);
    else if (r.body.errorId === 449) log.alreadyRegistered++;
    else log.other.push(`${day}: ${r.status} ${r.body.message}`);
    await new Promise((r) => setTimeout(r, pauseMs));
  }
  return log;
}

export interface Counted {
  acknowledged: number;
  lost: number;
  /** Days stored whose registration the client never saw acknowledged (an answer lost in the outage). */
  storedUnacknowledged: number;
  /** Days stored with a supply point missing (a half-written day). */
  partial: number;
  /** Closings or audit entries written twice for one supply point and day. */
  doubled: number;
  stored: number;
}

/** Counts the drill's closings in the database against what each tenant was told. */
export async function countWrites(db: Db, tenants: DrillTenant[], logs: WriteLog[], from: string) {
  const c: Counted = { acknowledged: 0, lost: 0, storedUnacknowledged: 0, partial: 0, doubled: 0, stored: 0 };
  for (const [i, t] of tenants.entries()) {
    const rows = await db.query<{ day: string; n: number; points: number }>(
      `select sale_date::text as day, count(*)::int as n, count(distinct supply_point_id)::int as points
         from sales_closings where contract_id = $1 and sale_date >= $2::date group by sale_date`,
      [t.contractId, from],
    );
    const audits = await db.query<{ day: string; n: number }>(
      `select split_part(entity_id, ':', 2) as day, count(*)::int as n from audit_log
        where action = 'tenant.closing_create' and entity_id like $1 group by 1`,
      [`${t.contractId}:%`],
    );
    const stored = new Map(rows.map((r) => [r.day, r]));
    const acked = new Set(logs[i].acknowledged);
    c.acknowledged += acked.size;
    c.stored += stored.size;
    for (const d of acked) if (!stored.has(d)) c.lost++;
    for (const r of rows) {
      if (!acked.has(r.day)) c.storedUnacknowledged++;
      if (r.points !== t.points) c.partial++;
      c.doubled += r.n - r.points;
    }
    c.doubled += audits.reduce((n, a) => n + Math.max(0, a.n - 1), 0);
    // Acknowledged twice by the server (two 200s for one day) is a doubled write too.
    c.doubled += logs[i].acknowledged.length - acked.size;
  }
  return c;
}
