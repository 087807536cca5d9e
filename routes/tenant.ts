import { Hono } from "hono";
import { z } from "zod";
import { MAX_SALE, MAX_TRANSACTIONS, pendingClosing, registerClosing } from "../services/closing_register.ts";
import { isIsoDay } from "../services/days.ts";
import { debtDetail, tenantStatement } from "../services/statements.ts";
import { closingHistory, listClosings, updateClosing } from "../services/tenant_closings.ts";
import { categoryAverage, dashboardIndicators, monthlySales } from "../services/tenant_dashboard.ts";
import { listTenantUsers, saveTenantUsers } from "../services/tenant_users.ts";
import { done, ok } from "./envelope.ts";
import type { AppEnv } from "./env.ts";
import { requirePermission } from "./middleware.ts";
import { email, idParam, text } from "./schemas.ts";
import { v } from "./validate.ts";

// The tenant area (spec 1 sections 2 and 7). Every call works on the session's contract: the tenant's
// contract, RUC and tenant id are never parameters, and a call that sends one (idLocatario, ruc, …) is
// refused, since the objects below are strict.

const strict = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (iss) =>
      iss.code === "unrecognized_keys"
        ? `Parámetro no permitido: ${iss.keys.join(", ")}.`
        : "Los datos ingresados no son válidos.",
  });

const none = strict({});

const day = (required: string) =>
  z.string({ error: required }).trim().min(1, required)
    .refine(isIsoDay, "Ingresar una fecha válida (dd/MM/yyyy).")
    .refine((d) => d >= "2000-01-01" && d <= "2100-12-31", "La fecha debe estar entre los años 2000 y 2100.");

const year = (required: string) =>
  z.coerce.number({ error: required }).int(required).min(2000, "El año debe estar entre 2000 y 2100.")
    .max(2100, "El año debe estar entre 2000 y 2100.");

const hasTwoDecimals = (x: number) => Math.abs(x * 100 - Math.round(x * 100)) < 1e-6;

const sale = z.number({ error: "Ingresar la venta." })
  .min(0, "La venta no puede ser negativa.")
  .max(MAX_SALE, "La venta no puede superar S/ 10,000,000.00 por suministro y día.")
  .refine(hasTwoDecimals, "La venta admite como máximo 2 decimales.");

const transactions = z.number({ error: "Ingresar el número de transacciones." })
  .int("El número de transacciones debe ser un número entero.")
  .min(0, "El número de transacciones no puede ser negativo.")
  .max(MAX_TRANSACTIONS, "El número de transacciones no puede superar 100,000 por suministro y día.");

const registerBody = strict({
  fechaRegistro: day("Ingresar la fecha de registro."),
  suministros: z.array(
    strict({
      idSuministroPorLocatario: z.number({ error: "Suministro inválido." }).int("Suministro inválido.")
        .positive("Suministro inválido.").max(2_147_483_647, "Suministro inválido."),
      venta: sale,
      transacciones: transactions,
    }),
    { error: "Ingrese la venta y las transacciones de cada suministro." },
  ).min(1, "Ingrese la venta y las transacciones de cada suministro.").max(
    50,
    "Ingrese la venta y las transacciones de cada suministro.",
  ),
});

const editBody = strict({ ventasValor: sale, numeroTransacciones: transactions });

const rangeQuery = strict({
  fechaInicial: day("Ingresar la fecha inicial."),
  fechaFinal: day("Ingresar la fecha final."),
}).refine((r) => r.fechaInicial <= r.fechaFinal, {
  message: "La fecha inicial no puede ser posterior a la fecha final.",
  path: ["fechaFinal"],
});

const person = strict({
  correo: email("Ingresar el correo"),
  nombreCompleto: text("Ingresar el nombre", 150),
  contrasenia: z.string({ error: "La contraseña debe tener al menos 8 caracteres." })
    .max(128, "Máximo 128 caracteres.")
    .refine((x) => x.length === 0 || x.length >= 8, "La contraseña debe tener al menos 8 caracteres.")
    .nullish(),
});

const usersBody = strict({
  administrador: person,
  operador: person,
  financiero1: person.nullable(),
  financiero2: person.nullable(),
});

