import { Link, useMatches } from "@tanstack/react-router";
import { isForbidden } from "../../lib/guard.ts";
import { screenOfRoute } from "../../screens.ts";
import { sectionOf } from "./menu.ts";

/**
 * The toolbar under the header: the page title and its breadcrumbs. The title is the screens' registry's for
 * the deepest route that has one there, else its route's staticData title.
 */
export function PageToolbar() {
  // Plain values selected, so a filter change (new search, same page) does not draw the toolbar again.
  const forbidden = useMatches({
    select: (ms) => ms.some((m) => m.status === "error" && isForbidden(m.error)),
  });
  const title = useMatches({
    select: (ms) =>
      [...ms].reverse().map((m) => screenOfRoute(m.routeId)?.title ?? m.staticData?.title).find(Boolean),
  });
  const leafPath = useMatches({ select: (ms) => ms[ms.length - 1]?.pathname ?? "" });
  // A permission gate's fallback brings its own heading ('Área no autorizada').
  if (forbidden || !title) return null;
  const section = sectionOf(leafPath);
  return (
    <div className="page-toolbar">
      <h1 className="page-title">{title}</h1>
      <nav aria-label="Ruta de navegación">
        <ol className="breadcrumbs">
          <li>
            <Link to="/" aria-label="Inicio">
              <i className="pi pi-home" aria-hidden="true" /> Inicio
            </Link>
          </li>
          {section && section.label !== title && <li>{section.label}</li>}
          <li aria-current="page">{title}</li>
        </ol>
      </nav>
    </div>
  );
}
