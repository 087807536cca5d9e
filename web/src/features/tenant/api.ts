// The tenant area's calls (contract/tenant.ts). None of them sends a contract, RUC or tenant id: the server
// takes them from the session, so every query is keyed under ["tenant"] and dropped when the tenant
// switches contract.
import { AUTH_API, type ContractChoice, type SessionView } from "#contract/auth.ts";
import type { Done, Table } from "#contract/envelope.ts";
import {
  type CategoryAverage,
  type ClosingChange,
  type ClosingList,
  type DashboardIndicators,
  type DebtDetail,
  type EditClosingBody,
  type MonthlySales,
  type PendingClosing,
  type RegisterClosingBody,
  type RegisteredClosing,
  type Statement,
  TENANT_PATHS as PATH,
  tenantUrl,
  type TenantUsers,
  type TenantUsersBody,
} from "#contract/tenant.ts";
import { post, put } from "../../lib/api.ts";
import { readQuery } from "../../lib/queries.ts";

export const TENANT_KEY = ["tenant"] as const;

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

export const indicatorsQuery = readQuery<DashboardIndicators>(
  [...TENANT_KEY, "dashboard", "indicators"],
  tenantUrl(PATH.indicators),
);

export const monthlySalesQuery = (anio1: number, anio2: number) =>
  readQuery<MonthlySales>(
    [...TENANT_KEY, "dashboard", "monthly", anio1, anio2],
    `${tenantUrl(PATH.monthlySales)}?${query({ anio1, anio2 })}`,
  );

export const categoryAverageQuery = (anio: number) =>
  readQuery<CategoryAverage>(
    [...TENANT_KEY, "dashboard", "category", anio],
    `${tenantUrl(PATH.categoryAverage)}?${query({ anio })}`,
  );

export const pendingClosingQuery = readQuery<PendingClosing>(
  [...TENANT_KEY, "closings", "pending"],
  tenantUrl(PATH.pendingClosing),
  0,
);

export const closingsQuery = (fechaInicial: string, fechaFinal: string) =>
  readQuery<ClosingList>(
    [...TENANT_KEY, "closings", "list", fechaInicial, fechaFinal],
    `${tenantUrl(PATH.closings)}?${query({ fechaInicial, fechaFinal })}`,
  );

export const closingHistoryQuery = (id: number) =>
  readQuery<Table<ClosingChange>>(
    [...TENANT_KEY, "closings", "history", id],
    tenantUrl(PATH.closingHistory, id),
    0,
  );

export const tenantUsersQuery = readQuery<TenantUsers>([...TENANT_KEY, "users"], tenantUrl(PATH.users), 0);

export const statementQuery = readQuery<Statement>([...TENANT_KEY, "statement"], tenantUrl(PATH.statement));

export const debtQuery = (id: number) =>
  readQuery<DebtDetail>([...TENANT_KEY, "statement", "debt", id], tenantUrl(PATH.debt, id));

export const contractsQuery = readQuery<ContractChoice>([...TENANT_KEY, "contracts"], AUTH_API.contracts, 0);

// The closing writes confirm with 'Guardado Exitoso' rather than the 'Información' dialog.
export const registerClosing = (body: RegisterClosingBody) =>
  post<Done<RegisteredClosing>>(tenantUrl(PATH.closings), body, { confirm: false });

export const updateClosing = (id: number, body: EditClosingBody) =>
  put<Done>(tenantUrl(PATH.closing, id), body, { confirm: false });

export const saveTenantUsers = (body: TenantUsersBody) => put<Done>(tenantUrl(PATH.users), body);

export const chooseContract = (contractId: number) =>
  post<SessionView>(AUTH_API.contract, { contractId }, { confirm: false });
