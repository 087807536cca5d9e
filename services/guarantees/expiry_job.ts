// The guarantees' expiry notices ('Beyond the old system', issue 16): a daily job, run in the closing
// reminders' pass (services/compliance.ts: from REMINDER_HOUR Lima, one run per day across processes claimed
// in job_runs), that mails a bank letter's tenant users and the collections reviewers on the offsets of
// 'Días de aviso antes del vencimiento' (switch 'Avisar por correo el vencimiento de las cartas fianza').
// Each (letter, offset) is written to guarantee_expiry_notices with its mails, so it is never sent twice.
// The bell shows the notices of letters still current (expiryNotificationGroup).

import type { NotificationGroup } from "#contract/notifications.ts";
import { P } from "#contract/permissions.ts";
import { limaDate } from "../clock.ts";
import { claimJobRun } from "../compliance.ts";
import type { Ctx } from "../context.ts";
import type { Queryable } from "../db.ts";
import { addDays, daysBetween, dmy } from "../days.ts";
import { enqueueMail } from "../mail.ts";
import { guaranteeExpiryMail } from "../mail_templates.ts";
import { limaHour, REMINDER_HOUR } from "../reminders_plan.ts";
import { setting } from "./parameters.ts";
import { COLLECTIONS_ROLE } from "./rules.ts";

export const EXPIRY_JOB = "guarantee_expiry_notices";

/** The day list ('45,30,15') as distinct offsets, largest first; anything else is dropped. */
export function parseOffsets(value: string): number[] {
  const days = value.split(",").map((s) => s.trim()).filter((s) => /^\d{1,3}$/.test(s)).map(Number);
  return [...new Set(days)].sort((a, b) => b - a);
}

/**
 * The offset a letter with `daysLeft` days to its expiry is due for: the smallest offset not below it (a
 * day the job did not run is caught up by the next offset, never sent late for a larger one); null once
 * expired or farther than every offset.
 */
export function dueOffset(daysLeft: number, offsets: readonly number[]): number | null {
  if (daysLeft < 0) return null;
  const fit = offsets.filter((o) => o >= daysLeft);
  return fit.length ? Math.min(...fit) : null;
}

export interface ExpiryOutcome {
  /** Time of day reached and the switch on. */
  due: boolean;
  /** This pass claimed and ran the day's run. */
  ran: boolean;
  notices: { detailId: number; offset: number }[];
  mails: number;
}

interface Letter {
  id: number;
  nro: string | null;
  vence: string;
  contract_id: number;
  contract: string;
  mall: string;
  bank: string | null;
}

const line = (l: Letter, today: string) =>
  `Carta fianza N° ${l.nro ?? "-"} del contrato ${l.contract} (${l.mall}${
    l.bank ? `, ${l.bank}` : ""
  }): vence el ${dmy(l.vence)} (en ${daysBetween(today, l.vence)} día(s)).`;

