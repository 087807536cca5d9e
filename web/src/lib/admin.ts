import { queryOptions } from "@tanstack/react-query";
import { ApiError, get } from "./api.ts";
import type { Permission } from "./session.ts";

export interface UserRow {
  id: number;
  email: string;
  name: string;
  dni: string | null;
  roleId: number;
  roleName: string;
  /** true: Activo, false: Bloqueado. */
  userState: boolean;
}

export interface RoleRow {
  id: number;
  name: string;
  isTenant: boolean;
  userCount: number;
  permissionList: Permission[];
}

export interface MailRow {
  id: number;
  to: string;
  subject: string;
  bodyText: string;
  bodyHtml: string | null;
  createdAt: string;
  sentAt: string | null;
}

export const usersQueryOptions = queryOptions({
  queryKey: ["admin", "users"],
  queryFn: async () => (await get<{ table: UserRow[] }>("/api/admin/users")).table,
});

export const rolesQueryOptions = queryOptions({
  queryKey: ["admin", "roles"],
  queryFn: async () => (await get<{ table: RoleRow[] }>("/api/admin/roles")).table,
});

export const permissionsQueryOptions = queryOptions({
  queryKey: ["admin", "permissions"],
  queryFn: async () => (await get<{ table: Permission[] }>("/api/admin/permissions")).table,
  staleTime: 10 * 60_000,
});

/** The local mailbox of the embedded default; null when mail goes out by SMTP (the call answers 404). */
export const mailboxQueryOptions = queryOptions({
  queryKey: ["admin", "mailbox"],
  queryFn: async (): Promise<MailRow[] | null> => {
    try {
      return (await get<{ table: MailRow[] }>("/api/admin/mailbox", { quiet: [404] })).table;
    } catch (e) {
      if (e instanceof ApiError && e.errorId === 404) return null;
      throw e;
    }
  },
  refetchInterval: 15_000,
});
