import { useSyncExternalStore } from "react";
import { type DialogKind, errorKind, SUCCESS_MESSAGES } from "#contract/errors.ts";

/**
 * One global dialog, its title and icon by its kind (contract/errors.ts): 'Alerta de Seguridad' for session
 * and permission refusals, 'Advertencia' for what the person can correct, 'Error' for failures, and
 * 'Información' for successes and notices.
 */
export interface GlobalDialog {
  kind: DialogKind;
  id: number;
  message: string;
  details: string[];
}

let queue: GlobalDialog[] = [];
const listeners = new Set<() => void>();

function emit(next: GlobalDialog[]) {
  queue = next;
  for (const l of listeners) l();
}

function push(d: GlobalDialog) {
  // The same dialog twice in a row (two calls failing alike) is shown once.
  const last = queue[queue.length - 1];
  if (last && last.kind === d.kind && last.id === d.id && last.message === d.message) return;
  emit([...queue, d]);
}

export function showError(id: number, message: string, fields: Record<string, string> = {}) {
  push({ kind: errorKind(id), id, message, details: Object.values(fields) });
}

/** A notice (not a success): 'Información' with the information icon. */
export function showInfo(message: string) {
  push({ kind: "info", id: 0, message, details: [] });
}

export function showSuccess(id: number, message?: string) {
  const text = message ?? SUCCESS_MESSAGES[id as keyof typeof SUCCESS_MESSAGES] ?? "";
  push({ kind: "success", id, message: text, details: [] });
}

export function closeDialog() {
  emit(queue.slice(1));
}

/** The dialog on screen now (the first one queued), or null. */
export function useCurrentDialog(): GlobalDialog | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => queue[0] ?? null,
  );
}
