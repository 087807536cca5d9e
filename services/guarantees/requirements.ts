// Requerimiento de CF (spec 3 sections 2.3, 3, 4, 7): the approved bank letters about to expire, 'Generar'
// (one notarial requirement letter per bank, a PDF kept with the letter; every guarantee required through
// the state machine), the notarial letters with their delivery, and the notarial configuration.

import { NOT_FOUND, STATE_CONFLICT } from "#contract/errors.ts";
import {
  type ConfigBody,
  type DeliveryBody,
  type DeliveryColor,
  type DeliveryState,
  type ExpiringLetter,
  type Firmante,
  type NotarialConfig,
  type NotarialLetter,
  REQUIREMENT_API,
  validateConfig,
} from "#contract/guarantees/requirements.ts";
import { audit } from "../audit.ts";
import { limaDate } from "../clock.ts";
import type { Ctx } from "../context.ts";
import type { Queryable } from "../db.ts";
import { AppError, VALIDATION_ERROR } from "../errors.ts";
import { assertVersion, versionOf, versionsOf } from "../versions.ts";
import { actorFor, type GuaranteeActor } from "./access.ts";
import { selectDetails } from "./join.ts";
import { enqueueLetterMail } from "./letter_mail.ts";
import { type RequiredLetter, requirementLetterPdf } from "./letters_pdf.ts";
import { loadDetail } from "./load.ts";
import { setting } from "./parameters.ts";
import { decide } from "./state_machine.ts";
import { must, recordWrite } from "./transition.ts";

const CONTRACT_ENDED = "El contrato de la carta fianza ya terminó: no se requiere su renovación.";

/** Approved bank letters (not renewed, not required) of contracts in force, in their renewal window; $1 the window, $2 today. */
const EXPIRING_WHERE = `d.type_code = 'GAR1' and d.state_code = 'IOK' and not d.is_renovada
  and not d.is_requerida and d.fecha_vencimiento is not null and d.bank_id is not null
  and d.fecha_vencimiento - $1::int <= $2::date and c.end_date >= $2::date
  and not exists (select 1 from guarantee_exceptions e join exception_types et on et.code = e.type_code
                   where e.detail_id = d.id and e.state_code = 'APR' and d.is_excepcion
                     and et.guarantee_type is not null and et.guarantee_type <> 'GAR1')`;

/** The approved bank letters inside their renewal window not yet required, by bank then expiry. */
export async function expiringLetters(ctx: Ctx): Promise<ExpiringLetter[]> {
  const today = limaDate(ctx.clock());
  const rows = await selectDetails<Omit<ExpiringLetter, "importe"> & { importe: string | null }>(
    ctx.db,
    today,
    {
      columns: `d.id as id_garantia_detalle, b.id as id_banco, b.code as codigo_banco, b.name as banco, t.ruc,
        g.razon_social, c.code as nro_contrato, m.name as mall, cur.symbol as moneda, d.importe,
        d.nro_carta_fianza, to_char(d.fecha_vencimiento, 'YYYY-MM-DD') as fecha_vencimiento_carta_fianza,
        (d.fecha_vencimiento - $2::date)::int as dias_para_vencer`,
      where: EXPIRING_WHERE,
      tail: " order by b.name, d.fecha_vencimiento, d.id",
    },
  );
  return rows.map((r) => ({ ...r, importe: r.importe == null ? null : Number(r.importe) }));
}

interface LetterRow {
  id: number;
  nro_carta: string;
  bank_code: string;
  bank_name: string;
  generated_at: Date | string;
  generated_email: string;
  delivery_date: string | null;
  delivery_state: DeliveryState["codigo"] | null;
  delivery_name: string | null;
  delivery_color: DeliveryColor | null;
  cartas: string[] | null;
}

const LETTER_SELECT = `
  select l.id, l.nro_carta, b.code as bank_code, b.name as bank_name, l.generated_at, l.generated_email,
         to_char(l.delivery_date, 'YYYY-MM-DD') as delivery_date, l.delivery_state, s.name as delivery_name,
         s.color as delivery_color,
         (select array_agg(coalesce(d.nro_carta_fianza, d.id::text) order by d.nro_carta_fianza)
            from requirement_letter_details x join guarantee_details d on d.id = x.detail_id
           where x.letter_id = l.id) as cartas
    from requirement_letters l
    join banks b on b.id = l.bank_id
    left join letter_delivery_states s on s.code = l.delivery_state`;

function letterOf(r: LetterRow): Omit<NotarialLetter, "version"> {
  return {
    id_carta: r.id,
    nro_carta: r.nro_carta,
    codigo_banco: r.bank_code,
    banco: r.bank_name,
    fecha_generacion: new Date(r.generated_at).toISOString(),
    generado_por: r.generated_email,
    fecha_entrega: r.delivery_date,
    codigo_estado_entrega: r.delivery_state,
    nombre_estado_entrega: r.delivery_name,
    semaforo_color: r.delivery_color,
    cartas_fianza: r.cartas ?? [],
    url: REQUIREMENT_API.pdf(r.id),
  };
}

