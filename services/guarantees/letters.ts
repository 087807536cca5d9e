// The flag-rule actions of a required bank letter on its detail (spec 3 sections 3, 4, 7): the desistimiento
// and execution letters (PDFs kept with the guarantee), the extension, the deliveries, the cheque and the
// delivery moment. Each runs in the guarantee's transition (the detail locked) through the state machine.

import { NOT_FOUND } from "#contract/errors.ts";
import type {
  ChequeBody,
  GuaranteeLetter,
  LetterDeliveryBody,
  LetterPanel,
  MomentBody,
} from "#contract/guarantees/letters.ts";
import { LETTERS_API } from "#contract/guarantees/letters.ts";
import type { DeliveryColor, DeliveryState } from "#contract/guarantees/requirements.ts";
import { VERSION_REQUIRED } from "#contract/versions.ts";
import type { Ctx } from "../context.ts";
import type { Queryable } from "../db.ts";
import { AppError, VALIDATION_ERROR } from "../errors.ts";
import type { GuaranteeActor } from "./access.ts";
import type { FlagAction } from "./flag_rules.ts";
import { flagOffers } from "./flag_rules.ts";
import { checkFile, recordFile, writeFile } from "./files.ts";
import { guaranteeLetterPdf } from "./letters_pdf.ts";
import { setting } from "./parameters.ts";
import { readConfig, toBase64 } from "./requirements.ts";
import { decide, type Snapshot } from "./state_machine.ts";
import { fileNames } from "./transition.ts";
import { fileUrl } from "./view.ts";
import {
  guaranteeVersion,
  must,
  readable,
  recordWrite,
  transition,
  type TransitionContext,
} from "./transition.ts";

type Kind = "desistimiento" | "ejecucion";

interface LetterRow {
  id: number;
  kind: Kind;
  nro_carta: string;
  generated_at: Date | string;
  delivery_date: string | null;
  delivery_state: DeliveryState["codigo"] | null;
  delivery_name: string | null;
  delivery_color: DeliveryColor | null;
}

async function lettersOf(q: Queryable, detailId: number): Promise<Map<Kind, LetterRow>> {
  const rows = await q.query<LetterRow>(
    `select l.id, l.kind, l.nro_carta, l.generated_at, to_char(l.delivery_date, 'YYYY-MM-DD') as delivery_date,
            l.delivery_state, s.name as delivery_name, s.color as delivery_color
       from guarantee_letters l left join letter_delivery_states s on s.code = l.delivery_state
      where l.detail_id = $1`,
    [detailId],
  );
  return new Map(rows.map((r) => [r.kind, r]));
}

const letterOf = (r: LetterRow | undefined): GuaranteeLetter | null =>
  r
    ? {
      id_carta: r.id,
      nro_carta: r.nro_carta,
      fecha_generacion: new Date(r.generated_at).toISOString(),
      fecha_entrega: r.delivery_date,
      codigo_estado_entrega: r.delivery_state,
      nombre_estado_entrega: r.delivery_name,
      semaforo_color: r.delivery_color,
      url: LETTERS_API.pdf(r.id),
    }
    : null;

/** The machine's snapshot with the letters that exist. */
const withLetters = (s: Snapshot, letters: Map<Kind, LetterRow>): Snapshot => ({
  ...s,
  executionLetter: letters.has("ejecucion"),
  desistLetter: letters.has("desistimiento"),
});

