// The tenant area (spec 1 sections 2 and 7): the calls' paths, the schemas of their bodies and queries, and
// the types of their answers. Every call works on the session's contract: the tenant's contract, RUC and
// tenant id are never parameters, and a call that sends one (idLocatario, ruc, …) is refused, since the
// objects below are strict. JSON keys are the spec's Spanish ones.
import { z } from "zod";
import { version } from "./versions.ts";
import type { Table } from "./envelope.ts";
import { day, email, INT_MAX, money, number, strict, text, year } from "./fields.ts";

/** Where routes/tenant.ts is mounted; the paths below are relative to it (`:id` as Hono writes it). */
export const TENANT_API = "/api/tenant";
export const TENANT_PATHS = {
  indicators: "/dashboard/indicators",
  monthlySales: "/dashboard/monthly-sales",
  categoryAverage: "/dashboard/category-average",
  pendingClosing: "/closings/pending",
  closings: "/closings",
  closing: "/closings/:id",
  closingHistory: "/closings/:id/history",
  users: "/users",
  statement: "/statement",
  debt: "/statement/debts/:id",
} as const;

/** The full URL of a tenant call, with its `:id` filled in. */
export const tenantUrl = (path: typeof TENANT_PATHS[keyof typeof TENANT_PATHS], id?: number) =>
  TENANT_API + (id === undefined ? path : path.replace(":id", String(id)));

// ---- Queries and bodies -------------------------------------------------------------------------------

/** Upper bounds that catch typing slips (an extra zero or two) per supply point and day. */
export const MAX_SALE = 10_000_000;
export const MAX_TRANSACTIONS = 100_000;

/** The query of a call that takes none: any parameter (idLocatario, …) is refused. */
export const noQuery = strict({});

export const monthlySalesQuery = strict({
  anio1: year("Seleccione el primer año."),
  anio2: year("Seleccione el segundo año."),
});

export const categoryAverageQuery = strict({ anio: year("Seleccione el año.") });

// Missing: the spec's 'Ingresar …'; not a number (a text, NaN of a typed '12a'): 'Ingresar solo números.'.
const sale = money({
  required: "Ingresar la venta.",
  negative: "La venta no puede ser negativa.",
  max: MAX_SALE,
  tooBig: "La venta no puede superar S/ 10,000,000.00 por suministro y día.",
  decimals: "La venta admite como máximo 2 decimales.",
});

const transactions = number("Ingresar el número de transacciones.")
  .int("El número de transacciones debe ser un número entero.")
  .min(0, "El número de transacciones no puede ser negativo.")
  .max(MAX_TRANSACTIONS, "El número de transacciones no puede superar 100,000 por suministro y día.");

const EVERY_POINT = "Ingrese la venta y las transacciones de cada suministro.";

/** 'Registrar Cierre': one day of every active supply point of the contract. */
export const registerClosingBody = strict({
  fechaRegistro: day("Ingresar la fecha de registro."),
  suministros: z.array(
    strict({
      idSuministroPorLocatario: z.number({ error: "Suministro inválido." }).int("Suministro inválido.")
        .positive("Suministro inválido.").max(INT_MAX, "Suministro inválido."),
      venta: sale,
      transacciones: transactions,
    }),
    { error: EVERY_POINT },
  ).min(1, EVERY_POINT).max(50, EVERY_POINT),
});
export type RegisterClosingBody = z.infer<typeof registerClosingBody>;

/** 'Actualizar Cierre de Venta', with the version of the closing the dialog read (contract/versions.ts). */
export const editClosingBody = strict({ ventasValor: sale, numeroTransacciones: transactions, version });
export type EditClosingBody = z.infer<typeof editClosingBody>;

/** 'Consultar Cierre': both days included. */
export const closingsQuery = strict({
  fechaInicial: day("Ingresar la fecha inicial."),
  fechaFinal: day("Ingresar la fecha final."),
}).refine((r) => r.fechaInicial <= r.fechaFinal, {
  message: "La fecha inicial no puede ser posterior a la fecha final.",
  path: ["fechaFinal"],
});
export type ClosingsQuery = z.infer<typeof closingsQuery>;

/** The four person slots of a contract, in the order the screen shows them. */
export const SLOTS = ["administrador", "operador", "financiero1", "financiero2"] as const;
export type Slot = typeof SLOTS[number];
/** Slots every contract must keep filled (spec 2, manage tenant). */
export const REQUIRED_SLOTS: readonly Slot[] = ["administrador", "operador"];

export const PASSWORD_SHORT = "La contraseña debe tener al menos 8 caracteres.";

/** One person of a slot; a blank password keeps the current one. */
export const tenantPerson = strict({
  correo: email("Ingresar el correo"),
  nombreCompleto: text("Ingresar el nombre", 150),
  contrasenia: z.string({ error: PASSWORD_SHORT })
    .max(128, "Máximo 128 caracteres.")
    .refine((x) => x.length === 0 || x.length >= 8, PASSWORD_SHORT)
    .nullish(),
});
export type TenantPerson = z.infer<typeof tenantPerson>;

/** 'Administración de Usuarios': the four slots; an optional one left empty is null. */
export const tenantUsersBody = strict({
  administrador: tenantPerson,
  operador: tenantPerson,
  financiero1: tenantPerson.nullable(),
  financiero2: tenantPerson.nullable(),
  /** The version of the contract's people the screen read (contract/versions.ts). */
  version,
});
export type TenantUsersBody = z.infer<typeof tenantUsersBody>;

// ---- Answers: dashboard ---------------------------------------------------------------------------------

