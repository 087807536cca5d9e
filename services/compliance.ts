// Closing compliance ('Lista Roja', docs/metrics.md) computed from the closings in the database when asked,
// so a closing registered a minute ago counts; and the closing reminders: the daily job (one run per Lima
// day across server processes, claimed in `job_runs`), the weekly summary to staff, and the reminders staff
// send from the Lista Roja. A contract is reminded at most once a Lima day (unique (contract, day)).

import {
  type BlacklistRow,
  type Cumplimiento,
  type ListaRojaAnswer,
  MALL_KEYS,
  type MallCompliance,
  type RemindAnswer,
} from "#contract/compliance.ts";
import { P } from "#contract/permissions.ts";
import { audit } from "./audit.ts";
import { limaDate } from "./clock.ts";
import type { Actor, Ctx } from "./context.ts";
import type { Queryable } from "./db.ts";
import { addDays, daysBetween, dmy, monthStart } from "./days.ts";
import { logJobFailure } from "./db_faults.ts";
import { AppError, VALIDATION_ERROR } from "./errors.ts";
import { enqueueMail } from "./mail.ts";
import { closingReminderMail, weeklyComplianceMail } from "./mail_templates.ts";
import { type Candidate, planReminders, remindable } from "./reminders_plan.ts";

/** A contract in operation on the report day, with its closings of the open period. */
export interface ContractCompliance {
  id: number;
  code: string;
  denominacion: string;
  mallId: number;
  mall: string;
  sort: number;
  cebe: string;
  /** First day due: the open period's first day or the first day of operations, whichever is later. */
  fromDay: string;
  last: string | null;
  registered: number;
  closedYesterday: boolean;
  /** Days of [fromDay, report day] without a closing. */
  missingDays: number;
  /** The first of them, null when none is missing. */
  missingFrom: string | null;
  lastReminder: string | null;
  recipients: number;
}

/**
 * Every contract in operation on `day` (started, not ended, with an active supply point) and its closings of
 * the open period: the month of `day`, from its first day (or the first day of operations) to `day`.
 */
export async function contractCompliance(
  q: Queryable,
  day: string,
  mallId = 0,
): Promise<ContractCompliance[]> {
  const rows = await q.query<{
    id: number;
    code: string;
    denominacion: string;
    mall_id: number;
    mall: string;
    sort: number;
    cebe_code: string;
    from_day: string;
    last: string | null;
    registered: number;
    closed_yesterday: boolean;
    first_gap: string | null;
    last_reminder: Date | string | null;
    recipients: number;
  }>(
    `with scope as (
       select c.id, c.code, c.denominacion, c.mall_id, m.name as mall, m.sort, c.cebe_code,
              greatest($2::date, coalesce(c.op_start, c.start_date)) as from_day
         from contracts c join malls m on m.id = c.mall_id
        where coalesce(c.op_start, c.start_date) <= $1::date and (c.op_end is null or c.op_end >= $1::date)
          and ($3::int = 0 or c.mall_id = $3::int)
          and exists (select 1 from supply_points p where p.contract_id = c.id and p.active)),
     counted as (
       select s.*,
              (select max(x.sale_date) from sales_closings x where x.contract_id = s.id) as last,
              (select count(distinct x.sale_date)::int from sales_closings x
                where x.contract_id = s.id and x.sale_date between s.from_day and $1::date) as registered
         from scope s)
     select s.*,
            exists (select 1 from sales_closings x where x.contract_id = s.id and x.sale_date = $1::date)
              as closed_yesterday,
            -- The first day without a closing, looked for only when a day is missing.
            case when s.registered < $1::date - s.from_day + 1 then
              (select min(g.d)::date from generate_series(s.from_day, $1::date, interval '1 day') as g (d)
                where not exists (select 1 from sales_closings x where x.contract_id = s.id and x.sale_date = g.d::date))
            end as first_gap,
            (select max(r.sent_at) from closing_reminders r where r.contract_id = s.id) as last_reminder,
            (select count(*)::int from contract_users cu join users u on u.id = cu.user_id
              where cu.contract_id = s.id and u.state = 'A') as recipients
       from counted s
      order by s.sort, s.code`,
    [day, monthStart(day), mallId],
  );
  return rows.map((r) => {
    const fromDay = String(r.from_day);
    const due = fromDay <= day ? daysBetween(fromDay, day) + 1 : 0;
    const missingDays = Math.max(0, due - r.registered);
    return {
      id: r.id,
      code: r.code,
      denominacion: r.denominacion,
      mallId: r.mall_id,
      mall: r.mall,
      sort: r.sort,
      cebe: r.cebe_code,
      fromDay,
      last: r.last == null ? null : String(r.last),
      registered: r.registered,
      closedYesterday: r.closed_yesterday,
      missingDays,
      missingFrom: missingDays > 0 && r.first_gap ? String(r.first_gap) : null,
      lastReminder: r.last_reminder == null ? null : new Date(r.last_reminder).toISOString(),
      recipients: r.recipients,
    };
  });
}