const actor = (c: { var: { session: { userId: number }; ip: string } }) => ({
  userId: c.var.session.userId,
  ip: c.var.ip,
});

// Statements rather than one chain: the app mounts plain Hono apps, and a chain's accumulated route types
// are costly for the type checker.
export const tenant = new Hono<AppEnv>();

tenant.get("/dashboard/indicators", requirePermission("DASHBOARD_LOCATARIO"), v("query", none), async (c) => {
  return ok(c, await dashboardIndicators(c.var.ctx, c.var.session));
});

tenant.get(
  "/dashboard/monthly-sales",
  requirePermission("DASHBOARD_LOCATARIO"),
  v(
    "query",
    strict({ anio1: year("Seleccione el primer año."), anio2: year("Seleccione el segundo año.") }),
  ),
  async (c) => {
    const { anio1, anio2 } = c.req.valid("query");
    return ok(c, await monthlySales(c.var.ctx, c.var.session, anio1, anio2));
  },
);

tenant.get(
  "/dashboard/category-average",
  requirePermission("DASHBOARD_LOCATARIO"),
  v("query", strict({ anio: year("Seleccione el año.") })),
  async (c) => {
    return ok(c, await categoryAverage(c.var.ctx, c.var.session, c.req.valid("query").anio));
  },
);

tenant.get(
  "/closings/pending",
  requirePermission("REGISTRAR_CIERRE_VENTA_LOCATARIO"),
  v("query", none),
  async (c) => {
    return ok(c, await pendingClosing(c.var.ctx, c.var.session));
  },
);

tenant.post(
  "/closings",
  requirePermission("REGISTRAR_CIERRE_VENTA_LOCATARIO"),
  v("query", none),
  v("json", registerBody),
  async (c) => {
    const saved = await registerClosing(c.var.ctx, c.var.session, c.req.valid("json"), actor(c));
    return done(c, 100, saved);
  },
);

tenant.get("/closings", requirePermission("CONSULTA_CIERRE_LOCATARIO"), v("query", rangeQuery), async (c) => {
  const table = await listClosings(c.var.ctx, c.var.session, c.req.valid("query"));
  const totalVentas = Math.round(table.reduce((n, r) => n + r.ventasValor * 100, 0)) / 100;
  return ok(c, { table, auxData: { totalVentas } });
});

tenant.put(
  "/closings/:id",
  requirePermission("REGISTRAR_CIERRE_VENTA_LOCATARIO"),
  v("param", idParam),
  v("query", none),
  v("json", editBody),
  async (c) => {
    await updateClosing(c.var.ctx, c.var.session, c.req.valid("param").id, c.req.valid("json"), actor(c));
    return done(c, 101);
  },
);

tenant.get(
  "/closings/:id/history",
  requirePermission("CONSULTA_CIERRE_LOCATARIO"),
  v("param", idParam),
  v("query", none),
  async (c) => {
    return ok(c, { table: await closingHistory(c.var.ctx, c.var.session, c.req.valid("param").id) });
  },
);

tenant.get("/users", requirePermission("GESTION_USUARIOS_LOCATARIO"), v("query", none), async (c) => {
  return ok(c, await listTenantUsers(c.var.ctx, c.var.session));
});

tenant.put(
  "/users",
  requirePermission("GESTION_USUARIOS_LOCATARIO"),
  v("query", none),
  v("json", usersBody),
  async (c) => {
    await saveTenantUsers(c.var.ctx, c.var.session, c.req.valid("json"), actor(c));
    return done(c, 101);
  },
);

tenant.get("/statement", requirePermission("ESTADO_CUENTA_LOCATARIO"), v("query", none), async (c) => {
  return ok(c, await tenantStatement(c.var.ctx, c.var.session));
});

tenant.get(
  "/statement/debts/:id",
  requirePermission("ESTADO_CUENTA_LOCATARIO"),
  v("param", idParam),
  v("query", none),
  async (c) => {
    return ok(c, await debtDetail(c.var.ctx, c.var.session, c.req.valid("param").id));
  },
);
