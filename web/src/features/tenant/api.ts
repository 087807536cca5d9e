// The tenant area's calls (contract/tenant.ts). None of them sends a contract, RUC or tenant id: the server
// takes them from the session, so every query is keyed under ["tenant"] and dropped when the tenant
// switches contract.
import { queryOptions } from "@tanstack/react-query";
import { AUTH_API, type ContractChoice, type SessionView } from "../../../../contract/auth.ts";
import type { Done, Table } from "../../../../contract/envelope.ts";
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
} from "../../../../contract/tenant.ts";
import { get, post, put } from "../../lib/api.ts";

export const TENANT_KEY = ["tenant"] as const;

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

export const indicatorsQuery = queryOptions({
  queryKey: [...TENANT_KEY, "dashboard", "indicators"],
  queryFn: () => get<DashboardIndicators>(tenantUrl(PATH.indicators)),
});

export const monthlySalesQuery = (anio1: number, anio2: number) =>
  queryOptions({
    queryKey: [...TENANT_KEY, "dashboard", "monthly", anio1, anio2],
    queryFn: () => get<MonthlySales>(`${tenantUrl(PATH.monthlySales)}?${query({ anio1, anio2 })}`),
  });

export const categoryAverageQuery = (anio: number) =>
  queryOptions({
    queryKey: [...TENANT_KEY, "dashboard", "category", anio],
    queryFn: () => get<CategoryAverage>(`${tenantUrl(PATH.categoryAverage)}?${query({ anio })}`),
  });

export const pendingClosingQuery = queryOptions({
  queryKey: [...TENANT_KEY, "closings", "pending"],
  queryFn: () => get<PendingClosing>(tenantUrl(PATH.pendingClosing)),
  staleTime: 0,
});

export const closingsQuery = (fechaInicial: string, fechaFinal: string) =>
  queryOptions({
    queryKey: [...TENANT_KEY, "closings", "list", fechaInicial, fechaFinal],
    queryFn: () => get<ClosingList>(`${tenantUrl(PATH.closings)}?${query({ fechaInicial, fechaFinal })}`),
  });

export const closingHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: [...TENANT_KEY, "closings", "history", id],
    queryFn: () => get<Table<ClosingChange>>(tenantUrl(PATH.closingHistory, id)),
    staleTime: 0,
  });

export const tenantUsersQuery = queryOptions({
  queryKey: [...TENANT_KEY, "users"],
  queryFn: () => get<TenantUsers>(tenantUrl(PATH.users)),
  staleTime: 0,
});

export const statementQuery = queryOptions({
  queryKey: [...TENANT_KEY, "statement"],
  queryFn: () => get<Statement>(tenantUrl(PATH.statement)),
});

export const debtQuery = (id: number) =>
  queryOptions({
    queryKey: [...TENANT_KEY, "statement", "debt", id],
    queryFn: () => get<DebtDetail>(tenantUrl(PATH.debt, id)),
  });

export const contractsQuery = queryOptions({
  queryKey: [...TENANT_KEY, "contracts"],
  queryFn: () => get<ContractChoice>(AUTH_API.contracts),
  staleTime: 0,
});

// The closing writes confirm with 'Guardado Exitoso' rather than the 'Información' dialog.
export const registerClosing = (body: RegisterClosingBody) =>
  post<Done<RegisteredClosing>>(tenantUrl(PATH.closings), body, { confirm: false });

export const updateClosing = (id: number, body: EditClosingBody) =>
  put<Done>(tenantUrl(PATH.closing, id), body, { confirm: false });

export const saveTenantUsers = (body: TenantUsersBody) => put<Done>(tenantUrl(PATH.users), body);

export const chooseContract = (contractId: number) =>
  post<SessionView>(AUTH_API.contract, { contractId }, { confirm: false });