const pct = (ok: number, all: number) => (all ? Math.round((ok / all) * 1000) / 10 : null);

/** The summary of every mall and the totals. */
async function summary(q: Queryable, all: ContractCompliance[]): Promise<Cumplimiento> {
  const malls = await q.query<{ id: number; name: string }>("select id, name from malls order by sort");
  const out = {} as Cumplimiento;
  for (const m of malls) {
    const key = MALL_KEYS[m.id as keyof typeof MALL_KEYS];
    if (!key) continue;
    const mine = all.filter((c) => c.mallId === m.id);
    const missing = mine.filter((c) => c.missingDays > 0).length;
    const row: MallCompliance = {
      unidadEconomicaId: m.id,
      unidadEconomica: m.name,
      locatariosFaltantes: missing,
      locatariosCumplidos: mine.length - missing,
      porcentajeCumplimiento: pct(mine.length - missing, mine.length),
    };
    out[key] = row;
  }
  const missing = all.filter((c) => c.missingDays > 0).length;
  out.locatariosTotales = all.length;
  out.locatariosFaltantesTotales = missing;
  out.locatariosCumplidosTotales = all.length - missing;
  out.porcentajeCumplimientoTotal = pct(all.length - missing, all.length);
  return out;
}

/** GET /api/lista-roja: the summary of every mall and the missing contracts that pass the filters. */
export async function listaRoja(
  ctx: Ctx,
  f: { unidadEconomicaId: number; cebeId: string | null; codigoContratoId: string | null },
): Promise<ListaRojaAnswer> {
  const day = addDays(limaDate(ctx.clock()), -1);
  const all = await contractCompliance(ctx.db, day);
  const inMall = all.filter((c) => f.unidadEconomicaId === 0 || c.mallId === f.unidadEconomicaId);
  const code = f.codigoContratoId?.toUpperCase() ?? null;
  const table: BlacklistRow[] = inMall
    .filter((c) => c.missingDays > 0)
    .filter((c) => !f.cebeId || c.cebe === f.cebeId)
    .filter((c) => !code || c.code.toUpperCase().includes(code))
    .sort((a, b) => b.missingDays - a.missingDays || a.sort - b.sort || a.code.localeCompare(b.code))
    .map((c) => ({
      unidadEconomicaId: c.mallId,
      unidadEconomica: c.mall,
      codContrato: c.code,
      nombreContrato: c.denominacion,
      cebe: c.cebe,
      fechaUltimoRegistro: c.last,
      diasFaltantesCierre: c.missingDays,
      fechaUltimoRecordatorio: c.lastReminder,
    }));
  const cebeCodes = [...new Set(inMall.map((c) => c.cebe))];
  const names = await ctx.db.query<{ code: string; name: string }>(
    "select code, name from cebes where code = any($1::text[]) order by name, code",
    [cebeCodes],
  );
  return {
    fechaCumplimiento: day,
    inicioPeriodo: monthStart(day),
    cumplimiento: await summary(ctx.db, all),
    table,
    cebes: names.map((c) => ({ value: c.code, label: `${c.code} - ${c.name}` })),
  };
}

/**
 * Writes the reminders of the contracts given (one row each, skipped when the contract was reminded today
 * already) and queues a mail to each of their active tenant users. Returns the contracts reminded.
 */