export async function letterPanel(ctx: Ctx, actor: GuaranteeActor, id: number): Promise<LetterPanel> {
  const { g, m } = await readable(ctx, actor, id);
  const d = g.detail;
  const letters = await lettersOf(ctx.db, id);
  const [cheque] = d.cheque_bank_id
    ? await ctx.db.query<{ name: string }>("select name from banks where id = $1", [d.cheque_bank_id])
    : [];
  const [moment] = d.delivery_moment_code
    ? await ctx.db.query<{ name: string }>("select name from delivery_moments where code = $1", [
      d.delivery_moment_code,
    ])
    : [];
  return {
    id_garantia_detalle: id,
    nro_carta_fianza: d.nro_carta_fianza,
    is_requerida: d.is_requerida,
    is_renovada: d.is_renovada,
    is_desistida: d.is_desistida,
    is_ejecutada: d.is_ejecutada,
    fecha_vencimiento_carta_fianza: d.fecha_vencimiento,
    fecha_vencimiento_prorroga: d.fecha_vencimiento_prorroga,
    is_prorroga: d.fecha_vencimiento_prorroga != null,
    desistimiento: letterOf(letters.get("desistimiento")),
    ejecucion: letterOf(letters.get("ejecucion")),
    cheque: d.cheque_bank_id && d.nro_cheque && d.fecha_ingreso_cheque
      ? {
        id_banco_cheque: d.cheque_bank_id,
        banco: cheque?.name ?? "",
        nro_cheque: d.nro_cheque,
        fecha_ingreso_cheque: d.fecha_ingreso_cheque,
      }
      : null,
    sustento_entrega: d.delivery_support_file_id
      ? {
        file_name: (await fileNames(ctx.db, [d.delivery_support_file_id])).get(d.delivery_support_file_id) ??
          "",
        url: fileUrl(d.delivery_support_file_id)!,
      }
      : null,
    momento_entrega: d.delivery_moment_code
      ? { codigo: d.delivery_moment_code, descripcion: moment?.name ?? "" }
      : null,
    acciones: flagOffers(withLetters(g.snapshot, letters), m),
    bancos: await ctx.db.query(
      "select id as id_banco, code as codigo, name as nombre from banks where for_cash order by id",
    ),
    momentos: await ctx.db.query(
      "select code as codigo, name as descripcion from delivery_moments order by sort",
    ),
    version: await guaranteeVersion(ctx.db, g),
  };
}

/** Runs one flag action in the guarantee's transition: the machine decides with the letters that exist. */
async function flagAction<T>(
  ctx: Ctx,
  actor: GuaranteeActor,
  id: number,
  action: FlagAction,
  fn: (t: TransitionContext, letters: Map<Kind, LetterRow>) => Promise<T>,
  version?: number,
): Promise<T> {
  return await transition(ctx, actor, id, async (t) => {
    const letters = await lettersOf(t.q, id);
    must(decide(withLetters(t.g.snapshot, letters), { type: "flag", action }, t.m));
    return await fn(t, letters);
  }, version);
}

const dmy = (iso: string) => iso.split("-").reverse().join("/");

