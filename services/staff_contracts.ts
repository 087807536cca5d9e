import type { Table } from "#contract/envelope.ts";
import { NOT_FOUND } from "#contract/errors.ts";
import type { ContractDatesBody, ContractDetail, ContractRow, StatementListRow } from "#contract/staff.ts";
import type { Statement } from "#contract/tenant.ts";
import { audit } from "./audit.ts";
import { assertVersion, versionsOf } from "./versions.ts";
import { limaDate } from "./clock.ts";
import type { Actor, Ctx } from "./context.ts";
import type { Queryable } from "./db.ts";
import { AppError } from "./errors.ts";
import { seesGuaranteesOf } from "./guarantees/access.ts";
import { selectDetails } from "./guarantees/join.ts";
import type { Session } from "./sessions.ts";
import { statementOf } from "./statements.ts";

// 'Actualizar Contratos' (the operating dates and a read-only detail) and the staff 'Estado de Cuenta' (any
// customer's statement, built by the same service as the tenant's).

const NO_CONTRACT = "El contrato no existe.";
const ymd = (d: unknown) => (d == null ? null : String(d).slice(0, 10));

export async function listContracts(q: Queryable, mallId: number): Promise<Table<ContractRow>> {
  const rows = await q.query<{ code: string; den: string; op_start: string | null; op_end: string | null }>(
    `select code, denominacion as den, op_start, op_end from contracts where mall_id = $1 order by code`,
    [mallId],
  );
  const versions = await versionsOf(q, "contract", rows.map((r) => r.code));
  return {
    table: rows.map((r) => ({
      codContrato: r.code,
      denCont: r.den,
      fechaInicioOperaciones: ymd(r.op_start),
      fechaFinOperaciones: ymd(r.op_end),
      version: versions.get(r.code) ?? 0,
    })),
  };
}

/** Sets (or clears) a contract's operating dates; the end never before the start. Audited. */
export async function updateContractDates(ctx: Ctx, input: ContractDatesBody, actor: Actor): Promise<void> {
  const now = ctx.clock();
  await ctx.db.tx(async (q) => {
    const [c] = await q.query<{ id: number; op_start: string | null; op_end: string | null }>(
      "select id, op_start, op_end from contracts where code = $1 for update",
      [input.codContrato],
    );
    if (!c) throw new AppError(NOT_FOUND, NO_CONTRACT);
    await assertVersion(q, "contract", input.codContrato, input.version);
    const before = { fechaInicioOperaciones: ymd(c.op_start), fechaFinOperaciones: ymd(c.op_end) };
    const after = {
      fechaInicioOperaciones: input.fechaInicioOperaciones,
      fechaFinOperaciones: input.fechaFinOperaciones,
    };
    if (
      before.fechaInicioOperaciones === after.fechaInicioOperaciones &&
      before.fechaFinOperaciones === after.fechaFinOperaciones
    ) return;
    await q.query("update contracts set op_start = $2::date, op_end = $3::date where id = $1", [
      c.id,
      after.fechaInicioOperaciones,
      after.fechaFinOperaciones,
    ]);
    await audit(q, {
      userId: actor.userId,
      action: "staff.contract_dates",
      entity: "contract",
      entityId: input.codContrato,
      before,
      after,
      ip: actor.ip,
    }, now);
  });
}

const ROLE_OF_SLOT: Record<string, string> = {
  administrador: "Administrador",
  operador: "Operador",
  financiero1: "Financiero 1",
  financiero2: "Financiero 2",
};

