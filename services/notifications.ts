import type { NotificationGroup } from "#contract/notifications.ts";
import { P, type PermissionId } from "#contract/permissions.ts";
import { limaDate } from "./clock.ts";
import { stampedCache } from "./change_stamp.ts";
import type { Ctx } from "./context.ts";
import type { Queryable } from "./db.ts";
import { addDays, daysBetween, dmy } from "./days.ts";
import { expiryNotificationGroup } from "./guarantees/expiry_job.ts";
import type { Session } from "./sessions.ts";

// The bell's notification groups, generated from the data when asked. A group lists the roles that may see
// it (perfiles, the roles holding the permission it is about); the server sends a user only the groups of
// its own role, so no tenant's browser ever receives the staff list of other tenants' contracts.
// The groups are kept under the session's change stamp (services/change_stamp.ts): they are computed again
// only after a closing, a contract, a supply point, a reminder, a person slot or a role changed, or the day
// did. The staff list is the same for every staff user, so one computation serves them all.

/** Staff groups list at most this many contracts (the ones missing most days first). */
export const MAX_ITEMS = 100;
/** The mall suffix the bell reads to open a contract in its mall (spec 1 section 4: AAQ 2, ASA 3, ACH 6). */
const MALL_SUFFIX: Record<number, string> = { 2: "AAQ", 3: "ASA", 6: "ACH", 7: "IQT", 8: "SJL" };

const rolesWith = async (q: Queryable, permission: PermissionId) =>
  (await q.query<{ role_id: number }>(
    "select role_id from role_permissions where permission_id = $1 order by role_id",
    [permission],
  )).map((r) => r.role_id);

interface Missing {
  code: string;
  denominacion: string;
  mall_id: number;
  /** First day without a closing. */
  since: string;
}

/**
 * Operating contracts (among `contractIds`, or all) with an active supply point whose closings stop before
 * `through`: the first missing day is the day after the last closing, or the first day of operations.
 */
async function missingClosings(
  q: Queryable,
  through: string,
  contractIds: number[] | null,
): Promise<Missing[]> {
  const rows = await q.query<
    { code: string; denominacion: string; mall_id: number; last: string | null; start: string }
  >(
    `select * from (
       select c.code, c.denominacion, c.mall_id, coalesce(c.op_start, c.start_date) as start,
              (select max(s.sale_date) from sales_closings s where s.contract_id = c.id) as last
         from contracts c
        where coalesce(c.op_start, c.start_date) <= $1::date and (c.op_end is null or c.op_end >= $1::date)
          and ($2::int[] is null or c.id = any($2::int[]))
          and exists (select 1 from supply_points p where p.contract_id = c.id and p.active)) x
      where last is null or last < $1::date`,
    [through, contractIds],
  );
  return rows.map((r) => {
    const start = String(r.start);
    const next = r.last == null ? start : addDays(String(r.last), 1);
    return {
      code: r.code,
      denominacion: r.denominacion,
      mall_id: r.mall_id,
      since: next > start ? next : start,
    };
  });
}

const kept = stampedCache<NotificationGroup[]>();

export async function notificationsFor(ctx: Ctx, s: Session): Promise<NotificationGroup[]> {
  const yesterday = addDays(limaDate(ctx.clock()), -1);
  // By role: what the groups hold depends on the role's permissions (their changes change the stamp), and a
  // user moved to another role must not get the groups kept for the old one (users are not in the stamp).
  const key = s.isTenant ? `tenant:${s.userId}:${s.roleId}:${yesterday}` : `staff:${s.roleId}:${yesterday}`;
  const groups = await kept(ctx.db, key, s.stamp, () => computeNotifications(ctx, s, yesterday));
  // Letters nearing expiry (services/guarantees/expiry_job.ts) are read on every request: a renewal changes
  // guarantee tables the change stamp does not cover. Without the permission or role it costs no query.
  const expiry = await expiryNotificationGroup(ctx.db, s, addDays(yesterday, 1), MAX_ITEMS);
  return expiry ? [...groups, expiry] : groups;
}

