import { Link } from "@tanstack/react-router";
import { OverlayPanel } from "primereact/overlaypanel";
import { useRef } from "react";
import type { Session } from "../../lib/session.ts";

const initials = (name: string) =>
  name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]!.toUpperCase()).join("") || "?";

/** The user's name and role name in the header, with 'Cerrar Sesión' in its dropdown. */
export function UserMenu({ session }: { session: Session }) {
  const panel = useRef<OverlayPanel>(null);
  return (
    <>
      <button
        type="button"
        className="user-button"
        aria-haspopup="true"
        onClick={(e) => panel.current?.toggle(e)}
      >
        <span className="avatar" aria-hidden="true">{initials(session.name)}</span>
        <span className="user-text">
          <span className="user-name">{session.name}</span>
          <span className="user-role">{session.role.name}</span>
        </span>
        <i className="pi pi-angle-down" aria-hidden="true" />
      </button>
      <OverlayPanel ref={panel} className="user-panel">
        <div className="user-panel-head">
          <span className="avatar large" aria-hidden="true">{initials(session.name)}</span>
          <div>
            <div className="user-name">{session.name}</div>
            <div className="user-email">{session.email}</div>
            <div className="user-role">{session.role.name}</div>
          </div>
        </div>
        {session.tenant && (
          <div className="user-panel-tenant">
            <div>{session.tenant.razonSocial}</div>
            <div>Contrato {session.tenant.nroContrato} · RUC {session.tenant.ruc}</div>
            {/* The shop: two contracts of one tenant often share the name (issue 19). */}
            <div>
              {session.tenant.mall}
              {session.tenant.local && ` · Local ${session.tenant.local}`}
            </div>
            {session.tenant.contractCount > 1 && (
              <Link
                to="/locatario/seleccionar-contrato"
                className="user-panel-switch"
                onClick={() => panel.current?.hide()}
              >
                <i className="pi pi-sync" aria-hidden="true" /> Cambiar contrato
              </Link>
            )}
          </div>
        )}
        <Link to="/logout" className="user-panel-logout">
          <i className="pi pi-sign-out" aria-hidden="true" /> Cerrar Sesión
        </Link>
      </OverlayPanel>
    </>
  );
}
