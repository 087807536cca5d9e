// User and role administration (spec 1 sections 2, 5 and 7): the bodies routes/admin.ts validates, the
// dialogs of the admin screens validate with the same schemas, and the rows both read.
import { z } from "zod";
import type { Permission } from "./auth.ts";
import { email, id, strict, text } from "./fields.ts";
import { version } from "./versions.ts";

export const ADMIN_API = {
  users: "/api/admin/users",
  user: (id: number) => `/api/admin/users/${id}`,
  roles: "/api/admin/roles",
  role: (id: number) => `/api/admin/roles/${id}`,
  permissions: "/api/admin/permissions",
  mailbox: "/api/admin/mailbox",
} as const;

/** 'Agregar usuario': the account is created without a password and gets the activation mail. */
export const newUserBody = strict({
  email: email("Ingresar el correo"),
  name: text("Ingresar el nombre", 150),
  dni: z.string().trim().max(20, "Máximo 20 caracteres.")
    .regex(/^[0-9A-Za-z-]*$/, "El DNI solo admite letras y números.")
    .nullish().transform((x) => x || null),
  roleId: id("Selecciona un rol"),
});

export const USER_STATES = ["A", "I"] as const;

/**
 * 'Actualizar los detalles del usuario': the same fields and the state (A Activo, I Bloqueado), with the
 * version the dialog read (contract/versions.ts).
 */
export const userBody = newUserBody.extend({
  userState: z.enum(USER_STATES, { error: "Seleccione el estado." }),
  version,
});

export type NewUserInput = z.output<typeof newUserBody>;
export type UserInput = z.output<typeof userBody>;

export const roleBody = strict({
  name: text("Ingresar el rol", 80),
  // Unknown ids are refused by the server against the permissions table ('Hay permisos que no existen.').
  permissions: z.array(z.string().max(60), { error: "Seleccione los permisos." }).max(200),
});

export type RoleInput = z.output<typeof roleBody>;

/** 'Actualizar rol': the role's fields and the version the dialog read. */
export const roleUpdateBody = roleBody.extend({ version });
export type RoleUpdateInput = z.output<typeof roleUpdateBody>;

// ---- Answers ----

export interface UserRow {
  id: number;
  email: string;
  name: string;
  dni: string | null;
  roleId: number;
  roleName: string;
  /** true: Activo, false: Bloqueado. */
  userState: boolean;
  /** Whether the user has a password (false: the activation link is unused: 'Pendiente de activación'). */
  activated: boolean;
  /** Sent back with an edit (contract/versions.ts). */
  version: number;
}

export interface RoleRow {
  id: number;
  name: string;
  isTenant: boolean;
  userCount: number;
  permissionList: Permission[];
  /** Sent back with an edit (contract/versions.ts). */
  version: number;
}

/** A message of the local outbox ('Buzón de correo'), newest first. */
export interface MailRow {
  id: number;
  to: string;
  subject: string;
  bodyText: string;
  bodyHtml: string | null;
  createdAt: string;
  sentAt: string | null;
}
