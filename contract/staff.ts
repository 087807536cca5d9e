// Staff management (spec 2: Menu Locatarios, Módulos Estado de Cuenta): the tenant list and its
// manage-tenant modal, a contract's closings, the contracts' operating dates and any customer's account
// statement. Paths, the schemas of every body and query, and the answer types. The admin utilities
// (comparison year, All-In upload) are in ./staff_admin.ts.
import { z } from "zod";
import { version } from "./versions.ts";
import type { Table } from "./envelope.ts";
import { day, email, INT_MAX, strict, text } from "./fields.ts";
import type { ClosingRow, Slot, Statement } from "./tenant.ts";

// Each area is its own sub-app (routes/staff_*.ts): the prefix, and the paths relative to it.
export const STAFF_TENANTS_API = "/api/staff-tenants";
export const STAFF_TENANT_PATHS = {
  malls: "/malls",
  list: "/",
  manage: "/manage",
  options: "/options",
  closings: "/closings",
  closing: "/closings/:id",
  closingHistory: "/closings/:id/history",
} as const;

export const STAFF_CONTRACTS_API = "/api/staff-contracts";
export const STAFF_CONTRACT_PATHS = { list: "/", dates: "/dates", detail: "/detail" } as const;

export const STAFF_STATEMENTS_API = "/api/staff-statements";
export const STAFF_STATEMENT_PATHS = { list: "/", detail: "/detail", debt: "/debts/:id" } as const;

/** The full URL of a call: prefix, path (its `:id` filled in) and query. */
export function staffUrl(
  api: string,
  path: string,
  opts: { id?: number; query?: Record<string, string | number> } = {},
) {
  const p = opts.id === undefined ? path : path.replace(":id", String(opts.id));
  const qs = opts.query
    ? "?" + new URLSearchParams(Object.entries(opts.query).map(([k, v]) => [k, String(v)])).toString()
    : "";
  return api + (p === "/" ? "" : p) + qs;
}

/** Spec 2 section 5, manage tenant: every required field says this. */
export const REQUIRED = "El campo es obligatorio";
export const MALL_IDS = [3, 2, 6, 7, 8] as const;
export const DEFAULT_MALL = 3;

const mallId = z.coerce.number({ error: "Seleccione un mall." }).int("Seleccione un mall.")
  .refine((x) => (MALL_IDS as readonly number[]).includes(x), "Seleccione un mall.");
const contractCode = (required = "Ingrese el contrato.") =>
  z.string({ error: required }).trim().min(1, required).max(30, "Contrato inválido.");

// ---- Queries and bodies ---------------------------------------------------------------------------------

export const mallQuery = strict({ unidadEconomicaId: mallId });
export const contractQuery = strict({ numContrato: contractCode() });

export const staffClosingsQuery = strict({
  numContrato: contractCode(),
  fechaInicial: day("Ingresar la fecha inicial."),
  fechaFinal: day("Ingresar la fecha final."),
}).refine((r) => r.fechaInicial <= r.fechaFinal, {
  message: "La fecha inicial no puede ser posterior a la fecha final.",
  path: ["fechaFinal"],
});
export type StaffClosingsQuery = z.infer<typeof staffClosingsQuery>;

const personShape = { correo: email(REQUIRED), nombre: text(REQUIRED, 150) };

/** A person of a slot as staff type it: name and e-mail only (staff never see or set a password). */
export const staffPerson = z.strictObject(personShape, {
  error: (iss) =>
    iss.code === "unrecognized_keys"
      ? `Parámetro no permitido: ${iss.keys.join(", ")}.`
      : iss.input == null
      ? REQUIRED
      : "Los datos ingresados no son válidos.",
});
export type StaffPerson = z.infer<typeof staffPerson>;

const requiredId = z.number({ error: REQUIRED }).int(REQUIRED).positive(REQUIRED).max(INT_MAX, REQUIRED);

