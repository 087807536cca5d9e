// Uploading a guarantee's attachments (letter, operation voucher, an approved exception's letter or voucher)
// and downloading any attachment of a guarantee the person may see.

import { NOT_FOUND } from "#contract/errors.ts";
import {
  type AttachmentUploaded,
  CASH,
  type DetailFileKind,
  LETTER,
} from "#contract/guarantees/guarantees.ts";
import { VERSION_REQUIRED } from "#contract/versions.ts";
import { limaDate } from "../clock.ts";
import type { Ctx } from "../context.ts";
import { AppError, VALIDATION_ERROR } from "../errors.ts";
import { actorFor, type GuaranteeActor } from "./access.ts";
import { checkFile, fileBytes, fileRow, recordFile, writeFile } from "./files.ts";
import { loadDetail, type Loaded } from "./load.ts";
import { decide } from "./state_machine.ts";
import { guaranteeVersion, must, readable, recordWrite, transition } from "./transition.ts";
import { fileUrl } from "./view.ts";

/** Where an attachment kind lives, or the reason it does not fit this guarantee. */
function slotOf(g: Loaded, kind: DetailFileKind): { table: "detail" | "exception"; column: string } | string {
  const mismatch = "El adjunto no corresponde al tipo de garantía.";
  switch (kind) {
    case "carta_fianza":
      return g.detail.type_code === LETTER ? { table: "detail", column: "letter_file_id" } : mismatch;
    case "operacion":
      return g.detail.type_code === CASH ? { table: "detail", column: "operation_file_id" } : mismatch;
    case "excepcion_efectivo":
      return g.exception?.guarantee_type === CASH ? { table: "exception", column: "cash_file_id" } : mismatch;
    case "excepcion_carta_fianza":
      return g.exception?.guarantee_type === LETTER
        ? { table: "exception", column: "letter_file_id" }
        : mismatch;
  }
}

function allowedNow(g: Loaded, m: Parameters<typeof decide>[2], kind: DetailFileKind) {
  const exception = kind.startsWith("excepcion_");
  must(decide(g.snapshot, { type: "save", main: !exception, exception }, m));
  const slot = slotOf(g, kind);
  if (typeof slot === "string") throw new AppError(VALIDATION_ERROR, slot, { file: slot });
  return slot;
}

/**
 * Checks the file (size, name, content) and the state before writing anything; stores nothing on refusal.
 * `version` is the guarantee's as the screen read it (issue 38): an upload over a newer write is refused (448).
 */
export async function uploadAttachment(
  ctx: Ctx,
  actor: GuaranteeActor,
  id: number,
  kind: DetailFileKind,
  file: File,
  version: number | null,
): Promise<AttachmentUploaded> {
  const first = await readable(ctx, actor, id);
  allowedNow(first.g, first.m, kind);
  const checked = await checkFile(kind, file);
  if ("message" in checked) throw new AppError(VALIDATION_ERROR, checked.message, { file: checked.message });
  if (version === null) throw new AppError(VALIDATION_ERROR, VERSION_REQUIRED, { version: VERSION_REQUIRED });
  const stored = await writeFile(ctx.config, checked);
  try {
    return await transition(ctx, actor, id, async (t) => {
      const { q, g, m, now } = t;
      const slot = allowedNow(g, m, kind);
      const effect = must(decide(g.snapshot, { type: "save", main: false, exception: false }, m));
      await recordFile(q, stored, checked, { detailId: id, kind, userId: actor.userId, now });
      const before = slot.table === "detail"
        ? (g.detail as unknown as Record<string, unknown>)[slot.column]
        : (g.exception as unknown as Record<string, unknown>)[slot.column];
      if (slot.table === "detail") {
        await q.query(`update guarantee_details set ${slot.column} = $2 where id = $1`, [id, stored.id]);
      } else {
        await q.query(`update guarantee_exceptions set ${slot.column} = $2 where id = $1`, [
          g.exception!.id,
          stored.id,
        ]);
      }
      await recordWrite(t, { state_code: effect.state ?? g.detail.state_code }, {
        action: "guarantee.upload",
        before: { [kind]: before ?? null },
        after: { [kind]: stored.id, file_name: checked.name, size: checked.bytes.length },
      });
      return { url: fileUrl(stored.id)!, file_name: checked.name, version: await guaranteeVersion(q, g) };
    }, version);
  } catch (err) {
    await stored.remove();
    throw err;
  }
}

/** An attachment's bytes, for someone who may see its guarantee; 404 otherwise. */
export async function downloadAttachment(ctx: Ctx, actor: GuaranteeActor, fileId: string) {
  const row = await fileRow(ctx.db, fileId);
  if (!row) throw new AppError(NOT_FOUND, "El archivo no existe.");
  const g = await loadDetail(ctx.db, row.detail_id, limaDate(ctx.clock()));
  await actorFor(ctx.db, actor, g.detail.contract_id);
  const bytes = await fileBytes(ctx.config, row);
  if (!bytes) throw new AppError(NOT_FOUND, "El archivo no existe.");
  return {
    bytes,
    name: row.file_name,
    contentType: row.storage === "demo" ? "application/pdf" : row.content_type,
  };
}
