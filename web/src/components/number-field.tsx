// A number typed as text: the input takes only what a number can be while typed, and a keystroke or a
// paste that is not one is refused with 'Ingresar solo números.' (issue 19), instead of being kept and
// later answered with the empty field's message. The comma is the decimal separator unless it groups
// thousands as the portal writes them (contract/number_text.ts reads the text the same on both sides).
import { InputText } from "primereact/inputtext";
import { useState } from "react";
import { isDigitsDraft, isNumberDraft as draft, NOT_A_NUMBER } from "#contract/number_text.ts";
import { autoFocusAttr, fieldAria, FormField } from "./form-field.tsx";

/** 'digits': a number written as digits only, an identifier (an operation's number), no separators. */
export type NumberKind = "decimal" | "integer" | "digits";

/**
 * Whether `text` can be a number of this kind as it is being typed: digits and commas, one decimal point
 * for decimals, and a leading minus when `signed` (so the schema can say 'no puede ser negativa' instead);
 * digits alone for 'digits'. Letters, exponents ('1e5'), a second point or spaces inside are not.
 */
export const isNumberDraft = (text: string, kind: NumberKind, signed = false): boolean =>
  kind === "digits" ? isDigitsDraft(text) : draft(text, kind === "integer", signed);

/**
 * The bare input of a number field, for a place that shows its label and message itself (a table row):
 * a keystroke or paste that cannot be a number is not taken and `onRefused(true)` says so aloud.
 */
export function NumberInput(
  { id, kind, signed, value, onChange, onRefused, invalid, describedBy, ...input }: {
    id: string;
    kind: NumberKind;
    signed?: boolean;
    value: string;
    onChange: (text: string) => void;
    onRefused: (refused: boolean) => void;
    invalid?: boolean;
    describedBy?: string;
    placeholder?: string;
    disabled?: boolean;
    autoFocus?: boolean;
    maxLength?: number;
  },
) {
  return (
    <InputText
      id={id}
      {...input}
      {...autoFocusAttr(input.autoFocus)}
      className={invalid ? "p-invalid" : undefined}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      inputMode={kind === "decimal" ? "decimal" : "numeric"}
      autoComplete="off"
      value={value}
      onChange={(e) => {
        // A pasted value may come with spaces around it; inside, a space is not part of a number.
        const text = e.target.value.trim();
        const ok = isNumberDraft(text, kind, signed);
        onRefused(!ok);
        if (ok) onChange(text);
      }}
    />
  );
}

export function NumberField({ id, label, kind, signed, value, error, onChange, ...input }: {
  id: string;
  label: string;
  kind: NumberKind;
  signed?: boolean;
  value: string;
  error?: string;
  onChange: (text: string) => void;
  placeholder?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  maxLength?: number;
}) {
  const [refused, setRefused] = useState(false);
  const message = refused ? NOT_A_NUMBER : error;
  return (
    <FormField id={id} label={label} error={message}>
      <NumberInput
        {...input}
        id={id}
        kind={kind}
        signed={signed}
        value={value}
        onChange={onChange}
        onRefused={setRefused}
        invalid={!!message}
        describedBy={fieldAria(id, message)["aria-describedby"]}
      />
    </FormField>
  );
}