/** 'Gestionar': the four people and the commercial classification of a contract. */
export const manageTenantBody = strict({
  numContrato: contractCode(REQUIRED),
  operador: staffPerson,
  administrador: staffPerson,
  financiero1: staffPerson.nullable(),
  financiero2: staffPerson.nullable(),
  clasificacionComercialId: requiredId,
  clasificacionSubComercialId: requiredId,
  categoriaId: requiredId,
  /** The contract's version the dialog read (contract/versions.ts). */
  version,
});
export type ManageTenantBody = z.infer<typeof manageTenantBody>;

export const OP_DATES_ORDER =
  "La fecha fin de operaciones no puede ser anterior a la fecha inicio de operaciones.";

/** The update-dates dialog: both optional (null clears), the end not before the start. */
export const contractDatesBody = strict({
  codContrato: contractCode(),
  fechaInicioOperaciones: day("Ingresar una fecha válida (dd/MM/yyyy).").nullable(),
  fechaFinOperaciones: day("Ingresar una fecha válida (dd/MM/yyyy).").nullable(),
  version,
}).refine(
  (b) =>
    !b.fechaInicioOperaciones || !b.fechaFinOperaciones || b.fechaInicioOperaciones <= b.fechaFinOperaciones,
  { message: OP_DATES_ORDER, path: ["fechaFinOperaciones"] },
);
export type ContractDatesBody = z.infer<typeof contractDatesBody>;

export const rucQuery = strict({
  ruc: z.string({ error: "Ingrese el RUC." }).trim().regex(/^[0-9]{11}$/, "El RUC no existe."),
});

// ---- Answers --------------------------------------------------------------------------------------------

export interface Option {
  value: number;
  label: string;
}

export interface TenantRow {
  numContrato: string;
  ruc: string;
  nombre: string;
  razonSocial: string;
  objetos: string | null;
  administradorNombre: string | null;
  administradorCorreo: string | null;
  operadorNombre: string | null;
  operadorCorreo: string | null;
}

export interface StaffSlotView {
  correo: string;
  nombre: string;
  /** 'A' active, 'I' blocked; pendiente: the activation mail is still unused. */
  estado: "A" | "I";
  pendiente: boolean;
}

/** What the manage-tenant modal opens with. */
export interface ManagedTenant {
  numContrato: string;
  ruc: string;
  nombre: string;
  mall: string;
  personas: Record<Slot, StaffSlotView | null>;
  clasificacionComercialId: number | null;
  clasificacionSubComercialId: number | null;
  categoriaId: number;
  /** Sent back with 'Gestionar' (contract/versions.ts). */
  version: number;
}

export interface TenantOptions {
  clasificacionComercial: Option[];
  clasificacionSubComercial: (Option & { parentId: number })[];
  categorias: Option[];
}

export interface StaffClosingList extends Table<ClosingRow> {
  auxData: {
    totalVentas: number;
    locatario: { numContrato: string; nombre: string; razonSocial: string; ruc: string; mall: string };
  };
}

export interface ContractRow {
  codContrato: string;
  denCont: string;
  fechaInicioOperaciones: string | null;
  fechaFinOperaciones: string | null;
  /** Sent back with the dates dialog (contract/versions.ts). */
  version: number;
}

export interface ContractDetail {
  codContrato: string;
  denCont: string;
  razonSocial: string;
  ruc: string;
  mall: string;
  area: number;
  categoria: string;
  cebe: string;
  cebeNombre: string;
  fechaInicio: string;
  fechaFin: string;
  fechaInicioOperaciones: string | null;
  fechaFinOperaciones: string | null;
  locales: { codigo: string; area: number }[];
  usuarios: { rol: string; nombre: string; correo: string; estado: "A" | "I" }[];
  garantias: {
    tipo: string;
    nroCartaFianza: string | null;
    moneda: string;
    importe: number | null;
    fechaVencimiento: string | null;
    estado: string;
  }[];
}

export interface StatementListRow {
  razonSocial: string;
  ruc: string;
}

export type StaffStatement = Statement;
