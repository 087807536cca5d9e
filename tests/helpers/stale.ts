// The stale-edit refusal as the tests check it (issue 38, item 3): error id 448 and the Spanish message
// written out here as the issue words it (never the code's own constant), naming who changed the record.
import assert from "node:assert/strict";
import type { Answer, TestApp } from "./api.ts";

export const STALE = 448;

/** The Spanish message of a 448: who, 'dd/mm/yyyy a las HH:mm' in Lima, and that the typed data stays. */
export const staleText = (who: string) =>
  new RegExp(
    `^${who} modificó este registro el \\d{2}/\\d{2}/\\d{4} a las \\d{2}:\\d{2}, después de que usted lo abrió\\. Sus cambios no se guardaron y siguen en el formulario: revise los datos actuales y vuelva a guardar para reemplazarlos\\.$`,
  );

/** The message of a save sent without the version it read, or with a malformed one. */
export const VERSION_MISSING = "Falta la versión del registro leído: vuelva a abrir el formulario.";

/** A user's name as the 448 names them. */
export const nameOf = async (t: TestApp, email: string) =>
  (await t.db.query<{ name: string }>("select name from users where email = $1", [email]))[0].name;

/** The answer is a 448 naming `who`. */
export function refusedBy(r: Answer, who: string) {
  assert.equal(r.status, 409, r.text);
  assert.equal(r.body.errorId, STALE, r.text);
  assert.match(r.body.message, staleText(who));
}
