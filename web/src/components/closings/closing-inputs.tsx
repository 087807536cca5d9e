// The inputs of the closing forms (tenant and staff): a sale or a count typed as text, and a day.
import { dateOfIso } from "../../lib/dates.ts";
import { isoDate } from "../../lib/format.ts";
import { DateField } from "../fields.tsx";
import "./closings.css";
import { NumberField } from "../number-field.tsx";
import { useStableDates } from "../stable-date.ts";

/**
 * A sale or a number of transactions, typed as text: the input refuses what cannot be a number, the contract's
 * schema judges the rest on submit. A minus is let through so the schema says 'no puede ser negativa'.
 */
export function FigureInput({ kind, ...props }: {
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
  return <NumberField kind={kind === "sale" ? "decimal" : "integer"} signed {...props} />;
}

const MIN_DATE = new Date(2000, 0, 1);
const MAX_DATE = new Date(2100, 11, 31);

/** The kit's day picker (years 2000 to 2100) over a 'YYYY-MM-DD' value. */
function DayInput({ id, label, value, error, onChange }: {
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange: (day: string) => void;
}) {
  const date = useStableDates(dateOfIso(value));
  return (
    <DateField
      id={id}
      label={label}
      error={error}
      value={date}
      locale="es"
      minDate={MIN_DATE}
      maxDate={MAX_DATE}
      onChange={(d) => d && onChange(isoDate(d))}
    />
  );
}

const RANGE_ORDER = "La fecha inicial no puede ser posterior a la fecha final.";

/** A closings listing's period ('Fecha inicial', 'Fecha final'; refused out of order) and its sales total. */
export function ClosingRange(
  { ids, desde, hasta, onRange, totalLabel, total }: {
    ids: [string, string];
    desde: string;
    hasta: string;
    onRange: (range: { desde?: string; hasta?: string }) => void;
    totalLabel: string;
    total: string;
  },
) {
  return (
    <div className="range-bar">
      <DayInput id={ids[0]} label="Fecha inicial" value={desde} onChange={(d) => onRange({ desde: d })} />
      <DayInput
        id={ids[1]}
        label="Fecha final"
        value={hasta}
        error={desde > hasta ? RANGE_ORDER : undefined}
        onChange={(d) => onRange({ hasta: d })}
      />
      <div className="range-total" aria-live="polite">
        <span className="muted">{totalLabel}</span>
        <strong data-testid="total-ventas">{total}</strong>
      </div>
    </div>
  );
}
