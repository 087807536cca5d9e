// The guards derived from the screens' registry (web/src/screens.ts, issue 37): a route finds its entry by its
// id, and lets in the roles spec 1 section 6 says, as the hand-written guards did.
import assert from "node:assert/strict";
import { isRedirect } from "@tanstack/react-router";
import type { PermissionId } from "#contract/permissions.ts";
import { isForbidden } from "../../web/src/lib/guard.ts";
import { screenGuard } from "../../web/src/lib/screen-guard.ts";
import type { Session } from "../../web/src/lib/session.ts";
import { screenOfRoute, type ScreenRouteId } from "../../web/src/screens.ts";

function session(permissions: PermissionId[], tenant: "none" | "no contract" | "contract"): Session {
  return {
    name: "Prueba",
    email: "prueba@portal.pe",
    userState: "A",
    role: {
      id: 1,
      name: "Rol",
      isTenant: tenant !== "none",
      permissions: permissions.map((id) => ({ id, label: id })),
    },
    roleList: [],
    landing: "/dashboard",
    csrfToken: "x",
    tenant: tenant === "contract"
      ? {
        idLocatario: 1,
        nroContrato: "C-1",
        ruc: "20100000001",
        razonSocial: "Tienda SAC",
        mallId: 1,
        mall: "Mall",
        local: null,
        contractCount: 1,
      }
      : null,
  };
}

/** What the guard does: "pasa", "Área no autorizada", or the path it sends to. */
function outcome(routeId: ScreenRouteId, s: Session): string {
  try {
    screenGuard({ routeId, context: { session: s } });
    return "pasa";
  } catch (e) {
    if (isForbidden(e)) return (e as Error).message;
    if (isRedirect(e)) return `a ${e.options.to}`;
    throw e;
  }
}

Deno.test("a route finds its screen by its id; an index route's trailing slash is no part of the URL", () => {
  assert.equal(screenOfRoute("/_app/Reportes/RankVentas")?.title, "Ranking de Ventas");
  assert.equal(screenOfRoute("/_app/garantias/")?.title, "Garantías");
  assert.equal(screenOfRoute("/_app/Mapas/ModificarMapas")?.title, "Mantenimiento");
  assert.equal(screenOfRoute("/_app/mapas/vacancy")?.title, "Vacancy");
  // Outside the registry: the sign-in screens and the status pages.
  assert.equal(screenOfRoute("/auth/login"), undefined);
  assert.equal(screenOfRoute("/_app/unauthorized"), undefined);
});

Deno.test("a staff screen lets in the role with its permission, and says 'Área no autorizada' to others", () => {
  const listaRoja = session(["LISTA_ROJA"], "none");
  assert.equal(outcome("/_app/Blacklist/Index", listaRoja), "pasa");
  assert.equal(outcome("/_app/Estadocuenta/Index", listaRoja), "Área no autorizada");
  assert.equal(
    outcome("/_app/Reportes/ReporteProyeccionesIndex", session(["REPORTE_PROYECCIÓN"], "none")),
    "pasa",
  );
  // Two menu entries, one permission: 'Gestión de Categorías' needs All In's.
  assert.equal(outcome("/_app/mapas/allInGestionCategoria", session(["MAPA_CALOR_ALL_IN"], "none")), "pasa");
});

Deno.test("a guarantee's review opens for either reviewer, its view for any guarantee role", () => {
  assert.equal(outcome("/_app/garantias_revision/$id", session(["GARANTIAS_REVISION_2"], "none")), "pasa");
  assert.equal(
    outcome("/_app/garantias_revision/$id", session(["GARANTIAS_RECEPCION"], "none")),
    "Área no autorizada",
  );
  assert.equal(outcome("/_app/garantias_view/$id", session(["GARANTIAS_RECEPCION"], "none")), "pasa");
});

Deno.test("a tenant screen asks for the contract first; the contract choice is any tenant's", () => {
  const dashboard = ["DASHBOARD_LOCATARIO"] as PermissionId[];
  assert.equal(outcome("/_app/locatario/dashboard", session(dashboard, "contract")), "pasa");
  assert.equal(
    outcome("/_app/locatario/dashboard", session(dashboard, "no contract")),
    "a /locatario/seleccionar-contrato",
  );
  assert.equal(outcome("/_app/locatario/dashboard", session([], "contract")), "Área no autorizada");
  assert.equal(outcome("/_app/locatario/seleccionar-contrato", session([], "no contract")), "pasa");
  assert.equal(
    outcome("/_app/locatario/seleccionar-contrato", session(["LISTA_ROJA"], "none")),
    "Área no autorizada",
  );
});