async function sendReminders(
  ctx: Ctx,
  q: Queryable,
  list: readonly { contractId: number; missingFrom: string }[],
  kind: "auto" | "manual",
  by: number | null,
  now: Date,
): Promise<number[]> {
  const today = limaDate(now);
  const yesterday = addDays(today, -1);
  const done: number[] = [];
  for (const r of list) {
    const people = await q.query<
      { email: string; name: string; code: string; denominacion: string; mall: string }
    >(
      `select u.email, u.name, c.code, c.denominacion, m.name as mall
         from contract_users cu join users u on u.id = cu.user_id
         join contracts c on c.id = cu.contract_id join malls m on m.id = c.mall_id
        where cu.contract_id = $1 and u.state = 'A' order by u.id`,
      [r.contractId],
    );
    const emails = [...new Map(people.map((p) => [p.email.toLowerCase(), p])).values()];
    if (!emails.length) continue;
    const [claimed] = await q.query<{ id: number }>(
      `insert into closing_reminders (contract_id, day, missing_from, kind, sent_at, sent_by, recipients)
       values ($1, $2, $3, $4, $5, $6, $7) on conflict (contract_id, day) do nothing returning id`,
      [r.contractId, today, r.missingFrom, kind, now, by, emails.length],
    );
    if (!claimed) continue;
    for (const p of emails) {
      await enqueueMail(
        q,
        closingReminderMail(
          p.email,
          p.name,
          `${p.code} - ${p.denominacion} (${p.mall})`,
          r.missingFrom,
          yesterday,
          `${ctx.config.publicUrl}/cierreVentas/registrarCierre`,
        ),
        now,
      );
    }
    done.push(r.contractId);
  }
  return done;
}

const remindedToday = async (q: Queryable, today: string) =>
  new Set(
    (await q.query<{ contract_id: number }>("select contract_id from closing_reminders where day = $1", [
      today,
    ]))
      .map((r) => r.contract_id),
  );

const asCandidate = (c: ContractCompliance): Candidate => ({
  contractId: c.id,
  missingFrom: c.missingFrom,
  closedYesterday: c.closedYesterday,
  recipients: c.recipients,
});

/** POST /api/lista-roja/recordatorios: one missing contract of the mall, or every missing one. */
export async function remindFromListaRoja(
  ctx: Ctx,
  actor: Actor,
  input: { unidadEconomicaId: number; codContrato: string | null },
): Promise<RemindAnswer> {
  const now = ctx.clock();
  const today = limaDate(now);
  return await ctx.db.tx(async (q) => {
    const all = await contractCompliance(q, addDays(today, -1), input.unidadEconomicaId);
    const missing = all.filter((c) => c.missingDays > 0);
    const chosen = input.codContrato
      ? missing.filter((c) => c.code.toUpperCase() === input.codContrato!.toUpperCase())
      : missing;
    if (input.codContrato && !chosen.length) {
      throw new AppError(VALIDATION_ERROR, undefined, {
        codContrato: "El contrato no figura en la Lista Roja de este mall.",
      });
    }
    const reminded = await remindedToday(q, today);
    const list = chosen.map(asCandidate).filter((c) => remindable(c, reminded))
      .map((c) => ({ contractId: c.contractId, missingFrom: c.missingFrom! }));
    const sent = await sendReminders(ctx, q, list, "manual", actor.userId, now);
    const answer = { enviados: sent.length, omitidos: chosen.length - sent.length };
    await audit(q, {
      userId: actor.userId,
      action: "compliance.remind",
      entity: "mall",
      entityId: input.unidadEconomicaId,
      after: { codContrato: input.codContrato, contratos: sent, ...answer },
      ip: actor.ip,
    }, now);
    return answer;
  });
}

export interface JobOutcome {
  due: boolean;
  /** Contracts reminded by this run (empty when the day's run was done already). */
  reminded: number[];
  dailyRan: boolean;
  weeklySent: number;
}

/** Claims a daily (or weekly) job's run: true for the one process and pass that gets it (job_runs). */
export const claimJobRun = async (q: Queryable, job: string, day: string, now: Date) =>
  (await q.query(
    "insert into job_runs (job, day, started_at) values ($1, $2, $3) on conflict (job, day) do nothing returning job",
    [job, day, now],
  )).length > 0;

/**
 * One pass of the daily job: from REMINDER_HOUR (Lima), the first pass of the day claims the day's run and
 * reminds every contract missing yesterday's closing; the first pass of the week sends the summary. Both in
 * one transaction with their claims: a process that loses the claim (or a restart) sends nothing again.
 */
