// The report filter bar's parts. Each is controlled: the screen keeps the values in its route's search
// params (zod-validated), so a reload or a shared link shows the same figures.

import { Calendar } from "primereact/calendar";
import { Dropdown } from "primereact/dropdown";
import { InputSwitch } from "primereact/inputswitch";
import { SelectButton } from "primereact/selectbutton";
import { memo, type ReactNode, useCallback, useDeferredValue, useMemo, useState } from "react";
import { MONTHS } from "./dates.ts";
import { comparisonYears } from "./years.ts";
import { useStableDates } from "../../components/stable-date.ts";
import { useLatest } from "../../components/use-latest.ts";
import { Filter, namedTrigger } from "../../components/filters/filter-bar.tsx";
import "./reports.css";

export const MIN_DATE = "2017-01-01";
export const RANGE_ERROR = "El rango de fechas debe estar dentro del mismo año";

// PrimeReact's controls cost a few ms each to draw, and a filter change drew every one of them again (new
// closures and option arrays each render) while the report's figures waited. Drawn again only when their
// value or options change: the props below keep their identity, callbacks reach the latest handler.
const MemoDropdown = memo(Dropdown);
const MemoCalendar = memo(Calendar);
const MemoSwitch = memo(InputSwitch);
const MemoSelectButton = memo(SelectButton);

export interface MallOption {
  id: number;
  name: string;
}

/** Mall select; with `all`, the 'Todas' entry (id 0) comes first. */
export function MallSelect(props: {
  id: string;
  value: number;
  malls: readonly MallOption[];
  onChange: (id: number) => void;
  all?: boolean;
  label?: string;
}) {
  const label = props.label ?? "Mall";
  const options = useMemo(() => [
    ...(props.all ? [{ value: 0, label: "Todas" }] : []),
    ...props.malls.map((m) => ({
      value: m.id,
      label: m.name,
    })),
  ], [props.all, props.malls]);
  const onChange = useLatest((e: { value: number }) => props.onChange(e.value));
  const pt = useMemo(() => namedTrigger(label), [label]);
  return (
    <Filter id={props.id} label={label}>
      <MemoDropdown inputId={props.id} value={props.value} options={options} onChange={onChange} pt={pt} />
    </Filter>
  );
}

export { lastSixYears } from "./years.ts";

/** The comparison year's picker ('Año comparativo'): the one list of years offered (years.ts). */
export function ComparisonYearPicker(
  props: { id: string; today: string; value: number; onChange: (y: number) => void },
) {
  const years = useMemo(() => comparisonYears(props.today), [props.today]);
  return (
    <YearPicker
      id={props.id}
      label="Año comparativo"
      value={props.value}
      years={years}
      onChange={props.onChange}
    />
  );
}

export function YearPicker(props: {
  id: string;
  label: string;
  value: number;
  years: readonly number[];
  onChange: (y: number) => void;
}) {
  const years = props.years.join(",");
  const options = useMemo(() => props.years.map((y) => ({ value: y, label: String(y) })), [years]);
  const onChange = useLatest((e: { value: number }) => props.onChange(e.value));
  const pt = useMemo(() => namedTrigger(props.label), [props.label]);
  return (
    <Filter id={props.id} label={props.label}>
      <MemoDropdown inputId={props.id} value={props.value} options={options} onChange={onChange} pt={pt} />
    </Filter>
  );
}

const FIRST_MONTH = new Date(2017, 0, 1);

/** A month (MM/yyyy) from January 2017 to the current month. */
export function MonthPicker(props: {
  id: string;
  label: string;
  year: number;
  month: number;
  today: string;
  onChange: (year: number, month: number) => void;
}) {
  const [ty, tm] = props.today.split("-").map(Number);
  // The calendar draws its whole (closed) panel again for a new value: that draw follows the figures'.
  const shown = useDeferredValue(props.year * 12 + props.month - 1);
  const year = Math.floor(shown / 12), month = (shown % 12) + 1;
  const value = useStableDates(new Date(year, month - 1, 1));
  const maxDate = useStableDates(new Date(ty, tm - 1, 1));
  const onChange = useLatest((e: { value?: unknown }) => {
    const d = e.value as Date | null;
    if (d) props.onChange(d.getFullYear(), d.getMonth() + 1);
  });
  return (
    <Filter id={props.id} label={props.label}>
      <MemoCalendar
        inputId={props.id}
        view="month"
        dateFormat="mm/yy"
        value={value}
        minDate={FIRST_MONTH}
        maxDate={maxDate}
        readOnlyInput
        aria-label={`${props.label}: ${MONTHS[month - 1]} ${year}`}
        onChange={onChange}
      />
    </Filter>
  );
}

/** 'yyyy-mm-dd' → the local day's Date, for a calendar. */
export const toDate = (s: string) =>
  new Date(Number(s.slice(0, 4)), Number(s.slice(5, 7)) - 1, Number(s.slice(8, 10)));
/** A calendar's local day → 'yyyy-mm-dd'. */
export const toIso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

/**
 * A day (dd/mm/yyyy) from `min` to `max` ('yyyy-mm-dd'). As MonthPicker, the calendar gets a new value after
 * the figures; `children` go under it (an error).
 */
export function DatePicker(props: {
  id: string;
  label: string;
  value: string;
  min: string;
  max: string;
  onChange: (day: string) => void;
  children?: ReactNode;
}) {
  const value = useStableDates(toDate(useDeferredValue(props.value)));
  const minDate = useStableDates(toDate(props.min));
  const maxDate = useStableDates(toDate(props.max));
  const onChange = useLatest((e: { value?: unknown }) => {
    const d = e.value as Date | null;
    if (d) props.onChange(toIso(d));
  });
  return (
    <div className="filter">
      <label htmlFor={props.id}>{props.label}</label>
      <MemoCalendar
        inputId={props.id}
        dateFormat="dd/mm/yy"
        value={value}
        minDate={minDate}
        maxDate={maxDate}
        readOnlyInput
        onChange={onChange}
      />
      {props.children}
    </div>
  );
}