async function makeLetter(t: TransitionContext, kind: Kind): Promise<GuaranteeLetter> {
  const { q, g, now, today, actor } = t;
  const d = g.detail;
  const [row] = await q.query<{ id: number }>(
    `insert into guarantee_letters (detail_id, kind, nro_carta, file_name, pdf_base64, generated_at, generated_by,
                                    generated_email)
     values ($1, $2, $6, '', '', $3, $4, $5) returning id`,
    [d.id, kind, now, actor.userId, actor.email, crypto.randomUUID()],
  );
  const nro = `${kind === "ejecucion" ? "CE" : "CD"}-${today.slice(0, 4)}-${String(row.id).padStart(5, "0")}`;
  const config = await readConfig(q);
  const letterhead = {
    razonSocial: await setting(q, "garantiasMembreteRazonSocial"),
    ruc: await setting(q, "garantiasMembreteRuc"),
    direccion: await setting(q, "garantiasMembreteDireccion"),
    ciudad: await setting(q, "garantiasCiudadCartas"),
  };
  const pct = await setting(q, "garantiasPorcentajeEjecucion");
  const amount = d.importe == null
    ? ""
    : `${d.currency_symbol} ${Number(d.importe).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
  const nroCarta = d.nro_carta_fianza ?? String(d.id);
  const parrafos = kind === "ejecucion"
    ? [
      `Habiendo vencido la carta fianza N.° ${nroCarta}${
        d.fecha_vencimiento_prorroga
          ? ` y la prórroga concedida hasta el ${dmy(d.fecha_vencimiento_prorroga)}`
          : ""
      } sin que fuera renovada pese a nuestro requerimiento, les solicitamos su ejecución por el ${pct}% de su ` +
      `importe a favor de ${letterhead.razonSocial}.`,
    ]
    : [
      `Por medio de la presente les comunicamos que nos desistimos del requerimiento y de la ejecución de la carta ` +
      `fianza N.° ${nroCarta}, por haberse regularizado la garantía del afianzado.`,
    ];
  const pdf = await guaranteeLetterPdf({
    titulo: kind === "ejecucion" ? "CARTA DE EJECUCIÓN" : "CARTA DE DESISTIMIENTO",
    nro,
    fecha: dmy(today),
    asunto: await setting(
      q,
      kind === "ejecucion" ? "garantiasAsuntoEjecucion" : "garantiasAsuntoDesistimiento",
    ),
    letterhead,
    banco: d.bank_name ?? "",
    carta: {
      nroCarta,
      razonSocial: d.razon_social,
      ruc: d.ruc,
      mall: d.mall_name,
      importe: amount,
      vencimiento: d.fecha_vencimiento ? dmy(d.fecha_vencimiento) : "",
    },
    parrafos,
    firmaFisica: config.firmantes_firma_fisica.filter((f) => f.incluido).map((f) => ({
      name: f.nombre,
      position: f.cargo,
    })),
  });
  const name = `${kind === "ejecucion" ? "Carta de Ejecución" : "Carta de Desistimiento"} ${nro}.pdf`;
  await q.query(
    "update guarantee_letters set nro_carta = $2, file_name = $3, pdf_base64 = $4 where id = $1",
    [
      row.id,
      nro,
      name,
      toBase64(pdf),
    ],
  );
  const letters = await lettersOf(q, d.id);
  return letterOf(letters.get(kind))!;
}

/** 'Generar Carta de Desistimiento': marks the letter desistida. */
export async function desistLetter(ctx: Ctx, actor: GuaranteeActor, id: number): Promise<GuaranteeLetter> {
  return await flagAction(ctx, actor, id, "desist_letter", async (t) => {
    const letter = await makeLetter(t, "desistimiento");
    await recordWrite(t, { is_desistida: true }, {
      action: "guarantee.desist_letter",
      before: { is_desistida: false },
      after: { is_desistida: true, nro_carta_desistimiento: letter.nro_carta },
    });
    return letter;
  });
}

/** 'Generar Carta de Ejecución': marks the letter ejecutada. */
export async function executionLetter(ctx: Ctx, actor: GuaranteeActor, id: number): Promise<GuaranteeLetter> {
  return await flagAction(ctx, actor, id, "execution_letter", async (t) => {
    const letter = await makeLetter(t, "ejecucion");
    await recordWrite(t, { is_ejecutada: true }, {
      action: "guarantee.execution_letter",
      before: { is_ejecutada: false },
      after: { is_ejecutada: true, nro_carta_ejecucion: letter.nro_carta },
    });
    return letter;
  });
}

/** 'Habilitar prórroga': the extension's expiry is the letter's plus 'Días de prórroga de la ejecución'. */
export async function extend(ctx: Ctx, actor: GuaranteeActor, id: number): Promise<string> {
  return await flagAction(ctx, actor, id, "extend", async (t) => {
    const days = Number(await setting(t.q, "garantiasDiasProrroga")) || 30;
    const [row] = await t.q.query<{ d: string }>(
      "select to_char($1::date + $2::int, 'YYYY-MM-DD') as d",
      [t.g.detail.fecha_vencimiento, days],
    );
    await t.q.query("update guarantee_details set fecha_vencimiento_prorroga = $2 where id = $1", [
      id,
      row.d,
    ]);
    await recordWrite(t, {}, {
      action: "guarantee.extend",
      before: { fecha_vencimiento_prorroga: null },
      after: { fecha_vencimiento_prorroga: row.d, dias: days },
    });
    return row.d;
  });
}

const invalid = (field: string, message: string) =>
  new AppError(VALIDATION_ERROR, message, { [field]: message });

/** The delivery of the execution or the desistimiento letter (date not after today). */
export async function letterDelivery(
  ctx: Ctx,
  actor: GuaranteeActor,
  id: number,
  kind: Kind,
  { version, ...body }: LetterDeliveryBody,
): Promise<GuaranteeLetter> {
  const action = kind === "ejecucion" ? "execution_delivery" : "desist_delivery";
  return await flagAction(ctx, actor, id, action, async (t, letters) => {
    const letter = letters.get(kind)!;
    if (body.fecha_entrega > t.today) {
      throw invalid("fecha_entrega", "La fecha de entrega no puede ser posterior a hoy.");
    }
    await t.q.query(
      `update guarantee_letters set delivery_date = $2, delivery_state = $3, delivered_at = $4, delivered_by = $5,
              delivered_email = $6 where id = $1`,
      [letter.id, body.fecha_entrega, body.codigo_estado_entrega, t.now, actor.userId, actor.email],
    );
    await recordWrite(t, null, {
      action: `guarantee.${action}`,
      before: { fecha_entrega: letter.delivery_date, codigo_estado_entrega: letter.delivery_state },
      after: { nro_carta: letter.nro_carta, ...body },
    });
    return letterOf((await lettersOf(t.q, id)).get(kind))!;
  }, version);
}

/** 'Registrar Cheque': bank, number (digits) and date of the executed letter's cheque. */
export async function registerCheque(
  ctx: Ctx,
  actor: GuaranteeActor,
  id: number,
  { version, ...body }: ChequeBody,
) {
  return await flagAction(ctx, actor, id, "cheque", async (t) => {
    const [bank] = await t.q.query("select 1 from banks where id = $1", [body.id_banco_cheque]);
    if (!bank) throw invalid("id_banco_cheque", "Debe seleccionar el banco.");
    const d = t.g.detail;
    await t.q.query(
      "update guarantee_details set cheque_bank_id = $2, nro_cheque = $3, fecha_ingreso_cheque = $4 where id = $1",
      [id, body.id_banco_cheque, body.nro_cheque, body.fecha_ingreso_cheque],
    );
    await recordWrite(t, {}, {
      action: "guarantee.cheque",
      before: { id_banco_cheque: d.cheque_bank_id, nro_cheque: d.nro_cheque, fecha: d.fecha_ingreso_cheque },
      after: body,
    });
    return body;
  }, version);
}

/** 'Registrar Momento de entrega' of a bank letter before the collections and treasury reviews. */
export async function registerMoment(
  ctx: Ctx,
  actor: GuaranteeActor,
  id: number,
  { version, ...body }: MomentBody,
) {
  return await flagAction(ctx, actor, id, "delivery_moment", async (t) => {
    const code = body.codigo_momento_entrega_carta_fianza;
    const [m] = await t.q.query<{ name: string }>("select name from delivery_moments where code = $1", [
      code,
    ]);
    if (!m) throw invalid("codigo_momento_entrega_carta_fianza", "Debe seleccionar el momento de entrega.");
    await t.q.query("update guarantee_details set delivery_moment_code = $2 where id = $1", [id, code]);
    await recordWrite(t, {}, {
      action: "guarantee.delivery_moment",
      before: { codigo: t.g.detail.delivery_moment_code },
      after: { codigo: code },
    });
    return { codigo: code, descripcion: m.name };
  }, version);
}

/** A letter's PDF, for whoever may see its guarantee. */
export async function guaranteeLetterFile(
  ctx: Ctx,
  actor: GuaranteeActor,
  letterId: number,
): Promise<{ bytes: Uint8Array; name: string }> {
  const [row] = await ctx.db.query<{ detail_id: number; pdf_base64: string; file_name: string }>(
    "select detail_id, pdf_base64, file_name from guarantee_letters where id = $1",
    [letterId],
  );
  if (!row) throw new AppError(NOT_FOUND, "La carta no existe.");
  await readable(ctx, actor, row.detail_id);
  return { bytes: Uint8Array.from(atob(row.pdf_base64), (c) => c.charCodeAt(0)), name: row.file_name };
}

/**
 * The delivery moment's support: the file is checked (size, name, content) before anything is written, and
 * kept only if the flag rule still allows the delivery moment inside the transition.
 */
/**
 * The delivery moment's support, with the guarantee's version as the panel read it (issue 38): an upload over
 * a newer write is refused (448); a missing version only after the file's own checks.
 */
export async function uploadDeliverySupport(
  ctx: Ctx,
  actor: GuaranteeActor,
  id: number,
  file: File,
  version: number | null,
) {
  const first = await readable(ctx, actor, id);
  must(decide(first.g.snapshot, { type: "flag", action: "delivery_moment" }, first.m));
  const checked = await checkFile("sustento_entrega", file);
  if ("message" in checked) throw invalid("file", checked.message);
  if (version === null) throw invalid("version", VERSION_REQUIRED);
  const stored = await writeFile(ctx.config, checked);
  try {
    return await flagAction(ctx, actor, id, "delivery_moment", async (t) => {
      await recordFile(t.q, stored, checked, {
        detailId: id,
        kind: "sustento_entrega",
        userId: actor.userId,
        now: t.now,
      });
      await t.q.query("update guarantee_details set delivery_support_file_id = $2 where id = $1", [
        id,
        stored.id,
      ]);
      await recordWrite(t, {}, {
        action: "guarantee.delivery_support",
        before: { file: t.g.detail.delivery_support_file_id },
        after: { file: stored.id, file_name: checked.name, size: checked.bytes.length },
      });
      return { file_name: checked.name, url: fileUrl(stored.id)! };
    }, version);
  } catch (err) {
    await stored.remove();
    throw err;
  }
}
