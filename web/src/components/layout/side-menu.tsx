import { Link, useLocation, useRouter } from "@tanstack/react-router";
import { memo, useMemo, useState } from "react";
import type { Session } from "../../lib/session.ts";
import { Logo } from "./logo.tsx";
import { menuFor } from "./menu.ts";

/**
 * The light side menu: the logo, then the sections the role may see, each folding open and shut. Drawn again
 * only when the page (pathname) or its props change, not on a filter change.
 */
export const SideMenu = memo(SideMenuView);

function SideMenuView({ session, onNavigate }: { session: Session; onNavigate?: () => void }) {
  const router = useRouter();
  const sections = useMemo(() => {
    const norm = (p: string) => p.replace(/\/$/, "").toLowerCase();
    const paths = new Set(Object.keys(router.routesByPath).map(norm));
    return menuFor(session, (to) => paths.has(norm(to)));
  }, [router, session]);
  const pathname = useLocation({ select: (l) => l.pathname.toLowerCase() });
  const current = sections.find((s) => s.entries.some((e) => e.to.toLowerCase() === pathname))?.label;
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const isOpen = (label: string) => open[label] ?? (label === current || sections.length <= 2);
  const home = session.role.isTenant ? "/locatario/dashboard" : "/dashboard";

  return (
    <nav className="side-menu" aria-label="Menú principal">
      <Link to={home} className="side-logo" title="Ir al inicio" onClick={onNavigate}>
        <Logo />
      </Link>
      <ul className="side-sections">
        {sections.map((s) => {
          const expanded = isOpen(s.label);
          const id = `menu-${s.label.replace(/\W+/g, "-").toLowerCase()}`;
          return (
            <li key={s.label} className="side-section">
              <button
                type="button"
                className="side-section-header"
                aria-expanded={expanded}
                aria-controls={id}
                onClick={() => setOpen((o) => ({ ...o, [s.label]: !expanded }))}
              >
                <i className={s.icon} aria-hidden="true" />
                <span>{s.label}</span>
                <i
                  className={`pi ${expanded ? "pi-chevron-down" : "pi-chevron-right"} chevron`}
                  aria-hidden="true"
                />
              </button>
              {expanded && (
                <ul id={id} className="side-entries">
                  {s.entries.map((e) => (
                    <li key={e.to}>
                      <Link
                        to={e.to}
                        className="side-entry"
                        activeProps={{ className: "active", "aria-current": "page" }}
                        onClick={onNavigate}
                      >
                        <i className={e.icon} aria-hidden="true" />
                        <span>{e.label}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
