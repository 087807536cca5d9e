import type { ReactNode } from "react";

/** After a label or a legend: its space is part of the text, so that it is also read 'Nombre (opcional)'. */
const OPTIONAL = " (opcional)";
export const OptionalMark = () => <span className="optional">{OPTIONAL}</span>;

/** A labelled input with its validation message below, linked for screen readers. */
export function FormField(
  { id, label, error, hint, children, optional }: {
    id: string;
    label: string;
    error?: string;
    hint?: string;
    optional?: boolean;
    children: ReactNode;
  },
) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {optional && <OptionalMark />}
      </label>
      {children}
      {hint && !error && <small id={`${id}-hint`} className="field-hint">{hint}</small>}
      {error && <small id={`${id}-error`} className="p-error field-error" role="alert">{error}</small>}
    </div>
  );
}

/**
 * An input's `autoFocus` as PrimeReact's dialog reads it: React focuses the input on mount but writes no
 * 'autofocus' attribute, so the dialog's focus trap, looking for one, moved the focus to the first focusable
 * element (the close icon, or a date field whose calendar then covered the form). PrimeReact's Button writes
 * this attribute itself; its InputText does not.
 */
export const autoFocusAttr = (autoFocus?: boolean) => ({
  autoFocus,
  "data-pc-autofocus": autoFocus || undefined,
});

/** aria attributes an input needs for its FormField's message. */
export const fieldAria = (id: string, error?: string, hint?: string) => ({
  id,
  "aria-invalid": error ? true : undefined,
  "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  className: error ? "p-invalid" : undefined,
});