export async function contractDetail(ctx: Ctx, code: string): Promise<ContractDetail> {
  const q = ctx.db;
  const [c] = await q.query<{
    id: number;
    code: string;
    den: string;
    razon_social: string;
    ruc: string;
    mall: string;
    area: number;
    categoria: string;
    cebe: string;
    cebe_name: string;
    start_date: string;
    end_date: string;
    op_start: string | null;
    op_end: string | null;
  }>(
    `select c.id, c.code, c.denominacion as den, t.razon_social, t.ruc, m.name as mall, c.area,
            cat.name as categoria, c.cebe_code as cebe, cb.name as cebe_name, c.start_date, c.end_date,
            c.op_start, c.op_end
       from contracts c join tenants t on t.id = c.tenant_id join malls m on m.id = c.mall_id
       join categories cat on cat.id = c.category_id join cebes cb on cb.code = c.cebe_code
      where c.code = $1`,
    [code],
  );
  if (!c) throw new AppError(NOT_FOUND, NO_CONTRACT);
  const locales = await q.query<{ codigo: string; area: number }>(
    `select l.code as codigo, l.area from contract_locals cl join locals l on l.id = cl.local_id
      where cl.contract_id = $1 order by l.code`,
    [c.id],
  );
  const users = await q.query<{ slot: string; name: string; email: string; state: "A" | "I" }>(
    `select cu.slot, u.name, u.email, u.state from contract_users cu join users u on u.id = cu.user_id
      where cu.contract_id = $1
      order by array_position(array['administrador','operador','financiero1','financiero2'], cu.slot)`,
    [c.id],
  );
  const guarantees = await selectDetails<ContractDetail["garantias"][number]>(
    q,
    limaDate(ctx.clock()),
    {
      columns: `ty.name as tipo, coalesce(d.nro_carta_fianza, d.nro_operacion) as "nroCartaFianza",
              cur.symbol as moneda, d.importe, d.fecha_vencimiento::text as "fechaVencimiento",
              st.label as estado`,
      where: "c.id = $3 and not d.is_renovada",
      tail: " order by d.fecha_vencimiento nulls last, d.id",
    },
    [c.id],
  );
  return {
    codContrato: c.code,
    denCont: c.den,
    razonSocial: c.razon_social,
    ruc: c.ruc,
    mall: c.mall,
    area: Number(c.area),
    categoria: c.categoria,
    cebe: c.cebe,
    cebeNombre: c.cebe_name,
    fechaInicio: ymd(c.start_date)!,
    fechaFin: ymd(c.end_date)!,
    fechaInicioOperaciones: ymd(c.op_start),
    fechaFinOperaciones: ymd(c.op_end),
    locales: locales.map((l) => ({ codigo: l.codigo, area: Number(l.area) })),
    usuarios: users.map((u) => ({
      rol: ROLE_OF_SLOT[u.slot] ?? u.slot,
      nombre: u.name,
      correo: u.email,
      estado: u.state,
    })),
    garantias: guarantees.map((g) => ({
      tipo: g.tipo,
      nroCartaFianza: g.nroCartaFianza,
      moneda: g.moneda,
      importe: g.importe == null ? null : Number(g.importe),
      fechaVencimiento: g.fechaVencimiento,
      estado: g.estado,
    })),
  };
}

// ---- Estado de Cuenta (staff) -------------------------------------------------------------------------

/** Every customer with a contract: Razón Social and RUC. */
export async function listStatements(q: Queryable): Promise<Table<StatementListRow>> {
  const table = await q.query<StatementListRow>(
    `select t.razon_social as "razonSocial", t.ruc from tenants t
      where exists (select 1 from contracts c where c.tenant_id = t.id)
      order by t.razon_social, t.ruc`,
  );
  return { table };
}

export async function tenantIdOfRuc(q: Queryable, ruc: string): Promise<number> {
  const [t] = await q.query<{ id: number }>("select id from tenants where ruc = $1", [ruc]);
  if (!t) throw new AppError(NOT_FOUND, "El RUC no existe.");
  return t.id;
}

/** The customer's statement: the very service the tenant's screen calls. */
export async function staffStatement(ctx: Ctx, s: Session, ruc: string): Promise<Statement> {
  const tenantId = await tenantIdOfRuc(ctx.db, ruc);
  return await statementOf(ctx.db, tenantId, limaDate(ctx.clock()), seesGuaranteesOf(s));
}
