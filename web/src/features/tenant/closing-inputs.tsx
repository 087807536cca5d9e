import { Calendar } from "primereact/calendar";
import { InputText } from "primereact/inputtext";
import { fieldAria, FormField } from "../../components/form-field.tsx";
import { isoDate } from "../../lib/format.ts";
import { dateOfIso } from "./values.ts";

/** A sale or a number of transactions, typed as text (the contract's schema judges it on submit). */
export function FigureInput({ id, label, kind, value, error, onChange, placeholder, disabled, autoFocus }: {
  id: string;
  label: string;
  kind: "sale" | "count";
  value: string;
  error?: string;
  onChange: (text: string) => void;
  placeholder?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <InputText
        {...fieldAria(id, error)}
        inputMode={kind === "sale" ? "decimal" : "numeric"}
        placeholder={placeholder}
        autoComplete="off"
        value={value}
        disabled={disabled}
        autoFocus={autoFocus}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}

const MIN_DATE = new Date(2000, 0, 1);
const MAX_DATE = new Date(2100, 11, 31);

/** A day picker (dd/mm/yyyy, years 2000 to 2100) over a 'YYYY-MM-DD' value. */
export function DayInput({ id, label, value, error, onChange }: {
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange: (day: string) => void;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <Calendar
        inputId={id}
        value={dateOfIso(value)}
        dateFormat="dd/mm/yy"
        locale="es"
        showIcon
        minDate={MIN_DATE}
        maxDate={MAX_DATE}
        onChange={(e) => e.value instanceof Date && onChange(isoDate(e.value))}
      />
    </FormField>
  );
}
