import type { SessionView } from "#contract/auth.ts";
import { P, type PermissionId } from "#contract/permissions.ts";
import type { Queryable } from "./db.ts";
import type { Session } from "./sessions.ts";
import { stampedCache } from "./change_stamp.ts";
import { type UserContract, userContracts } from "./tenancy.ts";

// Both kept under the session's change stamp (services/change_stamp.ts): roles and contract slots have
// change versions, so an edit shows on the next request.
const keptRoles = stampedCache<{ id: number; name: string }[]>(10);
const keptContracts = stampedCache<UserContract[]>();

/** What the browser keeps of a session: never a password hash or the session token itself. */
export async function sessionView(q: Queryable, s: Session): Promise<SessionView> {
  const permissions = s.permissionList;
  // Spec 1 section 6: only user administrators get the role list; everyone else an empty one.
  const roleList = s.permissions.has(P.GESTION_USUARIOS)
    ? await keptRoles(q, "roles", s.stamp, () => q.query("select id, name from roles order by id"))
    : [];
  let tenant: SessionView["tenant"] = null;
  if (s.isTenant) {
    const contracts = await keptContracts(q, String(s.userId), s.stamp, () => userContracts(q, s.userId));
    const chosen = contracts.find((c) => c.id === s.contractId);
    if (chosen) {
      tenant = {
        idLocatario: chosen.id,
        nroContrato: chosen.code,
        ruc: chosen.ruc,
        razonSocial: chosen.razonSocial,
        mallId: chosen.mallId,
        mall: chosen.mall,
        local: chosen.locales,
        contractCount: contracts.length,
      };
    }
  }
  return {
    name: s.name,
    email: s.email,
    userState: s.userState,
    role: { id: s.roleId, name: s.roleName, isTenant: s.isTenant, permissions },
    roleList,
    landing: landingOf(s),
    csrfToken: s.csrfToken,
    tenant,
  };
}

// Staff without the mall dashboard (the guarantee reviewers, the security desk) land on their first screen.
const STAFF_LANDINGS: [PermissionId, string][] = [
  [P.DASHBOARD_MALL, "/dashboard"],
  [P.GARANTIAS_REVISION, "/garantias/listado_garantias_revision"],
  [P.GARANTIAS_REVISION_2, "/garantias/listado_garantias_rev_2"],
  [P.GARANTIAS_EXCEPCION, "/garantias/listado_garantias_excepcion"],
  // Security (seguridad@) holds only the reprimand registration.
  [P.REGISTRO_AMONESTACION, "/Amonestacion/Registro"],
  [P.VISTA_AMONESTACIONES, "/Amonestacion/Aprobacion"],
];

// Tenant roles without the dashboard (garantiasLocatario) land on the first screen they may open.
const TENANT_LANDINGS: [PermissionId, string][] = [
  [P.DASHBOARD_LOCATARIO, "/locatario/dashboard"],
  [P.ESTADO_CUENTA_LOCATARIO, "/estadoCuenta/EstadoCuenta"],
  [P.GARANTIAS_LOCATARIO, "/garantias"],
];

export function landingOf(s: Pick<Session, "permissions" | "isTenant">): string {
  if (s.permissions.has(P.GESTION_USUARIOS)) return "/Admin/UsersManagement";
  const landings = s.isTenant ? TENANT_LANDINGS : STAFF_LANDINGS;
  return landings.find(([p]) => s.permissions.has(p))?.[1] ?? landings[0][1];
}
