import type { Table } from "#contract/envelope.ts";
import { ALREADY_REGISTERED, NOT_FOUND, VALIDATION_ERROR } from "#contract/errors.ts";
import type {
  ManagedTenant,
  ManageTenantBody,
  Option,
  StaffClosingList,
  StaffClosingsQuery,
  StaffPerson,
  TenantOptions,
  TenantRow,
} from "#contract/staff.ts";
import { type ClosingChange, type EditClosingBody, type Slot, SLOTS } from "#contract/tenant.ts";
import { audit } from "./audit.ts";
import { assertVersionOfAll, versionOfAll } from "./versions.ts";
import type { Actor, Ctx } from "./context.ts";
import type { Queryable } from "./db.ts";
import { AppError } from "./errors.ts";
import { mailAccountLink } from "./invitations.ts";
import { closingsOf, editClosing, historyOf } from "./tenant_closings.ts";
import { peopleRecords, SLOT_ROLE } from "./tenant_users.ts";

// 'Locatarios' (spec 2, Menu Locatarios): the contracts of a mall with their people, the manage-tenant modal
// and a contract's closings. Staff never see or set a password: a new person gets the activation mail, an
// existing tenant account is linked, and a person who loses their last contract is disabled.

const NO_CONTRACT = "El contrato no existe.";
const TAKEN = "El correo pertenece a un usuario del personal del portal y no puede asignarse a un locatario.";

export async function mallOptions(q: Queryable): Promise<Option[]> {
  return await q.query<Option>("select id as value, name as label from malls order by sort");
}

/** The mall's contracts with RUC, name, objects and (for the column chooser) administrator and operator. */
export async function listTenants(q: Queryable, mallId: number): Promise<Table<TenantRow>> {
  const table = await q.query<TenantRow>(
    `select c.code as "numContrato", t.ruc, c.denominacion as nombre, t.razon_social as "razonSocial",
            c.objetos,
            ua.name as "administradorNombre", ua.email as "administradorCorreo",
            uo.name as "operadorNombre", uo.email as "operadorCorreo"
       from contracts c join tenants t on t.id = c.tenant_id
       left join contract_users ca on ca.contract_id = c.id and ca.slot = 'administrador'
       left join users ua on ua.id = ca.user_id
       left join contract_users co on co.contract_id = c.id and co.slot = 'operador'
       left join users uo on uo.id = co.user_id
      where c.mall_id = $1
      order by c.code`,
    [mallId],
  );
  return { table };
}

interface ContractRef {
  id: number;
  code: string;
  denominacion: string;
  ruc: string;
  razon_social: string;
  mall: string;
  class_id: number | null;
  subclass_id: number | null;
  category_id: number;
}

async function contractByCode(q: Queryable, code: string, forUpdate = false): Promise<ContractRef> {
  const [c] = await q.query<ContractRef>(
    `select c.id, c.code, c.denominacion, t.ruc, t.razon_social, m.name as mall, c.class_id, c.subclass_id,
            c.category_id
       from contracts c join tenants t on t.id = c.tenant_id join malls m on m.id = c.mall_id
      where c.code = $1 ${forUpdate ? "for update of c" : ""}`,
    [code],
  );
  if (!c) throw new AppError(NOT_FOUND, NO_CONTRACT);
  return c;
}

interface Holder {
  slot: Slot;
  user_id: number;
  email: string;
  name: string;
  state: "A" | "I";
  pending: boolean;
}

const holders = (q: Queryable, contractId: number, forUpdate = false) =>
  q.query<Holder>(
    `select cu.slot, u.id as user_id, u.email, u.name, u.state, u.password_hash is null as pending
       from contract_users cu join users u on u.id = cu.user_id
      where cu.contract_id = $1 ${forUpdate ? "for update of cu" : ""}`,
    [contractId],
  );

export async function managedTenant(q: Queryable, code: string): Promise<ManagedTenant> {
  const c = await contractByCode(q, code);
  const rows = await holders(q, c.id);
  const personas = {} as ManagedTenant["personas"];
  for (const slot of SLOTS) {
    const h = rows.find((r) => r.slot === slot);
    personas[slot] = h ? { correo: h.email, nombre: h.name, estado: h.state, pendiente: h.pending } : null;
  }
  return {
    numContrato: c.code,
    ruc: c.ruc,
    nombre: c.denominacion,
    mall: c.mall,
    personas,
    clasificacionComercialId: c.class_id,
    clasificacionSubComercialId: c.subclass_id,
    categoriaId: c.category_id,
    version: await versionOfAll(q, peopleRecords(c.code, c.id)),
  };
}

