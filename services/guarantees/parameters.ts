// The general parameters of guarantees (/configuracion-garantias): described in guarantee_parameters,
// their values in settings (so the rules that read them, e.g. the renewal window, read one place). A save
// carries the version of the parameter read (issue 38): a change made since is refused with 448.

import {
  checkParameter,
  type GeneralParameter,
  PARAMETER_UNKNOWN,
  type ParameterBody,
  type ParameterKind,
} from "#contract/guarantees/parameters.ts";
import { EMAIL, INVALID_EMAIL } from "#contract/guarantees/requirements.ts";
import { audit } from "../audit.ts";
import type { Ctx } from "../context.ts";
import type { Queryable } from "../db.ts";
import { AppError, NOT_FOUND, VALIDATION_ERROR } from "../errors.ts";
import { assertVersion, versionsOf } from "../versions.ts";
import type { GuaranteeActor } from "./access.ts";

/** The audit entity of a parameter's saves, by its codigo: its latest row is the parameter's version. */
const ENTITY = "guarantee_parameter";

/** 'Correo que recibe copia de las cartas' (services/guarantees/letter_mail.ts). */
export const LETTER_COPY_SETTING = "garantiasCorreoCopiaCartas";

const text = (v: unknown) => (v == null ? "" : typeof v === "string" ? v : String(v));

/** A setting's value as text ('' when missing); `#>>` reads a JSON string unquoted on both databases. */
export async function setting(q: Queryable, key: string): Promise<string> {
  const [row] = await q.query<{ value: unknown }>(
    "select value #>> '{}' as value from settings where key = $1",
    [
      key,
    ],
  );
  return text(row?.value);
}

export async function listParameters(q: Queryable): Promise<GeneralParameter[]> {
  const rows = await q.query<{ codigo: string; nombre: string; tipo: ParameterKind; value: unknown }>(
    `select p.code::text as codigo, p.name as nombre, p.kind as tipo, s.value #>> '{}' as value
       from guarantee_parameters p left join settings s on s.key = p.setting_key order by p.sort`,
  );
  const versions = await versionsOf(q, ENTITY, rows.map((r) => r.codigo));
  return rows.map((r) => ({
    codigo: r.codigo,
    nombre: r.nombre,
    tipo: r.tipo,
    value: text(r.value),
    version: versions.get(r.codigo) ?? 0,
  }));
}

/** Saves one parameter after its kind's check, audited with the value before. */
export async function saveParameter(
  ctx: Ctx,
  actor: GuaranteeActor,
  body: ParameterBody,
): Promise<GeneralParameter> {
  const now = ctx.clock();
  return await ctx.db.tx(async (q) => {
    const [p] = await q.query<{ key: string; nombre: string; tipo: ParameterKind }>(
      `select setting_key as key, name as nombre, kind as tipo from guarantee_parameters where code = $1::uuid
        for update`,
      [body.codigo],
    );
    if (!p) throw new AppError(NOT_FOUND, PARAMETER_UNKNOWN);
    // Locked above: a save racing another waits for it, then sees its version.
    await assertVersion(q, ENTITY, body.codigo, body.version);
    const checked = checkParameter(p.tipo, body.value);
    if ("error" in checked) throw new AppError(VALIDATION_ERROR, checked.error, { value: checked.error });
    // The letters' copy goes to this address: an e-mail or nothing (empty: no copy).
    if (p.key === LETTER_COPY_SETTING && checked.value !== "" && !EMAIL.test(checked.value)) {
      throw new AppError(VALIDATION_ERROR, INVALID_EMAIL, { value: INVALID_EMAIL });
    }
    const before = await setting(q, p.key);
    await q.query(
      `insert into settings (key, value, updated_at, updated_by) values ($1, ($2::text)::jsonb, $3, $4)
       on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at,
                                       updated_by = excluded.updated_by`,
      [p.key, JSON.stringify(checked.value), now, actor.userId],
    );
    await audit(q, {
      userId: actor.userId,
      action: "guarantee_parameters.update",
      entity: ENTITY,
      entityId: body.codigo,
      before: { [p.key]: before },
      after: { [p.key]: checked.value },
      ip: actor.ip,
    }, now);
    const version = await versionsOf(q, ENTITY, [body.codigo]);
    return {
      codigo: body.codigo,
      nombre: p.nombre,
      tipo: p.tipo,
      value: checked.value,
      version: version.get(body.codigo) ?? 0,
    };
  });
}
