import { useLocation } from "@tanstack/react-router";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { rememberPath, type Session } from "../../lib/session.ts";
import { NotificationBell } from "./notification-bell.tsx";
import { PageToolbar } from "./page-toolbar.tsx";
import { SideMenu } from "./side-menu.tsx";
import { UserMenu } from "./user-menu.tsx";

/**
 * Keeps the address for the next sign-in. Its own component: a filter change moves the address, and only this
 * renders again, not the menu, header and toolbar (a report's filter change waited for them).
 */
function RememberPath({ email }: { email: string }) {
  const href = useLocation({ select: (l) => l.href });
  // After the change's task (a storage write costs a millisecond or more there); the last of quick changes.
  useEffect(() => {
    const timer = setTimeout(() => rememberPath(email, href), 0);
    return () => clearTimeout(timer);
  }, [email, href]);
  return null;
}

/** The signed-in frame: fixed header, light side menu, toolbar with title and breadcrumbs, footer. */
export function AppLayout({ session, children }: { session: Session; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  return (
    <div className={`layout ${menuOpen ? "menu-open" : ""}`}>
      <RememberPath email={session.email} />
      <a className="skip-link" href="#main">Saltar al contenido</a>
      <aside className="layout-sidebar">
        <SideMenu session={session} onNavigate={closeMenu} />
      </aside>
      {menuOpen && <div className="layout-mask" onClick={() => setMenuOpen(false)} aria-hidden="true" />}
      <header className="layout-topbar">
        <button
          type="button"
          className="topbar-icon menu-toggle"
          aria-label="Mostrar u ocultar el menú"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen((o) => !o)}
        >
          <i className="pi pi-bars" aria-hidden="true" />
        </button>
        <div className="topbar-spacer" />
        <NotificationBell roleId={session.role.id} />
        <UserMenu session={session} />
      </header>
      <div className="layout-main">
        <main id="main" className="layout-content" tabIndex={-1}>
          <PageToolbar />
          {children}
        </main>
        <footer className="layout-footer">
          <span>© {new Date().getFullYear()} Portal de Centros Comerciales</span>
          <span>Soporte: contáctese con el administrador del portal</span>
        </footer>
      </div>
    </div>
  );
}