/** The audit entity of a notarial letter's writes: its latest row is the letter's version. */
const VERSIONED = "requirement_letter";

/** The letters with their versions, in one query for all of them. */
async function withVersions(q: Queryable, rows: LetterRow[]): Promise<NotarialLetter[]> {
  const versions = await versionsOf(q, VERSIONED, rows.map((r) => r.id));
  return rows.map((r) => ({ ...letterOf(r), version: versions.get(String(r.id)) ?? 0 }));
}

export async function notarialLetters(q: Queryable): Promise<NotarialLetter[]> {
  return await withVersions(q, await q.query<LetterRow>(`${LETTER_SELECT} order by l.id desc`));
}

export async function deliveryStates(q: Queryable): Promise<DeliveryState[]> {
  return await q.query<DeliveryState>(
    "select code as codigo, name as nombre, color as semaforo_color from letter_delivery_states order by sort",
  );
}

const dmy = (iso: string) => iso.split("-").reverse().join("/");
const money = (symbol: string, n: string | number | null) =>
  n == null ? "" : `${symbol} ${Number(n).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;

/**
 * 'Generar': every selected guarantee is required through the state machine (all or none), grouped by bank,
 * one notarial letter (a PDF) per bank; the notary receives a mail per letter when the parameter says so.
 */
export async function generateLetters(
  ctx: Ctx,
  actor: GuaranteeActor,
  ids: number[],
): Promise<NotarialLetter[]> {
  const now = ctx.clock();
  const today = limaDate(now);
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  return await ctx.db.tx(async (q) => {
    const byBank = new Map<number, { bank: string; items: Awaited<ReturnType<typeof lock>>[] }>();
    const lock = async (id: number) => {
      const g = await loadDetail(q, id, today, true);
      const m = await actorFor(q, actor, g.detail.contract_id);
      const effect = must(decide(g.snapshot, { type: "require" }, m));
      const [contract] = await q.query<{ end_date: string }>("select end_date from contracts where id = $1", [
        g.detail.contract_id,
      ]);
      if (contract.end_date < today) throw new AppError(STATE_CONFLICT, CONTRACT_ENDED);
      return { g, m, effect };
    };
    for (const id of unique) {
      const item = await lock(id);
      const bankId = item.g.detail.bank_id!;
      const entry = byBank.get(bankId) ?? { bank: item.g.detail.bank_name!, items: [] };
      entry.items.push(item);
      byBank.set(bankId, entry);
    }
    const config = await readConfig(q);
    const virtual = config.firmantes_firma_virtual.filter((f) => f.incluido);
    const physical = config.firmantes_firma_fisica.filter((f) => f.incluido);
    const signer = (f: Firmante) => ({ name: f.nombre, position: f.cargo });
    const letterhead = {
      razonSocial: await setting(q, "garantiasMembreteRazonSocial"),
      ruc: await setting(q, "garantiasMembreteRuc"),
      direccion: await setting(q, "garantiasMembreteDireccion"),
      ciudad: await setting(q, "garantiasCiudadCartas"),
    };
    const asunto = await setting(q, "garantiasAsuntoRequerimiento");
    const mailNotary = (await setting(q, "garantiasCorreoNotariaActivo")) === "1";
    const out: number[] = [];
    for (const [bankId, { bank, items }] of [...byBank.entries()].sort((a, b) => a[0] - b[0])) {
      const [row] = await q.query<{ id: number }>(
        `insert into requirement_letters (nro_carta, bank_id, file_name, pdf_base64, generated_at, generated_by,
                                          generated_email)
         values ('', $1, '', '', $2, $3, $4) returning id`,
        [bankId, now, actor.userId, actor.email],
      );
      const nro = `CR-${today.slice(0, 4)}-${String(row.id).padStart(5, "0")}`;
      const cartas: RequiredLetter[] = items.map(({ g }) => ({
        nroCarta: g.detail.nro_carta_fianza ?? String(g.detail.id),
        razonSocial: g.detail.razon_social,
        ruc: g.detail.ruc,
        mall: g.detail.mall_name,
        importe: money(g.detail.currency_symbol, g.detail.importe),
        vencimiento: g.detail.fecha_vencimiento ? dmy(String(g.detail.fecha_vencimiento).slice(0, 10)) : "",
      }));
      const malls = new Set(items.map(({ g }) => g.detail.mall_id));
      const pdf = await requirementLetterPdf({
        nro,
        fecha: dmy(today),
        asunto,
        letterhead,
        banco: bank,
        cartas,
        firmaFisica: physical.map(signer),
        firmaVirtual: virtual.map(signer),
        provincias: config.malls_configuracion.filter((m) => malls.has(m.codigo)).map((m) => ({
          mall: m.nombre,
          firmante: m.nombre_to_carta,
          correos: m.emails_to_send_carta,
        })),
      });
      await q.query(
        "update requirement_letters set nro_carta = $2, file_name = $3, pdf_base64 = $4 where id = $1",
        [row.id, nro, `Carta notarial ${nro}.pdf`, toBase64(pdf)],
      );
      for (const { g, m, effect } of items) {
        await q.query("insert into requirement_letter_details (letter_id, detail_id) values ($1, $2)", [
          row.id,
          g.detail.id,
        ]);
        await recordWrite({ q, actor, g, m, now, today }, {
          state_code: effect.state,
          is_requerida: true,
        }, {
          action: "guarantee.require",
          before: { state: g.detail.state_code, is_requerida: false },
          after: { state: effect.state, is_requerida: true, nro_carta_requerimiento: nro },
        });
      }
      if (mailNotary) {
        for (const to of config.emails_notaria) {
          await enqueueLetterMail(q, {
            to,
            subject: `Carta notarial ${nro} - ${bank}`,
            text: `Se generó la carta notarial ${nro} dirigida a ${bank}, que requiere la renovación de ` +
              `${cartas.length} carta(s) fianza: ${cartas.map((c) => c.nroCarta).join(", ")}.\n` +
              `Descárguela desde Requerimiento de CF en el portal.`,
          }, now);
        }
      }
      out.push(row.id);
    }
    const rows = await q.query<LetterRow>(`${LETTER_SELECT} where l.id = any($1::int[]) order by l.id`, [
      out,
    ]);
    return await withVersions(q, rows);
  });
}

export function toBase64(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

const NO_LETTER = "La carta notarial no existe.";

export async function letterPdf(q: Queryable, id: number): Promise<{ bytes: Uint8Array; name: string }> {
  const [row] = await q.query<{ pdf_base64: string; file_name: string }>(
    "select pdf_base64, file_name from requirement_letters where id = $1",
    [id],
  );
  if (!row) throw new AppError(NOT_FOUND, NO_LETTER);
  return { bytes: Uint8Array.from(atob(row.pdf_base64), (c) => c.charCodeAt(0)), name: row.file_name };
}

const invalid = (field: string, message: string) =>
  new AppError(VALIDATION_ERROR, message, { [field]: message });

/** 'Registrar Retorno de Carta': the delivery date (not after today, not before the letter) and state. */
export async function registerDelivery(
  ctx: Ctx,
  actor: GuaranteeActor,
  id: number,
  { version, ...body }: DeliveryBody,
): Promise<NotarialLetter> {
  const now = ctx.clock();
  const today = limaDate(now);
  return await ctx.db.tx(async (q) => {
    const [row] = await q.query<
      { generated_at: Date | string; delivery_date: string | null; delivery_state: string | null }
    >(
      `select generated_at, to_char(delivery_date, 'YYYY-MM-DD') as delivery_date, delivery_state
         from requirement_letters where id = $1 for update`,
      [id],
    );
    if (!row) throw new AppError(NOT_FOUND, NO_LETTER);
    // The letter is locked: a delivery over one registered since the list was read is refused (448).
    await assertVersion(q, VERSIONED, id, version);
    if (body.fecha_entrega > today) {
      throw invalid("fecha_entrega", "La fecha de entrega no puede ser posterior a hoy.");
    }
    if (body.fecha_entrega < limaDate(new Date(row.generated_at))) {
      throw invalid(
        "fecha_entrega",
        "La fecha de entrega no puede ser anterior a la generación de la carta.",
      );
    }
    await q.query(
      `update requirement_letters set delivery_date = $2, delivery_state = $3, delivered_at = $4, delivered_by = $5,
              delivered_email = $6 where id = $1`,
      [id, body.fecha_entrega, body.codigo_estado_entrega, now, actor.userId, actor.email],
    );
    await audit(q, {
      userId: actor.userId,
      action: "guarantee.requirement_delivery",
      entity: VERSIONED,
      entityId: id,
      before: { fecha_entrega: row.delivery_date, codigo_estado_entrega: row.delivery_state },
      after: body,
      ip: actor.ip,
    }, now);
    return (await withVersions(q, await q.query<LetterRow>(`${LETTER_SELECT} where l.id = $1`, [id])))[0];
  });
}

// ---- Notarial configuration --------------------------------------------------------------------------

/**
 * The configuration is one record as its writes audit it (issue 38): its version is the latest of them, so a
 * save over a newer one is refused (448).
 */
const CONFIG = ["notarial_config", 1] as const;

/** The provincial malls (Arequipa, Chiclayo, Iquitos): those with a notarial mall setting. */
const PROVINCIAL = "select m.id, m.name from malls m join notarial_mall_settings s on s.mall_id = m.id";

export async function readConfig(q: Queryable): Promise<NotarialConfig> {
  const [notary] = await q.query<{ value: unknown }>(
    "select value from settings where key = 'garantiasCorreosNotaria'",
  );
  const signers = await q.query<{ code: string; name: string; position: string; v: boolean; p: boolean }>(
    `select code, name, position, virtual_signature as v, physical_signature as p
       from notarial_signers order by sort`,
  );
  const malls = await q.query<{ id: number; name: string; emails: unknown; signer_name: string }>(
    `select m.id, m.name, s.emails, s.signer_name from malls m join notarial_mall_settings s on s.mall_id = m.id
      order by m.sort`,
  );
  const list = (
    v: unknown,
  ) => (Array.isArray(v) ? v.map(String) : typeof v === "string" ? JSON.parse(v) : []);
  return {
    emails_notaria: list(notary?.value),
    firmantes_firma_virtual: signers.map((s) => ({
      codigo: s.code,
      nombre: s.name,
      cargo: s.position,
      incluido: s.v,
    })),
    firmantes_firma_fisica: signers.map((s) => ({
      codigo: s.code,
      nombre: s.name,
      cargo: s.position,
      incluido: s.p,
    })),
    malls_configuracion: malls.map((m) => ({
      codigo: m.id,
      nombre: m.name,
      emails_to_send_carta: list(m.emails),
      nombre_to_carta: m.signer_name,
    })),
    version: await versionOf(q, ...CONFIG),
  };
}

/**
 * The configuration's problems (spec 3 section 5), one line each: only known signers count, and only the
 * provincial malls are configured.
 */
export async function checkConfig(q: Queryable, body: ConfigBody): Promise<string[]> {
  const malls = new Map(
    (await q.query<{ id: number; name: string }>(PROVINCIAL)).map((r) => [r.id, r.name] as const),
  );
  const known = new Set(
    (await q.query<{ code: string }>("select code from notarial_signers")).map((r) => r.code),
  );
  const onlyKnown = (l: ConfigBody["firmantes_firma_virtual"]) => l.filter((x) => known.has(x.codigo));
  const out = validateConfig({
    ...body,
    firmantes_firma_virtual: onlyKnown(body.firmantes_firma_virtual),
    firmantes_firma_fisica: onlyKnown(body.firmantes_firma_fisica),
  }, malls);
  for (const m of body.datos_mall_provincia) {
    if (!malls.has(m.codigo_mall)) out.push(`Mall ${m.codigo_mall}: no es un mall de provincia.`);
  }
  return out;
}

/** Saves an already validated configuration (routes check validateConfig first), audited. */
export async function saveConfig(ctx: Ctx, actor: GuaranteeActor, body: ConfigBody): Promise<NotarialConfig> {
  const now = ctx.clock();
  const clean = (l: string[]) => l.map((x) => x.trim()).filter((x) => x !== "");
  return await ctx.db.tx(async (q) => {
    // The notary's setting row is the configuration's lock: a save racing another waits, then sees it.
    await q.query("select 1 from settings where key = 'garantiasCorreosNotaria' for update");
    await assertVersion(q, ...CONFIG, body.version);
    const before = await readConfig(q);
    await q.query(
      "update settings set value = ($1::text)::jsonb, updated_at = $2, updated_by = $3 where key = 'garantiasCorreosNotaria'",
      [JSON.stringify(clean(body.email_notaria)), now, actor.userId],
    );
    const flags = (list: { codigo: string; incluido: boolean }[]) =>
      list.filter((x) => x.incluido).map((x) => x.codigo);
    await q.query(
      `update notarial_signers set virtual_signature = code = any($1::text[]),
              physical_signature = code = any($2::text[])`,
      [flags(body.firmantes_firma_virtual), flags(body.firmantes_firma_fisica)],
    );
    for (const m of body.datos_mall_provincia) {
      await q.query(
        "update notarial_mall_settings set emails = ($2::text)::jsonb, signer_name = $3 where mall_id = $1",
        [
          m.codigo_mall,
          JSON.stringify(clean(m.email)),
          m.nombre.trim(),
        ],
      );
    }
    const after = await readConfig(q);
    await audit(q, {
      userId: actor.userId,
      action: "guarantee.notarial_config",
      entity: CONFIG[0],
      entityId: CONFIG[1],
      before,
      after,
      ip: actor.ip,
    }, now);
    return { ...after, version: await versionOf(q, ...CONFIG) };
  });
}
