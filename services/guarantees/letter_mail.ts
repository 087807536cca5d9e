// The mails that carry a letter (the bank's validation letter, the notarial letters), each copied to
// 'Correo que recibe copia de las cartas' (/configuracion-garantias) when one is set.

import { EMAIL } from "#contract/guarantees/requirements.ts";
import type { Queryable } from "../db.ts";
import { enqueueMail, type Mail } from "../mail.ts";
import { LETTER_COPY_SETTING, setting } from "./parameters.ts";

export async function enqueueLetterMail(q: Queryable, m: Mail, now: Date): Promise<void> {
  await enqueueMail(q, m, now);
  const copy = (await setting(q, LETTER_COPY_SETTING)).trim();
  if (!EMAIL.test(copy) || copy.toLowerCase() === m.to.toLowerCase()) return;
  await enqueueMail(q, { ...m, to: copy, text: `Copia del correo enviado a ${m.to}.\n\n${m.text}` }, now);
}