/** One pass: nothing before the hour, with the switch off, or when the day's run was claimed already. */
export async function runExpiryJob(ctx: Ctx): Promise<ExpiryOutcome> {
  const now = ctx.clock();
  const today = limaDate(now);
  const none = (due: boolean): ExpiryOutcome => ({ due, ran: false, notices: [], mails: 0 });
  if (limaHour(now) < REMINDER_HOUR) return none(false);
  return await ctx.db.tx(async (q) => {
    if ((await setting(q, "garantiasAvisoVencimientoActivo")) !== "1") return none(false);
    if (!(await claimJobRun(q, EXPIRY_JOB, today, now))) return none(true);
    const offsets = parseOffsets(await setting(q, "garantiasDiasAvisoVencimiento"));
    const letters = offsets.length
      ? await q.query<Letter>(
        `select d.id, d.nro_carta_fianza as nro, d.fecha_vencimiento::text as vence, c.id as contract_id,
                c.code as contract, m.name as mall, b.name as bank
           from guarantee_details d
           join guarantees g on g.id = d.guarantee_id
           join contracts c on c.id = g.contract_id
           join malls m on m.id = c.mall_id
           left join banks b on b.id = d.bank_id
          where d.type_code = 'GAR1' and not d.is_renovada and not d.is_desistida and not d.is_ejecutada
            and d.fecha_vencimiento between $1::date and $2::date
            and (c.op_end is null or c.op_end >= $1::date)
          order by d.fecha_vencimiento, d.id`,
        [today, addDays(today, offsets[0])],
      )
      : [];
    const tenants = await q.query<{ contract_id: number; email: string; name: string }>(
      `select cu.contract_id, u.email, u.name from contract_users cu join users u on u.id = cu.user_id
        where u.state = 'A' and cu.contract_id = any($1::int[])
          and exists (select 1 from role_permissions rp where rp.role_id = u.role_id and rp.permission_id = $2)
        order by u.id`,
      [[...new Set(letters.map((l) => l.contract_id))], P.GARANTIAS_LOCATARIO],
    );
    const reviewers = await q.query<{ email: string; name: string }>(
      "select email, name from users where state = 'A' and role_id = $1 order by id",
      [COLLECTIONS_ROLE],
    );
    const notices: ExpiryOutcome["notices"] = [];
    const noticed: Letter[] = [];
    for (const l of letters) {
      const offset = dueOffset(daysBetween(today, l.vence), offsets);
      if (offset === null) continue;
      const recipients = tenants.filter((t) => t.contract_id === l.contract_id).length + reviewers.length;
      const inserted = await q.query(
        `insert into guarantee_expiry_notices (detail_id, offset_days, day, fecha_vencimiento, sent_at, recipients)
         values ($1, $2, $3, $4, $5, $6) on conflict (detail_id, offset_days) do nothing returning detail_id`,
        [l.id, offset, today, l.vence, now, recipients],
      );
      if (!inserted.length) continue;
      notices.push({ detailId: l.id, offset });
      noticed.push(l);
    }
    // One mail per person and run, listing that person's letters.
    const outbox = new Map<string, { name: string; lines: string[]; staff: boolean }>();
    const add = (email: string, name: string, staff: boolean, l: Letter) => {
      const key = `${staff}:${email.toLowerCase()}`;
      const m = outbox.get(key) ?? { name, lines: [], staff };
      m.lines.push(line(l, today));
      outbox.set(key, m);
    };
    for (const l of noticed) {
      for (const t of tenants.filter((t) => t.contract_id === l.contract_id)) add(t.email, t.name, false, l);
      for (const r of reviewers) add(r.email, r.name, true, l);
    }
    for (const [key, m] of outbox) {
      const link = m.staff
        ? { href: `${ctx.config.publicUrl}/garantias/listado_garantias_revision`, label: "Ver garantías" }
        : { href: `${ctx.config.publicUrl}/garantias`, label: "Ver mis garantías" };
      await enqueueMail(q, guaranteeExpiryMail(key.slice(key.indexOf(":") + 1), m.name, m.lines, link), now);
    }
    await q.query("update job_runs set finished_at = $3, outcome = $4 where job = $1 and day = $2", [
      EXPIRY_JOB,
      today,
      now,
      JSON.stringify({ notices: notices.length, mails: outbox.size }),
    ]);
    return { due: true, ran: true, notices, mails: outbox.size };
  });
}

/**
 * The bell's group of expiry notices: a tenant sees those of its contracts, a collections reviewer all of
 * them; only letters still current (not renewed, not expired). Null when there is none.
 */
export async function expiryNotificationGroup(
  q: Queryable,
  s: { isTenant: boolean; userId: number; roleId: number; permissions: ReadonlySet<string> },
  today: string,
  max: number,
): Promise<NotificationGroup | null> {
  const tenant = s.isTenant && s.permissions.has(P.GARANTIAS_LOCATARIO);
  if (!tenant && (s.isTenant || s.roleId !== COLLECTIONS_ROLE)) return null;
  const rows = await q.query<{ nro: string | null; contract: string; vence: string }>(
    `select d.nro_carta_fianza as nro, c.code as contract, n.fecha_vencimiento::text as vence
       from guarantee_expiry_notices n
       join guarantee_details d on d.id = n.detail_id
       join guarantees g on g.id = d.guarantee_id
       join contracts c on c.id = g.contract_id
      where not d.is_renovada and n.fecha_vencimiento >= $1::date
        and n.offset_days = (select min(x.offset_days) from guarantee_expiry_notices x where x.detail_id = n.detail_id)
        and ($2::int is null or c.id in (select contract_id from contract_users where user_id = $2::int))
      order by n.fecha_vencimiento, d.id limit $3`,
    [today, tenant ? s.userId : null, max],
  );
  if (!rows.length) return null;
  const roles = tenant
    ? (await q.query<{ role_id: number }>(
      "select role_id from role_permissions where permission_id = $1 order by role_id",
      [P.GARANTIAS_LOCATARIO],
    )).map((r) => r.role_id)
    : [COLLECTIONS_ROLE];
  return {
    id: "cartas-fianza-por-vencer",
    label: "Cartas fianza por vencer",
    descripcion: `${rows.length} carta(s) fianza por vencer.`,
    perfiles: roles,
    ruta: tenant ? "/garantias" : "/garantias/listado_garantias_revision",
    notificaciones: rows.map((r) => ({
      value1: r.contract,
      value2: `Carta fianza N° ${r.nro ?? "-"}: vence el ${dmy(r.vence)}`,
    })),
  };
}
