// Sign-in, password links and the session (spec 1 sections 2, 4 and 5): the bodies routes/auth.ts
// validates, the forms of the sign-in screens validate with the same schemas, and the answers both read.
import { z } from "zod";
import { newPassword, strict, text } from "./fields.ts";
import type { PermissionId } from "./permissions.ts";

export const AUTH_API = {
  login: "/api/auth/login",
  logout: "/api/auth/logout",
  me: "/api/auth/me",
  /** The session or null, always 200: the SPA's probe (a 401 would log a failed request on every visit). */
  session: "/api/auth/session",
  forgotPassword: "/api/auth/forgot-password",
  tokenStatus: "/api/auth/token-status",
  resetPassword: "/api/auth/reset-password",
  activate: "/api/auth/activate",
  changePassword: "/api/auth/change-password",
  contracts: "/api/auth/contracts",
  contract: "/api/auth/contract",
} as const;

export const loginBody = strict({
  email: text("Ingresar correo electrónico", 254),
  password: text("Ingresar Contraseña", 128),
});

export const forgotPasswordBody = strict({ email: text("Ingresar Correo", 254) });

/** The links mailed for a forgotten password (reset, `?q=`) and for a new account (activation, `?a=`). */
export const TOKEN_KINDS = ["reset", "activation"] as const;
export type TokenKind = typeof TOKEN_KINDS[number];

const token = z.string({ error: "Token inválido." }).trim().min(1, "Token inválido.").max(
  200,
  "Token inválido.",
);

export const tokenStatusBody = strict({
  token,
  kind: z.enum(TOKEN_KINDS, { error: "Tipo de token inválido." }),
});

/** POST reset-password and activate: the link's token and the new password. */
export const setPasswordBody = strict({ token, password: newPassword });

export const changePasswordBody = strict({
  currentPassword: text("Ingresar Contraseña", 128),
  newPassword,
});

export const chooseContractBody = strict({
  contractId: z.number({ error: "Seleccione un contrato." }).int().positive(),
});

/** The new-password form of the reset and activation screens: the password, then the same again. */
export const newPasswordForm = z
  .object({
    password: newPassword,
    confirm: z.string().min(1, "Las contraseñas deben coincidir"),
  })
  .refine((v) => v.password === v.confirm, { message: "Las contraseñas deben coincidir", path: ["confirm"] });

// ---- Answers ----

export interface Permission {
  id: PermissionId;
  label: string;
}

/** The chosen contract of a tenant's session. */
export interface TenantInfo {
  idLocatario: number;
  nroContrato: string;
  ruc: string;
  razonSocial: string;
  mallId: number;
  /** The mall's name and the contract's locals (null without one): what tells a tenant's shops apart. */
  mall: string;
  local: string | null;
  contractCount: number;
}

/**
 * The signed-in user as login, /me and /contract answer it: never a password hash or the session token
 * (that one is only in the httpOnly cookie).
 */
export interface SessionView {
  name: string;
  email: string;
  userState: "A" | "I";
  role: { id: number; name: string; isTenant: boolean; permissions: Permission[] };
  /** Spec 1 section 6: the role list for user administrators, empty for everyone else. */
  roleList: { id: number; name: string }[];
  /** The screen / opens when no last path is remembered. */
  landing: string;
  csrfToken: string;
  tenant: TenantInfo | null;
}

/** POST token-status: the account a still usable link is for (else 433 expired, 434 unknown or used). */
export interface TokenStatus {
  email: string;
  expiresAt: string;
}

/** GET contracts: the tenant user's contracts for the 'Seleccionar Contrato' dropdown. */
export interface ContractChoice {
  list: { value: number; label: string; ruc: string; nroContrato: string }[];
  defaultId: number | null;
}
