// A form's usual fields, each a FormField around its PrimeReact input: a text, a date and a date range
// (dd/mm/yy with its calendar icon). A form lists them in a few lines instead of writing the label, the
// input and the change handler of each again.
import { Calendar, type CalendarProps } from "primereact/calendar";
import { useEffect, useRef, useState } from "react";
import { InputText, type InputTextProps } from "primereact/inputtext";
import { autoFocusAttr, fieldAria, FormField } from "./form-field.tsx";

type Labelled = { id: string; label: string; error?: string; optional?: boolean };

/** A labelled text input, its message below (read with it); without `onChange` it only shows its value. */
export function TextField(
  { id, label, error, optional, value, onChange, ...input }:
    & Labelled
    & { value: string; onChange?: (text: string) => void }
    & Omit<InputTextProps, "id" | "value" | "onChange">,
) {
  return (
    <FormField id={id} label={label} error={error} optional={optional}>
      <InputText
        {...input}
        {...autoFocusAttr(input.autoFocus)}
        {...fieldAria(id, error)}
        value={value}
        onChange={onChange && ((e) => onChange(e.target.value))}
        disabled={!onChange || input.disabled}
      />
    </FormField>
  );
}

/** The rest of a Calendar's props; `showIcon` and `readOnlyInput` override the field's defaults. */
type CalendarRest = Omit<CalendarProps, "inputId" | "value" | "onChange" | "selectionMode" | "dateFormat">;

/**
 * A calendar picked with the keys. PrimeReact's, opening on the input's focus, takes the focus from the input
 * but gives it to nothing (the page's body), so the arrows, Enter and Escape did nothing; and a day picked
 * leaves the focus on that day's cell, gone with the calendar. Once it shows, the focus goes to its day that
 * takes it (the chosen one, else today: the arrows move, Enter picks, Escape closes); once it is gone with
 * the focus, the focus goes back to the input without opening it again (`showOnFocus` off for that moment).
 * While it shows, Escape closes the calendar only, not the dialog around it too (with what was typed there):
 * the dialog listens on the document, which the key does not reach past the body then.
 */
const escapeHere = (e: KeyboardEvent) => e.key === "Escape" && e.stopPropagation();

function useKeyboardPicking({ onShow, onHide, showOnFocus = true }: CalendarRest) {
  const ref = useRef<Calendar>(null);
  const [quiet, setQuiet] = useState(false);
  useEffect(() => {
    if (!quiet) return;
    ref.current?.getInput()?.focus();
    setQuiet(false);
  }, [quiet]);
  useEffect(() => () => document.body.removeEventListener("keydown", escapeHere), []);
  const lost = () => !document.activeElement || document.activeElement === document.body;
  return {
    ref,
    showOnFocus: showOnFocus && !quiet,
    onShow: () => {
      onShow?.();
      document.body.addEventListener("keydown", escapeHere);
      const day = ref.current?.getOverlay()?.querySelector<HTMLElement>('[tabindex="0"]');
      if (lost() && day) day.focus();
    },
    onHide: () => {
      onHide?.();
      document.body.removeEventListener("keydown", escapeHere);
      if (lost()) setQuiet(true);
    },
  };
}

/** A labelled date picked on a calendar (dd/mm/yy). */
export function DateField(
  { id, label, error, optional, value, onChange, ...calendar }:
    & Labelled
    & { value: Date | null; onChange: (date: Date | null) => void }
    & CalendarRest,
) {
  const keys = useKeyboardPicking(calendar);
  return (
    <FormField id={id} label={label} error={error} optional={optional}>
      <Calendar
        inputId={id}
        value={value}
        dateFormat="dd/mm/yy"
        showIcon
        {...calendar}
        {...keys}
        onChange={(e) => onChange((e.value as Date | null) ?? null)}
      />
    </FormField>
  );
}

/** A labelled date range picked on a calendar (dd/mm/yy), typed only through the calendar. */
export function DateRangeField(
  { id, label, error, value, onChange, ...calendar }:
    & Labelled
    & { value: (Date | null)[] | null; onChange: (range: (Date | null)[] | null) => void }
    & CalendarRest,
) {
  const keys = useKeyboardPicking(calendar);
  return (
    <FormField id={id} label={label} error={error}>
      <Calendar
        inputId={id}
        value={value as Date[] | null}
        selectionMode="range"
        dateFormat="dd/mm/yy"
        readOnlyInput
        showIcon
        {...calendar}
        {...keys}
        onChange={(e) => onChange((e.value as (Date | null)[] | null) ?? null)}
      />
    </FormField>
  );
}