async function computeNotifications(
  ctx: Ctx,
  s: Pick<Session, "isTenant" | "userId" | "permissions">,
  yesterday: string,
): Promise<NotificationGroup[]> {
  const groups: NotificationGroup[] = [];
  if (s.isTenant && s.permissions.has(P.REGISTRAR_CIERRE_VENTA_LOCATARIO)) {
    const mine = await ctx.db.query<{ contract_id: number }>(
      "select distinct contract_id from contract_users where user_id = $1",
      [s.userId],
    );
    const missing = await missingClosings(ctx.db, yesterday, mine.map((m) => m.contract_id));
    if (missing.length) {
      groups.push({
        id: "cierres-pendientes-locatario",
        label: "Cierres de ventas pendientes",
        descripcion: `Registre el cierre de ventas del ${dmy(yesterday)}.`,
        perfiles: await rolesWith(ctx.db, P.REGISTRAR_CIERRE_VENTA_LOCATARIO),
        ruta: "/cierreVentas/registrarCierre",
        notificaciones: missing.map((m) => ({
          value1: m.code,
          value2: m.since === yesterday
            ? `${m.denominacion}: falta el cierre del ${dmy(yesterday)}`
            : `${m.denominacion}: faltan los cierres desde el ${dmy(m.since)}`,
        })),
      });
    }
  }
  if (s.isTenant) {
    // Reminders sent to the user's contracts (the daily job, or staff from the Lista Roja) while the closing
    // they were about is still missing.
    const reminders = await ctx.db.query<
      { code: string; denominacion: string; day: string; missing_from: string }
    >(
      `select c.code, c.denominacion, r.day, r.missing_from
         from closing_reminders r join contracts c on c.id = r.contract_id
        where r.contract_id in (select contract_id from contract_users where user_id = $1)
          and r.day >= $2::date
          and not exists (select 1 from sales_closings x where x.contract_id = r.contract_id and x.sale_date = r.missing_from)
        order by r.day desc, c.code`,
      [s.userId, addDays(yesterday, -6)],
    );
    if (reminders.length) {
      groups.push({
        id: "recordatorios-cierre",
        label: "Recordatorios de cierre",
        descripcion: "Se le recordó registrar el cierre de ventas pendiente.",
        perfiles: await rolesWith(ctx.db, P.REGISTRAR_CIERRE_VENTA_LOCATARIO),
        ruta: "/cierreVentas/registrarCierre",
        notificaciones: reminders.map((r) => ({
          value1: r.code,
          value2: `Recordatorio del ${
            dmy(String(r.day))
          }: ${r.denominacion} tiene cierres pendientes desde el ${dmy(String(r.missing_from))}`,
        })),
      });
    }
  }
  if (!s.isTenant && s.permissions.has(P.LOCATARIOS)) {
    const missing = await missingClosings(ctx.db, yesterday, null);
    const days = (m: Missing) => daysBetween(m.since, yesterday) + 1;
    missing.sort((a, b) => days(b) - days(a) || a.code.localeCompare(b.code));
    if (missing.length) {
      groups.push({
        id: "contratos-cierres-faltantes",
        label: "Contratos con cierres faltantes",
        descripcion: `${missing.length} contrato(s) sin el cierre de ventas del ${dmy(yesterday)}.`,
        perfiles: await rolesWith(ctx.db, P.LOCATARIOS),
        ruta: "/Locatario/Index",
        notificaciones: missing.slice(0, MAX_ITEMS).map((m) => ({
          value1: m.code,
          value2: `${m.denominacion}: ${days(m)} día(s) sin registrar ${MALL_SUFFIX[m.mall_id] ?? ""}`.trim(),
        })),
      });
    }
  }
  return groups;
}
