// Staff management calls (contract/staff.ts, contract/staff_admin.ts): Locatarios, Actualizar Contratos,
// Estado de Cuenta and the superadmin utilities.
import { NETWORK_ERROR } from "#contract/errors.ts";
import { queryOptions } from "@tanstack/react-query";
import type { Done, Table } from "#contract/envelope.ts";
import {
  type ContractDatesBody,
  type ContractDetail,
  type ContractRow,
  type ManagedTenant,
  type ManageTenantBody,
  type Option,
  STAFF_CONTRACT_PATHS,
  STAFF_CONTRACTS_API,
  STAFF_STATEMENT_PATHS,
  STAFF_STATEMENTS_API,
  STAFF_TENANT_PATHS,
  STAFF_TENANTS_API,
  type StaffClosingList,
  staffUrl,
  type StatementListRow,
  type TenantOptions,
  type TenantRow,
} from "#contract/staff.ts";
import {
  ADMIN_UTILS_PATHS,
  adminUtilsUrl,
  type AllInResult,
  type ComparisonYear,
  type ComparisonYearBody,
} from "#contract/staff_admin.ts";
import type { ClosingChange, DebtDetail, EditClosingBody, Statement } from "#contract/tenant.ts";
import { ApiError, errorMessage, get, post, put } from "../../lib/api.ts";
import { readQuery } from "../../lib/queries.ts";
import { showError } from "../../lib/dialogs.ts";

export const STAFF_KEY = ["staff"] as const;
const T = (path: string, opts?: Parameters<typeof staffUrl>[2]) => staffUrl(STAFF_TENANTS_API, path, opts);
const C = (path: string, opts?: Parameters<typeof staffUrl>[2]) => staffUrl(STAFF_CONTRACTS_API, path, opts);
const S = (path: string, opts?: Parameters<typeof staffUrl>[2]) => staffUrl(STAFF_STATEMENTS_API, path, opts);

export const mallsQuery = readQuery<Option[]>([...STAFF_KEY, "malls"], T(STAFF_TENANT_PATHS.malls), Infinity);

export const tenantsQuery = (mall: number) =>
  readQuery<Table<TenantRow>>(
    [...STAFF_KEY, "tenants", mall],
    T(STAFF_TENANT_PATHS.list, { query: { unidadEconomicaId: mall } }),
  );

export const tenantOptionsQuery = readQuery<TenantOptions>(
  [...STAFF_KEY, "tenant-options"],
  T(STAFF_TENANT_PATHS.options),
  5 * 60_000,
);

export const managedTenantQuery = (code: string) =>
  readQuery<ManagedTenant>(
    [...STAFF_KEY, "manage", code],
    T(STAFF_TENANT_PATHS.manage, { query: { numContrato: code } }),
    0,
  );

export const manageTenant = (body: ManageTenantBody) =>
  put<Done>(T(STAFF_TENANT_PATHS.manage), body, { confirm: false });

export const staffClosingsQuery = (numContrato: string, fechaInicial: string, fechaFinal: string) =>
  queryOptions({
    queryKey: [...STAFF_KEY, "closings", numContrato, fechaInicial, fechaFinal],
    queryFn: () =>
      get<StaffClosingList>(
        T(STAFF_TENANT_PATHS.closings, { query: { numContrato, fechaInicial, fechaFinal } }),
      ),
  });

export const staffClosingHistoryQuery = (id: number) =>
  readQuery<Table<ClosingChange>>(
    [...STAFF_KEY, "closings", "history", id],
    T(STAFF_TENANT_PATHS.closingHistory, { id }),
    0,
  );

export const staffUpdateClosing = (id: number, body: EditClosingBody) =>
  put<Done>(T(STAFF_TENANT_PATHS.closing, { id }), body, { confirm: false });

export const contractsQuery = (mall: number) =>
  queryOptions({
    queryKey: [...STAFF_KEY, "contracts", mall],
    queryFn: () =>
      get<Table<ContractRow>>(C(STAFF_CONTRACT_PATHS.list, { query: { unidadEconomicaId: mall } })),
  });

export const contractDetailQuery = (code: string) =>
  readQuery<ContractDetail>(
    [...STAFF_KEY, "contract", code],
    C(STAFF_CONTRACT_PATHS.detail, { query: { numContrato: code } }),
  );

export const updateContractDates = (body: ContractDatesBody) =>
  post<Done>(C(STAFF_CONTRACT_PATHS.dates), body, { confirm: false });

export const statementsQuery = readQuery<Table<StatementListRow>>(
  [...STAFF_KEY, "statements"],
  S(STAFF_STATEMENT_PATHS.list),
);

export const staffStatementQuery = (ruc: string) =>
  readQuery<Statement>([...STAFF_KEY, "statement", ruc], S(STAFF_STATEMENT_PATHS.detail, { query: { ruc } }));

export const staffDebtQuery = (ruc: string) => (id: number) =>
  readQuery<DebtDetail>(
    [...STAFF_KEY, "statement", ruc, "debt", id],
    S(STAFF_STATEMENT_PATHS.debt, { id, query: { ruc } }),
  );

export const comparisonYearQuery = readQuery<ComparisonYear>(
  [...STAFF_KEY, "comparison-year"],
  adminUtilsUrl(ADMIN_UTILS_PATHS.comparisonYear),
  0,
);

export const saveComparisonYear = (body: ComparisonYearBody) =>
  put<ComparisonYear>(adminUtilsUrl(ADMIN_UTILS_PATHS.comparisonYear), body, { confirm: false });

/**
 * The All-In upload (multipart, so not through api()): the envelope's message either way; a refusal shows
 * 'Error: No se pudo cargar el archivo' with the wrong rows in the error dialog and throws.
 */
export async function uploadAllIn(
  anio: number,
  file: File,
  csrf: string | null,
): Promise<{ message: string; data: AllInResult }> {
  const form = new FormData();
  form.append("anio", String(anio));
  form.append("archivo", file);
  let env: { success: boolean; message: string; errorId: number | null; data: unknown } | null = null;
  try {
    const res = await fetch(adminUtilsUrl(ADMIN_UTILS_PATHS.allIn), {
      method: "POST",
      body: form,
      credentials: "same-origin",
      headers: csrf ? { "x-csrf-token": csrf, accept: "application/json" } : { accept: "application/json" },
    });
    env = await res.json().catch(() => null);
  } catch {
    env = null;
  }
  if (!env || !env.success) {
    const id = env?.errorId ?? NETWORK_ERROR;
    const message = env?.message ?? errorMessage(id);
    const fields = env?.data && typeof env.data === "object" ? env.data as Record<string, string> : {};
    showError(id, message, fields);
    throw new ApiError(id, message, env?.data ?? null);
  }
  return { message: env.message, data: env.data as AllInResult };
}