/**
 * A date range within one calendar year from 1 Jan 2017; a range across years is refused and not applied.
 * Its error is kept here unless the screen keeps it (`error` and `onError`).
 */
export function DateRange(props: {
  id: string;
  start: string;
  end: string;
  today: string;
  onChange: (start: string, end: string) => void;
  error?: string | null;
  onError?: (message: string | null) => void;
}) {
  const [ownError, setOwnError] = useState<string | null>(null);
  const error = props.onError ? props.error : ownError;
  // The first date picked, until the second one is: the calendar completes a range only from a value that
  // has its start and no end, so the half-picked range is kept here (the applied one stays in the URL).
  const [picking, setPicking] = useState<Date | null>(null);
  // The applied range reaches the calendar after the figures (it draws its whole closed panel again for a
  // new value); a date picked in the open panel at once.
  const applied = useDeferredValue(`${props.start}/${props.end}`);
  const [start, end] = applied.split("/");
  const value = useStableDates(picking ? [picking, null] : [toDate(start), toDate(end)]);
  const minDate = useStableDates(toDate(MIN_DATE));
  const maxDate = useStableDates(toDate(props.today));
  const onHide = useCallback(() => setPicking(null), []);
  const onChange = useLatest((e: { value?: unknown }) => {
    const [a, b] = (e.value as (Date | null)[] | null) ?? [];
    if (!a || !b) return setPicking(a ?? null); // both dates are needed before the report moves
    setPicking(null);
    const setError = props.onError ?? setOwnError;
    if (a.getFullYear() !== b.getFullYear()) return setError(RANGE_ERROR);
    setError(null);
    props.onChange(toIso(a), toIso(b));
  });
  return (
    <div className="filter">
      <label htmlFor={props.id}>Rango de fechas</label>
      <MemoCalendar
        inputId={props.id}
        selectionMode="range"
        dateFormat="dd/mm/yy"
        value={value}
        minDate={minDate}
        maxDate={maxDate}
        readOnlyInput
        onHide={onHide}
        onChange={onChange}
      />
      {error && <small className="filter-error" role="alert">{error}</small>}
    </div>
  );
}

/**
 * The input inside is the switch; a checkbox role on its wrapper nests one control in another (axe:
 * nested-interactive).
 */
const SWITCH_PT = { root: { role: undefined, "aria-checked": undefined } };

/** 'Inflación' or 'SSS' switch. */
export function Switch(
  props: { id: string; label: string; checked: boolean; onChange: (v: boolean) => void },
) {
  const onChange = useLatest((e: { value: boolean }) => props.onChange(!!e.value));
  return (
    <div className="filter filter-switch">
      <MemoSwitch inputId={props.id} checked={props.checked} onChange={onChange} pt={SWITCH_PT} />
      <label htmlFor={props.id}>{props.label}</label>
    </div>
  );
}

/**
 * The report's 'Tipo' (its modes, e.g. 'Venta Mensual' and 'Venta Mensual m2'), or another choice of a few
 * buttons named by `label` (with an `id`, the buttons are labelled by it): one is always picked.
 */
/** The options of a select whose values are their own labels ('General', 'SSS'; 'Perimetro', 'Oasis'). */
export const labelled = <V extends string>(...values: V[]) =>
  values.map((value) => ({ value, label: value }));

export function ModeSelect<M extends string>(
  props: {
    value: M;
    options: readonly { value: M; label: string }[];
    onChange: (mode: M) => void;
    label?: string;
    id?: string;
  },
) {
  const options = useMemo(() => [...props.options], [props.options]);
  const onChange = useLatest((e: { value: M | null }) => e.value && props.onChange(e.value));
  return (
    <div className="filter">
      <span className="filter-label" id={props.id}>{props.label ?? "Tipo"}</span>
      <MemoSelectButton
        value={props.value}
        options={options}
        allowEmpty={false}
        onChange={onChange}
        aria-labelledby={props.id}
      />
    </div>
  );
}

/**
 * A labelled dropdown of a report's own options (a zone, a CeBe, a category), drawn again only when its value,
 * options or state change: pass options that keep their identity (a constant or a memo).
 */
/** The value an option of '' (every one: 'Todos') takes inside the dropdown. */
const ALL_VALUE = "\u0000todos";

export function OptionSelect<V extends string | number>(
  props: {
    id: string;
    label: string;
    value: V;
    options: readonly { value: V; label: string }[];
    onChange: (value: V) => void;
    disabled?: boolean;
    filter?: boolean;
  },
) {
  // PrimeReact's Dropdown shows no label for an empty value: '' ('Todos') is held as a sentinel inside it.
  const options = useMemo(
    () => props.options.map((o) => (o.value === "" ? { ...o, value: ALL_VALUE } : o)),
    [props.options],
  );
  const onChange = useLatest((e: { value: V | typeof ALL_VALUE }) =>
    props.onChange((e.value === ALL_VALUE ? "" : e.value) as V)
  );
  const pt = useMemo(() => namedTrigger(props.label), [props.label]);
  return (
    <Filter id={props.id} label={props.label}>
      <MemoDropdown
        inputId={props.id}
        value={props.value === "" ? ALL_VALUE : props.value}
        options={options}
        disabled={props.disabled}
        filter={props.filter}
        onChange={onChange}
        pt={pt}
      />
    </Filter>
  );
}
