import { queryOptions } from "@tanstack/react-query";
import { NOT_FOUND } from "#contract/errors.ts";
import { type NotificationGroup, type NotificationItem, NOTIFICATIONS_API } from "#contract/notifications.ts";
import { ApiError, get } from "./api.ts";

export type { NotificationGroup, NotificationItem };

/** Refetched every 2 hours, also while the tab is in the background (spec 1 section 4). */
export const NOTIFICATION_REFETCH_MS = 7_200_000;

/** The notification groups; a missing endpoint (404) means no notifications, without an error dialog. */
export const notificationsQueryOptions = queryOptions({
  queryKey: ["notifications"],
  queryFn: async (): Promise<NotificationGroup[]> => {
    try {
      return await get<NotificationGroup[]>(NOTIFICATIONS_API, { quiet: [NOT_FOUND] });
    } catch (e) {
      if (e instanceof ApiError && e.errorId === NOT_FOUND) return [];
      throw e;
    }
  },
  refetchInterval: NOTIFICATION_REFETCH_MS,
  refetchIntervalInBackground: true,
  staleTime: NOTIFICATION_REFETCH_MS,
  retry: false,
});

/** Only the groups whose perfiles include the user's role are shown, and only they are counted. */
export function groupsForRole<G extends Pick<NotificationGroup, "perfiles">>(
  groups: G[],
  roleId: number,
): G[] {
  return groups.filter((g) => Array.isArray(g.perfiles) && g.perfiles.map(Number).includes(roleId));
}

// Spec 1 section 4 names AAQ, ASA and ACH; the server also writes IQT and SJL for the two other malls.
const MALL_BY_SUFFIX: Record<string, number> = { AAQ: 2, ASA: 3, ACH: 6, IQT: 7, SJL: 8 };
const DEFAULT_MALL = 3;

/** A contract notification, for a group without a ruta: its label names contracts. */
export function isContractGroup(g: Pick<NotificationGroup, "label">): boolean {
  return /contrato/i.test(g.label);
}

/** The mall (business unit) a notification text names by its suffix: AAQ 2, ASA 3, ACH 6, else 3. */
export function mallFromText(text: string): number {
  const m = /\b(AAQ|ASA|ACH|IQT|SJL)\s*$/i.exec(text.trim());
  return m ? MALL_BY_SUFFIX[m[1].toUpperCase()] : DEFAULT_MALL;
}

const TENANT_LIST = "/Locatario/Index";

/**
 * Where a click on a notification goes: the group's ruta, else (spec 1 section 4, for a group that names
 * none) a contract one to the tenant list and the others to the maps. The tenant list opens on the contract
 * (value1) in the mall of the text's suffix.
 */
export function notificationTarget(
  g: Pick<NotificationGroup, "label"> & Partial<Pick<NotificationGroup, "ruta">>,
  n: NotificationItem,
): { to: string; search?: Record<string, string | number> } {
  const to = g.ruta || (isContractGroup(g) ? TENANT_LIST : "/Mapas/ModificarMapas");
  if (to.toLowerCase() !== TENANT_LIST.toLowerCase()) return { to };
  return { to, search: { contrato: n.value1, mall: mallFromText(n.value2) } };
}