/** A figure and its change versus the previous day, in percent of the previous day's value. */
export interface Figure {
  value: number | null;
  variation: number | null;
}

export interface DashboardIndicators {
  /** The day shown: the contract's latest registered day (none yet: null). */
  date: string | null;
  area: number;
  categoria: string;
  ventas: { ventaDia: Figure; ventaPromedioxRubro: Figure; diferencia: Figure };
  ventasM2: { ventaDiaM2: Figure; ventaPromedioxRubroM2: Figure; diferencia: Figure };
}

/** A month's total of each year; null for a month still to come. */
export interface MonthlySales {
  anio1: number;
  anio2: number;
  table: { mes: number; ventaAnio1: number | null; ventaAnio2: number | null }[];
}

/** Per month: the category's average (null with too few other tenants) and the contract's total. */
export interface CategoryAverage {
  anio: number;
  table: { mes: number; ventaPromedioRubro: number | null; ventaAnio: number | null }[];
}

// ---- Answers: closings ----------------------------------------------------------------------------------

export interface SupplyPointCard {
  idSuministroPorLocatario: number;
  codigo: string;
  descripcion: string;
}

export interface PendingClosing {
  /** The day the form registers, or null when there is nothing to register now. */
  fechaPorRegistrar: string | null;
  /** Why there is no form ('Ya se realizó el registro…', contract not started or ended, days locked). */
  mensaje: string | null;
  /**
   * The kind of that message, which sets its icon: success (today's closing is done), warning (the days to
   * register are locked, no supply point), info (the contract has not started or has ended).
   */
  tipoMensaje: "success" | "warning" | "info" | null;
  contrato: { nroContrato: string; denominacion: string };
  suministros: SupplyPointCard[];
}

/** What a registered day answers (with messageId 100). */
export interface RegisteredClosing {
  fechaRegistro: string;
  cierreVentaIds: number[];
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
  /** How many times the closing was changed. */
  cambios: number;
  /** The closing's version, sent back with an edit (contract/versions.ts). */
  version: number;
}

export interface ClosingList extends Table<ClosingRow> {
  auxData: { totalVentas: number };
}

export interface ClosingFigures {
  ventasValor: number;
  numeroTransacciones: number;
}

export interface ClosingChange {
  fecha: string;
  usuario: string | null;
  antes: ClosingFigures;
  despues: ClosingFigures;
}

// ---- Answers: tenant users ------------------------------------------------------------------------------

export interface SlotView {
  correo: string;
  nombreCompleto: string;
  /** Whether the person has a password (false: the activation mail is still unused). */
  contraseniaDefinida: boolean;
  estado: "A" | "I";
  esUsted: boolean;
}

export type TenantUsers = Record<Slot, SlotView | null> & {
  /** The version of the contract's people (both slot editors' writes), sent back with 'Guardar'. */
  version: number;
};

// ---- Answers: account statement -------------------------------------------------------------------------

export type DocCurrency = "PEN" | "USD";

export interface Receivable {
  total: number;
  vencidas: number;
  noVencidas: number;
  vencidasPorcentaje: number;
}

export interface StatementContract {
  codigoContrato: string;
  denominacion: string;
  mall: string;
  dso: number;
  porcentajeCxC: number;
  eficienciaCobranza: number;
  moneda: string;
}

export interface AgeBracket {
  tramo: string;
  soles: number;
  dolares: number;
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
  moneda: DocCurrency;
  importe: number;
  atrasoDias: number;
}

export interface CollectingAccount {
  entidad: string;
  tipoCuenta: string;
  cuentaSoles: string | null;
  cciCuentaSoles: string | null;
  cuentaDolares: string | null;
  cciCuentaDolares: string | null;
}

/** A guarantee in force of the customer (the current detail of each). */
export interface StatementGuarantee {
  nroContrato: string;
  nroCartaFianza: string | null;
  /**
   * The stored letter (or a cash guarantee's voucher) through the guarantee screens' file call; null without
   * a file or when the person may not open it there (a tenant: only the contract of its session).
   */
  urlFileNameCartaFianza: string | null;
  nombreMall: string;
  codigoMoneda: string;
  importe: number | null;
  intereses: number;
  /** importe plus intereses. */
  importeFinal: number | null;
  /** The bank's code (BBVA, BCP…); null for a guarantee without a bank. */
  codigoBanco: string | null;
  fechaEmisionCartaFianza: string | null;
  fechaVencimientoCartaFianza: string | null;
  estado: string;
  origen: string;
}

export interface Statement {
  /** The statement's date (ages count from it); null before the first export. */
  fecha: string | null;
  ruc: string;
  razonSocial: string;
  direccion: string | null;
  ejecutivoComercial: string | null;
  ejecutivoCobranza: string | null;
  condicionPago: string | null;
  contratos: StatementContract[];
  cobranza: { soles: Receivable; dolares: Receivable; tramoAntiguedad: AgeBracket[] };
  diasFechaMasAntigua: number;
  documentoMasAntiguo: { referencia: string; fechaPago: string; moneda: DocCurrency } | null;
  deudasVencidas: OverdueDebt[];
  cuentasRecaudadoras: CollectingAccount[];
  garantias: StatementGuarantee[];
}

export interface DebtDetail {
  idDeuda: number;
  codigoContrato: string;
  nombreFantasia: string;
  concepto: string;
  referencia: string;
  moneda: DocCurrency;
  importe: number;
  saldo: number;
  fechaEmision: string;
  fechaPago: string;
  diasAtraso: number;
  tipoDoc: string;
  denominacionEconomica: string;
}
