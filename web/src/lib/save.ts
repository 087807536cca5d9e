// The one way a screen saves: TanStack Query's mutation around a call, the form's values checked first with
// the contract's schema (the server's own messages), a refused save's field messages put back under the
// inputs and a stale-edit refusal (448) handing over the newer version. The error dialog itself is api()'s.
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import type { z } from "zod";
import { type FieldErrors, serverFieldErrors, staleOf, validate } from "./forms.ts";

export interface SaveOptions<B, R> {
  /** The call. */
  send: (body: B) => Promise<R>;
  /** With `values`: `submit` checks them with this schema and sends what it parses to. */
  schema?: z.ZodType<B>;
  values?: unknown;
  /** Key field messages by their dotted path ("suministros.0.venta"), as the server does. */
  wholePath?: boolean;
  /** Where the messages go: the schema's on submit, the server's on a refused save, none on success. */
  setErrors?: (errors: FieldErrors) => void;
  /** Queries to read again once saved. */
  invalidate?: QueryKey[];
  /** A promise it returns (reading the saved record again) keeps `busy` until it settles. */
  onSaved?: (result: R, body: B) => void | Promise<unknown>;
  /**
   * The save was refused as stale (448): the record's current version, to send with the next save (`body`:
   * what was sent, when a screen saves more than one record).
   */
  onStale?: (version: number, body: B) => void;
  onFailed?: (error: unknown, body: B) => void;
}

/**
 * `submit` (a form's onSubmit) checks `values` and saves; `save(body)` sends a body as it is; `busy` while the
 * call runs (a second submit is ignored); `saved` holds the last answer until `reset`, for a saved dialog.
 */
export function useSave<B, R = unknown>(opts: SaveOptions<B, R>) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<{ result: R } | null>(null);
  // The form of the save under way: a refused save's first field message takes the focus in it.
  const form = useRef<HTMLFormElement | null>(null);
  const mutation = useMutation({
    mutationFn: opts.send,
    onSuccess: (result, body) => {
      for (const queryKey of opts.invalidate ?? []) queryClient.invalidateQueries({ queryKey });
      setSaved({ result });
      return opts.onSaved?.(result, body);
    },
    onError: (e, body) => {
      const errors = serverFieldErrors(e);
      opts.setErrors?.(errors);
      if (Object.keys(errors).length) focusFirstInvalid(form.current);
      const stale = staleOf(e);
      if (stale) opts.onStale?.(stale.version, body);
      opts.onFailed?.(e, body);
    },
  });
  /** Saves `body`; a refused save's messages take the focus in `from`, the form submitted (none otherwise). */
  const start = (body: B, from: HTMLFormElement | null = null) => {
    if (mutation.isPending) return;
    form.current = from;
    mutation.mutate(body);
  };
  /** The checked body (of `values` unless others are given), or null after showing the schema's messages. */
  const check = (values: unknown = opts.values): B | null => {
    if (!opts.schema) return values as B;
    const v = validate(opts.schema, values, opts.wholePath);
    opts.setErrors?.(v.ok ? {} : v.errors);
    return v.ok ? v.data : null;
  };
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const from = e?.currentTarget instanceof HTMLFormElement ? e.currentTarget : null;
    const body = check();
    if (body !== null) start(body, from);
    else focusFirstInvalid(from);
  };
  return {
    submit,
    save: (body: B) => start(body),
    check,
    busy: mutation.isPending,
    /** The body being sent, while busy (which of two buttons shows the spinner). */
    sending: mutation.isPending ? mutation.variables : undefined,
    saved: saved != null,
    result: saved?.result,
    reset: () => setSaved(null),
  };
}

/**
 * Puts the focus on the form's first field with a message, once React drew the messages: a person who pressed
 * 'Guardar' (or Enter) at the bottom of a long form, or on a phone, is taken to what to mend (a screen reader
 * reads its message), where the focus stayed on the button and the message could be off-screen.
 */
function focusFirstInvalid(form: HTMLFormElement | null) {
  if (!form) return;
  setTimeout(() => {
    const first = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first || first.contains(document.activeElement)) return;
    first.focus();
    // A control whose invalid mark is on a wrapper (not focusable itself): its own input.
    if (document.activeElement !== first) {
      first.querySelector<HTMLElement>("input, textarea, button")?.focus();
    }
  }, 0);
}

/**
 * The version a form saves with: the one read, and after a stale refusal (448) the newer one, so that saving
 * again replaces the other change knowingly.
 */
export function useVersion(read: number) {
  const [version, setVersion] = useState(read);
  return { version, onStale: setVersion };
}