export async function tenantOptions(q: Queryable): Promise<TenantOptions> {
  const classes = await q.query<{ id: number; name: string; parent_id: number | null }>(
    "select id, name, parent_id from commercial_classes order by name, id",
  );
  return {
    clasificacionComercial: classes.filter((x) => x.parent_id == null).map((x) => ({
      value: x.id,
      label: x.name,
    })),
    clasificacionSubComercial: classes.filter((x) => x.parent_id != null).map((x) => ({
      value: x.id,
      label: x.name,
      parentId: x.parent_id!,
    })),
    categorias: await q.query<Option>("select id as value, name as label from categories order by name"),
  };
}

const fieldError = (key: string, message: string) => ({ [key]: message });

/**
 * Saves the contract's four people and its classification in one transaction. A new e-mail creates the
 * person with the slot's tenant role and queues the activation mail; an existing tenant account is linked
 * (a disabled one that had no contract left is enabled again); a staff account is refused. People who leave
 * the contract lose it at once; one left without any contract is disabled and signed out.
 */
export async function manageTenant(ctx: Ctx, input: ManageTenantBody, actor: Actor): Promise<void> {
  const want: Record<Slot, StaffPerson | null> = {
    administrador: input.administrador,
    operador: input.operador,
    financiero1: input.financiero1,
    financiero2: input.financiero2,
  };
  const seen = new Set<string>();
  for (const slot of SLOTS) {
    const e = want[slot]?.correo.toLowerCase();
    if (!e) continue;
    if (seen.has(e)) {
      throw new AppError(
        VALIDATION_ERROR,
        undefined,
        fieldError(`${slot}.correo`, "Cada persona del contrato debe tener un correo distinto."),
      );
    }
    seen.add(e);
  }
  const now = ctx.clock();
  await ctx.db.tx(async (q) => {
    const c = await contractByCode(q, input.numContrato, true);
    // After the contract's lock: a save racing another waits for it, then sees its audit row.
    await assertVersionOfAll(q, peopleRecords(c.code, c.id), input.version);
    const [cls] = await q.query<{ ok_class: boolean; ok_sub: boolean; ok_cat: boolean }>(
      `select exists (select 1 from commercial_classes where id = $1 and parent_id is null) as ok_class,
              exists (select 1 from commercial_classes where id = $2 and parent_id = $1) as ok_sub,
              exists (select 1 from categories where id = $3) as ok_cat`,
      [input.clasificacionComercialId, input.clasificacionSubComercialId, input.categoriaId],
    );
    const bad: Record<string, string> = {};
    if (!cls.ok_class) bad.clasificacionComercialId = "La clasificación comercial no existe.";
    else if (!cls.ok_sub) {
      bad.clasificacionSubComercialId = "La subclasificación no corresponde a la clasificación comercial.";
    }
    if (!cls.ok_cat) bad.categoriaId = "La categoría no existe.";
    if (Object.keys(bad).length) throw new AppError(VALIDATION_ERROR, undefined, bad);

    const current = await holders(q, c.id, true);
    const former = new Set(current.map((h) => h.user_id));
    const created: string[] = [];
    for (const slot of SLOTS) {
      const w = want[slot];
      const had = current.find((h) => h.slot === slot);
      const same = had && w && had.email.toLowerCase() === w.correo.toLowerCase();
      if (had && !same) {
        await q.query("delete from contract_users where contract_id = $1 and slot = $2", [c.id, slot]);
      }
      if (!w) continue;
      let userId: number;
      if (same) userId = had.user_id;
      else {
        const [existing] = await q.query<{ id: number; is_tenant: boolean; state: string; slots: number }>(
          `select u.id, r.is_tenant, u.state,
                  (select count(*)::int from contract_users cu where cu.user_id = u.id) as slots
             from users u join roles r on r.id = u.role_id where lower(u.email) = lower($1)`,
          [w.correo],
        );
        if (existing && !existing.is_tenant) {
          throw new AppError(ALREADY_REGISTERED, TAKEN, fieldError(`${slot}.correo`, TAKEN));
        }
        if (existing) {
          userId = existing.id;
          if (existing.state === "I" && existing.slots === 0) {
            await q.query("update users set state = 'A', updated_at = $2 where id = $1", [userId, now]);
          }
        } else {
          const [row] = await q.query<{ id: number }>(
            `insert into users (email, name, role_id, state, password_hash, created_at, updated_at)
             values ($1, $2, $3, 'A', null, $4, $4) on conflict do nothing returning id`,
            [w.correo, w.nombre, SLOT_ROLE[slot], now],
          );
          if (!row) throw new AppError(ALREADY_REGISTERED, TAKEN, fieldError(`${slot}.correo`, TAKEN));
          userId = row.id;
          created.push(w.correo);
          await mailAccountLink(ctx, q, "activation", { id: userId, email: w.correo, name: w.nombre }, now);
        }
        const [{ n }] = await q.query<{ n: number }>(
          "select count(*)::int as n from contract_users where user_id = $1 and is_default",
          [userId],
        );
        await q.query(
          "insert into contract_users (contract_id, user_id, slot, is_default) values ($1, $2, $3, $4)",
          [c.id, userId, slot, n === 0],
        );
      }
      await q.query("update users set name = $2, updated_at = $3 where id = $1 and name <> $2", [
        userId,
        w.nombre,
        now,
      ]);
    }
    // People left without any contract are disabled and signed out; the others keep their other contracts.
    const after = await holders(q, c.id);
    const stay = new Set(after.map((h) => h.user_id));
    const disabled: number[] = [];
    for (const id of former) {
      if (stay.has(id)) continue;
      const [{ n }] = await q.query<{ n: number }>(
        "select count(*)::int as n from contract_users where user_id = $1",
        [id],
      );
      if (n > 0) {
        // Still holds another contract: make sure one of them is the default.
        await q.query(
          `update contract_users set is_default = true where user_id = $1 and contract_id =
             (select min(contract_id) from contract_users where user_id = $1)
             and not exists (select 1 from contract_users where user_id = $1 and is_default)`,
          [id],
        );
        continue;
      }
      await q.query("update users set state = 'I', updated_at = $2 where id = $1", [id, now]);
      await q.query("update sessions set revoked_at = $2 where user_id = $1 and revoked_at is null", [
        id,
        now,
      ]);
      disabled.push(id);
    }
    await q.query(
      "update contracts set class_id = $2, subclass_id = $3, category_id = $4 where id = $1",
      [c.id, input.clasificacionComercialId, input.clasificacionSubComercialId, input.categoriaId],
    );
    const view = (rows: Holder[]) =>
      Object.fromEntries(rows.map((h) => [h.slot, { correo: h.email, nombre: h.name }]));
    await audit(q, {
      userId: actor.userId,
      action: "staff.tenant_update",
      entity: "contract",
      entityId: c.code,
      before: {
        personas: view(current),
        clasificacionComercialId: c.class_id,
        clasificacionSubComercialId: c.subclass_id,
        categoriaId: c.category_id,
      },
      after: {
        personas: view(after),
        clasificacionComercialId: input.clasificacionComercialId,
        clasificacionSubComercialId: input.clasificacionSubComercialId,
        categoriaId: input.categoriaId,
        invitados: created,
        deshabilitados: disabled,
      },
      ip: actor.ip,
    }, now);
  });
}

