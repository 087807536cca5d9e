// The tenant area's calls (docs/api.md, 'Tenant area'). None of them sends a contract, RUC or tenant id:
// the server takes them from the session, so every query is keyed under ["tenant"] and dropped when the
// tenant switches contract.
import { queryOptions } from "@tanstack/react-query";
import { get } from "../../../lib/api.ts";

export const TENANT_KEY = ["tenant"] as const;

export interface Figure {
  value: number | null;
  variation: number | null;
}

export interface DashboardIndicators {
  date: string | null;
  area: number;
  categoria: string;
  ventas: { ventaDia: Figure; ventaPromedioxRubro: Figure; diferencia: Figure };
  ventasM2: { ventaDiaM2: Figure; ventaPromedioxRubroM2: Figure; diferencia: Figure };
}

export interface MonthlySales {
  anio1: number;
  anio2: number;
  table: { mes: number; ventaAnio1: number | null; ventaAnio2: number | null }[];
}

export interface CategoryAverage {
  anio: number;
  table: { mes: number; ventaPromedioRubro: number | null; ventaAnio: number | null }[];
}

export interface SupplyPointCard {
  idSuministroPorLocatario: number;
  codigo: string;
  descripcion: string;
}

export interface PendingClosing {
  fechaPorRegistrar: string | null;
  mensaje: string | null;
  contrato: { nroContrato: string; denominacion: string };
  suministros: SupplyPointCard[];
}

export interface ClosingRow {
  cierreVentaId: number;
  suministro: string;
  descripcion: string;
  nombreCompleto: string | null;
  fechaVenta: string;
  registroFecha: string;
  ventasValor: number;
  numeroTransacciones: number;
  modificacionFecha: string | null;
  cambios: number;
}

export interface ClosingChange {
  fecha: string;
  usuario: string | null;
  antes: { ventasValor: number; numeroTransacciones: number };
  despues: { ventasValor: number; numeroTransacciones: number };
}

export const SLOTS = ["administrador", "operador", "financiero1", "financiero2"] as const;
export type Slot = typeof SLOTS[number];

export interface SlotView {
  correo: string;
  nombreCompleto: string;
  contraseniaDefinida: boolean;
  estado: "A" | "I";
  esUsted: boolean;
}

export type TenantUsers = Record<Slot, SlotView | null>;

export interface Receivable {
  total: number;
  vencidas: number;
  noVencidas: number;
  vencidasPorcentaje: number;
}

export interface OverdueDebt {
  idDeuda: number;
  mall: string;
  numeroContrato: string;
  cliente: string;
  tipoDoc: string;
  referencia: string;
  texto: string;
  fechaEmision: string;
  fechaPago: string;
  moneda: "PEN" | "USD";
  importe: number;
  atrasoDias: number;
}

export interface DebtDetail {
  idDeuda: number;
  codigoContrato: string;
  nombreFantasia: string;
  concepto: string;
  referencia: string;
  moneda: "PEN" | "USD";
  importe: number;
  saldo: number;
  fechaEmision: string;
  fechaPago: string;
  diasAtraso: number;
  tipoDoc: string;
  denominacionEconomica: string;
}

export interface Statement {
  fecha: string | null;
  ruc: string;
  razonSocial: string;
  direccion: string | null;
  ejecutivoComercial: string | null;
  ejecutivoCobranza: string | null;
  condicionPago: string | null;
  contratos: {
    codigoContrato: string;
    denominacion: string;
    mall: string;
    dso: number;
    porcentajeCxC: number;
    eficienciaCobranza: number;
    moneda: string;
  }[];
  cobranza: {
    soles: Receivable;
    dolares: Receivable;
    tramoAntiguedad: { tramo: string; soles: number; dolares: number }[];
  };
  diasFechaMasAntigua: number;
  documentoMasAntiguo: { referencia: string; fechaPago: string; moneda: string } | null;
  deudasVencidas: OverdueDebt[];
  cuentasRecaudadoras: {
    entidad: string;
    tipoCuenta: string;
    cuentaSoles: string | null;
    cciCuentaSoles: string | null;
    cuentaDolares: string | null;
    cciCuentaDolares: string | null;
  }[];
  garantias: Record<string, unknown>[];
}

export interface ContractChoice {
  list: { value: number; label: string; ruc: string; nroContrato: string }[];
  defaultId: number | null;
}

export const indicatorsQuery = queryOptions({
  queryKey: [...TENANT_KEY, "dashboard", "indicators"],
  queryFn: () => get<DashboardIndicators>("/api/tenant/dashboard/indicators"),
});

export const monthlySalesQuery = (anio1: number, anio2: number) =>
  queryOptions({
    queryKey: [...TENANT_KEY, "dashboard", "monthly", anio1, anio2],
    queryFn: () => get<MonthlySales>(`/api/tenant/dashboard/monthly-sales?anio1=${anio1}&anio2=${anio2}`),
  });

export const categoryAverageQuery = (anio: number) =>
  queryOptions({
    queryKey: [...TENANT_KEY, "dashboard", "category", anio],
    queryFn: () => get<CategoryAverage>(`/api/tenant/dashboard/category-average?anio=${anio}`),
  });

export const pendingClosingQuery = queryOptions({
  queryKey: [...TENANT_KEY, "closings", "pending"],
  queryFn: () => get<PendingClosing>("/api/tenant/closings/pending"),
  staleTime: 0,
});

export const closingsQuery = (fechaInicial: string, fechaFinal: string) =>
  queryOptions({
    queryKey: [...TENANT_KEY, "closings", "list", fechaInicial, fechaFinal],
    queryFn: () =>
      get<{ table: ClosingRow[]; auxData: { totalVentas: number } }>(
        `/api/tenant/closings?fechaInicial=${fechaInicial}&fechaFinal=${fechaFinal}`,
      ),
  });

export const closingHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: [...TENANT_KEY, "closings", "history", id],
    queryFn: () => get<{ table: ClosingChange[] }>(`/api/tenant/closings/${id}/history`),
    staleTime: 0,
  });

export const tenantUsersQuery = queryOptions({
  queryKey: [...TENANT_KEY, "users"],
  queryFn: () => get<TenantUsers>("/api/tenant/users"),
  staleTime: 0,
});

export const statementQuery = queryOptions({
  queryKey: [...TENANT_KEY, "statement"],
  queryFn: () => get<Statement>("/api/tenant/statement"),
});

export const debtQuery = (id: number) =>
  queryOptions({
    queryKey: [...TENANT_KEY, "statement", "debt", id],
    queryFn: () => get<DebtDetail>(`/api/tenant/statement/debts/${id}`),
  });

export const contractsQuery = queryOptions({
  queryKey: [...TENANT_KEY, "contracts"],
  queryFn: () => get<ContractChoice>("/api/auth/contracts"),
  staleTime: 0,
});