export async function runReminderJob(ctx: Ctx): Promise<JobOutcome> {
  const now = ctx.clock();
  const pre = planReminders({
    now,
    candidates: [],
    remindedToday: new Set(),
    dailyDone: false,
    weeklyDone: false,
  });
  if (!pre.due) return { due: false, reminded: [], dailyRan: false, weeklySent: 0 };
  return await ctx.db.tx(async (q) => {
    const dailyDone = !(await claimJobRun(q, "closing_reminders", pre.today, now));
    const weeklyDone = !(await claimJobRun(q, "weekly_summary", pre.week, now));
    if (dailyDone && weeklyDone) return { due: true, reminded: [], dailyRan: false, weeklySent: 0 };
    const all = await contractCompliance(q, pre.day);
    const plan = planReminders({
      now,
      candidates: all.map(asCandidate),
      remindedToday: await remindedToday(q, pre.today),
      dailyDone,
      weeklyDone,
    });
    const reminded = await sendReminders(ctx, q, plan.remind, "auto", null, now);
    let weeklySent = 0;
    if (plan.sendWeekly) weeklySent = await sendWeekly(ctx, q, all, pre.day, now);
    const outcome = { reminded: reminded.length, weeklySent };
    if (plan.runDaily) {
      await q.query("update job_runs set finished_at = $3, outcome = $4 where job = $1 and day = $2", [
        "closing_reminders",
        pre.today,
        now,
        JSON.stringify(outcome),
      ]);
    }
    if (plan.sendWeekly) {
      await q.query("update job_runs set finished_at = $3, outcome = $4 where job = $1 and day = $2", [
        "weekly_summary",
        pre.week,
        now,
        JSON.stringify(outcome),
      ]);
    }
    return { due: true, reminded, dailyRan: plan.runDaily, weeklySent };
  });
}

/** The week's summary to every active staff user whose role holds LISTA_ROJA. */
async function sendWeekly(ctx: Ctx, q: Queryable, all: ContractCompliance[], day: string, now: Date) {
  const s = await summary(q, all);
  const lines = Object.values(MALL_KEYS).map((k) => s[k]).filter(Boolean).map((m) =>
    `${m.unidadEconomica}: ${m.locatariosFaltantes} locatario(s) faltante(s), ${m.locatariosCumplidos} cumplido(s), ${
      m.porcentajeCumplimiento ?? 0
    }% de cumplimiento.`
  );
  lines.push(
    `Total: ${s.locatariosFaltantesTotales} de ${s.locatariosTotales} locatarios con cierres faltantes al ${
      dmy(day)
    } (${s.porcentajeCumplimientoTotal ?? 0}% de cumplimiento).`,
  );
  const staff = await q.query<{ email: string; name: string }>(
    `select u.email, u.name from users u join roles r on r.id = u.role_id
      where u.state = 'A' and not r.is_tenant
        and exists (select 1 from role_permissions rp where rp.role_id = u.role_id and rp.permission_id = $1)
      order by u.id`,
    [P.LISTA_ROJA],
  );
  for (const u of staff) {
    await enqueueMail(
      q,
      weeklyComplianceMail(u.email, u.name, lines, `${ctx.config.publicUrl}/Blacklist/Index`),
      now,
    );
  }
  return staff.length;
}

/**
 * Started by main.ts: a pass now and every 10 minutes (REMINDER_JOB=0 turns it off). Passes before the hour
 * or after the day's claim do nothing, so any number of processes may run it.
 */
export function startReminderJob(
  ctx: Ctx,
  everyMs = 10 * 60_000,
  /** Other daily jobs run in the same pass, each claiming its own run (e.g. the guarantees' expiry notices). */
  others: readonly { name: string; run: (ctx: Ctx) => Promise<unknown> }[] = [],
): () => void {
  let running = false;
  const pass = async () => {
    if (running) return;
    running = true;
    for (const job of others) {
      await job.run(ctx).catch((e) => logJobFailure(`[${job.name}] Cannot run the job:`, e));
    }
    try {
      const r = await runReminderJob(ctx);
      if (r.dailyRan || r.weeklySent) {
        console.log(
          `[recordatorios] ${r.reminded.length} contrato(s) recordados, resumen semanal a ${r.weeklySent}`,
        );
      }
    } catch (e) {
      logJobFailure("[recordatorios] Cannot run the reminder job:", e);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(pass, 5_000);
  const timer = setInterval(pass, everyMs);
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