// ---- 'Cierre': a contract's closings ------------------------------------------------------------------

export async function staffClosings(q: Queryable, query: StaffClosingsQuery): Promise<StaffClosingList> {
  const c = await contractByCode(q, query.numContrato);
  const list = await closingsOf(q, c.id, query);
  return {
    table: list.table,
    auxData: {
      totalVentas: list.auxData.totalVentas,
      locatario: {
        numContrato: c.code,
        nombre: c.denominacion,
        razonSocial: c.razon_social,
        ruc: c.ruc,
        mall: c.mall,
      },
    },
  };
}

const contractOfClosing = async (q: Queryable, id: number) => {
  const [r] = await q.query<{ contract_id: number }>(
    "select contract_id from sales_closings where id = $1",
    [id],
  );
  if (!r) throw new AppError(NOT_FOUND, "El cierre de venta no existe.");
  return r.contract_id;
};

/** Staff correct a closing with the tenant's rules: locks, history, audit and the extract version. */
export async function staffUpdateClosing(
  ctx: Ctx,
  id: number,
  input: EditClosingBody,
  actor: Actor,
): Promise<{ changed: boolean }> {
  const now = ctx.clock();
  return await ctx.db.tx(async (q) =>
    editClosing(q, await contractOfClosing(q, id), id, input, actor, now, "staff.closing_update")
  );
}

export async function staffClosingHistory(q: Queryable, id: number): Promise<Table<ClosingChange>> {
  return await historyOf(q, await contractOfClosing(q, id), id);
}
