import { queryOptions } from "@tanstack/react-query";
import { NOT_FOUND } from "#contract/errors.ts";
import {
  ADMIN_API,
  type MailRow,
  type NewUserInput,
  type RoleInput,
  type RoleRow,
  type RoleUpdateInput,
  type UserInput,
  type UserRow,
} from "#contract/admin.ts";
import type { Permission } from "#contract/auth.ts";
import type { Done, Table } from "#contract/envelope.ts";
import { ApiError, del, get, post, put } from "../../lib/api.ts";
import { tableQuery } from "../../lib/queries.ts";

export type { MailRow, RoleRow, UserRow };

/** Every admin query: a save invalidates them all (a role's change shows in the users' table too). */
export const ADMIN_KEY = ["admin"] as const;

export const usersQueryOptions = tableQuery<UserRow>([...ADMIN_KEY, "users"], ADMIN_API.users);

export const rolesQueryOptions = tableQuery<RoleRow>([...ADMIN_KEY, "roles"], ADMIN_API.roles);

export const permissionsQueryOptions = tableQuery<Permission>(
  [...ADMIN_KEY, "permissions"],
  ADMIN_API.permissions,
  10 * 60_000,
);

/** The local mailbox of the embedded default; null when mail goes out by SMTP (the call answers 404). */
export const mailboxQueryOptions = queryOptions({
  queryKey: [...ADMIN_KEY, "mailbox"],
  queryFn: async (): Promise<MailRow[] | null> => {
    try {
      return (await get<Table<MailRow>>(ADMIN_API.mailbox, { quiet: [NOT_FOUND] })).table;
    } catch (e) {
      if (e instanceof ApiError && e.errorId === NOT_FOUND) return null;
      throw e;
    }
  },
  refetchInterval: 15_000,
});

export const createUser = (body: NewUserInput) => post<Done<{ id: number }>>(ADMIN_API.users, body);
export const updateUser = (id: number, body: UserInput) => put<Done>(ADMIN_API.user(id), body);

export const createRole = (body: RoleInput) => post<Done<{ id: number }>>(ADMIN_API.roles, body);
export const updateRole = (id: number, body: RoleUpdateInput) => put<Done>(ADMIN_API.role(id), body);
export const removeRole = (id: number) => del<Done>(ADMIN_API.role(id));
