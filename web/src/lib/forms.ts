import { type AnyRouter, useBlocker } from "@tanstack/react-router";
import { useState } from "react";
import { z } from "zod";
import { readNumber } from "#contract/number_text.ts";
import { STALE_EDIT, type StaleEdit } from "#contract/versions.ts";
import { ApiError } from "./api.ts";

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/**
 * The first message per field of a failed parse, or null when the value is valid. With `wholePath` a nested
 * field is keyed by its dotted path ("suministros.0.venta"), as the server's 422 answer keys it.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  wholePath = false,
): { ok: true; data: z.infer<S> } | { ok: false; errors: FieldErrors } {
  const r = schema.safeParse(value);
  if (r.success) return { ok: true, data: r.data };
  const errors: FieldErrors = {};
  for (const issue of r.error.issues) {
    const key = wholePath && issue.path.length ? issue.path.join(".") : String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** A form's values and messages; editing a field clears its message. */
export function useForm<V extends Record<string, unknown>>(initial: V) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (patch: Partial<V>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k];
      return next;
    });
  };
  return { values, set, errors, setErrors };
}

/**
 * The record's current version and last change when a save was refused as stale (448): the form keeps what
 * was typed and takes this version, so saving again replaces the other change knowingly.
 */
export function staleOf(e: unknown): StaleEdit | null {
  return e instanceof ApiError && e.errorId === STALE_EDIT && e.data && typeof e.data === "object"
    ? e.data as StaleEdit
    : null;
}

/** The server's field messages of a 422 answer, to show under the inputs. */
export function serverFieldErrors(e: unknown): FieldErrors {
  return e instanceof ApiError ? e.fieldErrors : {};
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * A form over stored data that a refetch (an upload, a review, another tab) may change while the person
 * edits: a new stored value replaces only the fields the person has not changed, never what they typed.
 * `dirty` says whether anything differs from the stored data; `commit` after a save makes what was saved
 * (or `next`, the stored data read again) the new baseline.
 */
export function useDraft<V extends object>(stored: V) {
  const key = JSON.stringify(stored);
  const [state, setState] = useState({ key, base: stored, values: stored });
  let current = state;
  if (state.key !== key) {
    // Adjusted during render (not in an effect) so no frame shows the stale values.
    const values = { ...stored };
    for (const k of Object.keys(stored) as (keyof V)[]) {
      if (!same(state.values[k], state.base[k])) values[k] = state.values[k];
    }
    current = { key, base: stored, values };
    setState(current);
  }
  const set = (patch: Partial<V> | ((v: V) => Partial<V>)) =>
    setState((s) => ({
      ...s,
      values: { ...s.values, ...(typeof patch === "function" ? patch(s.values) : patch) },
    }));
  const dirty = (Object.keys(current.base) as (keyof V)[]).some((k) =>
    !same(current.values[k], current.base[k])
  );
  return {
    values: current.values,
    set,
    dirty,
    /** Back to the stored data. */
    reset: () => setState((s) => ({ ...s, values: s.base })),
    commit: (next?: V) =>
      setState((
        s,
      ) => (next ? { key: JSON.stringify(next), base: next, values: next } : { ...s, base: s.values })),
  };
}

export const LEAVE_TITLE = "Cambios sin guardar";
export const LEAVE_MESSAGE = "Tiene cambios sin guardar. ¿Desea salir de la página y descartarlos?";

/**
 * Asks before leaving a page with unsaved changes: a link or the back button to another page waits for
 * `leave()` or `stay()` (the LeaveGuard dialog), and closing or reloading the tab gets the browser's own
 * question. Moves within the page (its search parameters) are not blocked.
 */
export function useLeaveGuard(dirty: boolean) {
  // Typed over any router: the union of every route's location is too deep for the checker (TS2589).
  const blocker = useBlocker<AnyRouter, true>({
    shouldBlockFn: ({ current, next }) => current.pathname !== next.pathname,
    enableBeforeUnload: dirty,
    disabled: !dirty,
    withResolver: true,
  });
  return {
    asking: blocker.status === "blocked",
    leave: () => blocker.proceed?.(),
    stay: () => blocker.reset?.(),
  };
}

/**
 * A number typed by a person (contract/number_text.ts: '1,234.50', '0,22'): undefined when blank (the schema
 * answers 'Ingresar …') and NaN when it cannot be read whole (it answers 'Ingresar solo números.').
 */
export function numberOfText(text: string): number | undefined {
  const r = readNumber(text);
  return r.ok ? r.value ?? undefined : NaN;
}
