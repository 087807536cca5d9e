import { useQuery } from "@tanstack/react-query";
import { useNavigate, useRouter } from "@tanstack/react-router";
import { Badge } from "primereact/badge";
import { OverlayPanel } from "primereact/overlaypanel";
import { useRef } from "react";
import {
  groupsForRole,
  type NotificationGroup,
  type NotificationItem,
  notificationsQueryOptions,
  notificationTarget,
} from "../../lib/notifications.ts";

/** The bell in the header: a count badge and a dropdown of the groups the user's role may see. */
export function NotificationBell({ roleId }: { roleId: number }) {
  const { data } = useQuery(notificationsQueryOptions);
  const groups = groupsForRole(data ?? [], roleId);
  const count = groups.reduce((n, g) => n + (g.notificaciones?.length ?? 0), 0);
  const panel = useRef<OverlayPanel>(null);
  const navigate = useNavigate();
  const router = useRouter();

  const open = (g: NotificationGroup, n: NotificationItem) => {
    panel.current?.hide();
    const target = notificationTarget(g, n);
    // The server names the screen, so it is an address, not a typed route; the router's own search
    // serializer writes the query as a link to the route would. Screens not built yet show the 404 page.
    navigate({ href: target.to + router.options.stringifySearch(target.search ?? {}) });
  };

  return (
    <>
      <button
        type="button"
        className="topbar-icon p-overlay-badge"
        aria-label={count ? `Notificaciones: ${count}` : "Notificaciones"}
        aria-haspopup="true"
        onClick={(e) => panel.current?.toggle(e)}
      >
        <i className="pi pi-bell" aria-hidden="true" />
        {count > 0 && <Badge value={count > 99 ? "99+" : count} severity="danger" />}
      </button>
      <OverlayPanel ref={panel} className="notification-panel" aria-label="Notificaciones">
        <h2 className="notification-title">Notificaciones</h2>
        {groups.length === 0
          ? <p className="notification-empty">No tiene notificaciones pendientes.</p>
          : (
            <ul className="notification-groups">
              {groups.map((g) => (
                <li key={g.id}>
                  <div className="notification-group-label">{g.label}</div>
                  {g.descripcion && <div className="notification-group-desc">{g.descripcion}</div>}
                  <ul>
                    {(g.notificaciones ?? []).map((n, i) => (
                      <li key={`${n.value1}-${i}`}>
                        <button type="button" className="notification-item" onClick={() => open(g, n)}>
                          <strong>{n.value1}</strong> <span>{n.value2}</span>
                        </button>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
      </OverlayPanel>
    </>
  );
}
