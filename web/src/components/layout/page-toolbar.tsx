import { Link, useMatches } from "@tanstack/react-router";
import { isForbidden } from "../../lib/guard.ts";
import { sectionOf } from "./menu.ts";

/** The toolbar under the header: the page title (from the route's staticData) and its breadcrumbs. */
export function PageToolbar() {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  // A permission gate's fallback brings its own heading ('Área no autorizada').
  if (matches.some((m) => m.status === "error" && isForbidden(m.error))) return null;
  const title = [...matches].reverse().find((m) => m.staticData?.title)?.staticData.title;
  if (!title) return null;
  const section = sectionOf(leaf?.pathname ?? "");
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
