// Stale edits (issue 38): every edit form sends the version of the record it read; a save over a newer one
// is refused with 448, naming who changed the record and when, and the form keeps what was typed. A
// record's version is the id of its latest audited write (every write is audited: services/versions.ts),
// 0 when it was never changed through the portal. Pure: zod and texts.
import { z } from "zod";
import { STALE_EDIT } from "./errors.ts";

export { STALE_EDIT };
export const VERSION_REQUIRED = "Falta la versión del registro leído: vuelva a abrir el formulario.";

/** The version a form read, sent back with the save. */
export const version = z.number({ error: VERSION_REQUIRED }).int(VERSION_REQUIRED).min(0, VERSION_REQUIRED)
  .max(Number.MAX_SAFE_INTEGER, VERSION_REQUIRED);

/** The version a multipart form carries as text; null when missing or malformed (the service refuses it). */
export const formVersion = (text: string | null | undefined): number | null =>
  text && /^\d{1,15}$/.test(text.trim()) ? Number(text) : null;

/** The 448 answer's data: the record's current version and its last change. */
export interface StaleEdit {
  version: number;
  usuario: string | null;
  /** ISO timestamp of the change. */
  fecha: string;
}

const two = (n: number) => String(n).padStart(2, "0");

/** 'dd/mm/yyyy a las HH:mm' in Lima (UTC-5 all year), the same on the server and in any browser. */
export function limaStamp(iso: string): string {
  const d = new Date(Date.parse(iso) - 5 * 3600_000);
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} a las ${
    two(d.getUTCHours())
  }:${two(d.getUTCMinutes())}`;
}

/** The 448 message: who changed the record and when, and that what was typed is still in the form. */
export const staleMessage = (s: Omit<StaleEdit, "version">) =>
  `${s.usuario ?? "Otro usuario"} modificó este registro el ${
    limaStamp(s.fecha)
  }, después de que usted lo abrió. Sus cambios no se guardaron y siguen en el formulario: revise los datos actuales y vuelva a guardar para reemplazarlos.`;
