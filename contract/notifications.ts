// The bell of the signed-in layout (spec 1 sections 3 and 4).

export const NOTIFICATIONS_API = "/api/notifications";

export interface NotificationItem {
  /** A code, e.g. the contract number. */
  value1: string;
  /** The text shown; a contract notification ends with the mall suffix (AAQ, ASA, ACH, IQT or SJL). */
  value2: string;
}

/** GET /api/notifications answers an array of these: only the groups of the caller's role. */
export interface NotificationGroup {
  id: string;
  label: string;
  descripcion: string;
  /** Role ids allowed to see the group. */
  perfiles: number[];
  /** The screen the group's items open. */
  ruta: string;
  notificaciones: NotificationItem[];
}
