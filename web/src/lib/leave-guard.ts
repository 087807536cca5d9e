import { useBlocker } from "@tanstack/react-router";

export const LEAVE_QUESTION = "Tiene cambios sin guardar. ¿Desea salir sin guardarlos?";

/**
 * Asks before leaving a form with unsaved changes: a link or the browser's back (the router's blocker) and
 * a reload or closing the tab (the browser's own question).
 */
export function useLeaveGuard(dirty: boolean) {
  useBlocker({
    shouldBlockFn: () => !globalThis.confirm(LEAVE_QUESTION),
    enableBeforeUnload: () => dirty,
    disabled: !dirty,
  });
}
