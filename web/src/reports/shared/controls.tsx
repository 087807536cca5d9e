// The filter controls reports name alike (mall, 'Inflación', 'SSS', the date range, the month, the comparison
// year), bound to a report's filters by those names: a view spreads its filters, change and base into each
// (`<InflationSwitch {...bound} />`) instead of writing the control, its id and its change again.

import type { Base } from "./base.ts";
import { addDays } from "./dates.ts";
import {
  ComparisonYearPicker,
  DateRange,
  MallSelect,
  ModeSelect,
  MonthPicker,
  OptionSelect,
  Switch,
  YearPicker,
} from "./filters.tsx";

/** What a control reads from a view: the report's filters (those it names), their change, the base. */
export interface Bound<F> {
  filters: F;
  change: (change: Partial<F>) => void;
  base: Base;
}

/**
 * 'Mall' (id `mall`); with `all`, 'Todas' (0) first; `onMall` where another mall changes more filters than
 * the mall (sets back a CeBe of the mall, a zone only one mall has).
 */
export function MallFilter(
  props: Bound<{ mall: number }> & { all?: boolean; onMall?: (mall: number) => void },
) {
  const { filters, change } = props;
  return (
    <MallSelect
      id="mall"
      value={filters.mall}
      malls={props.base.malls}
      all={props.all}
      onChange={props.onMall ?? ((mall) => change({ mall }))}
    />
  );
}

/** The modes of the filter `name` as buttons ('Tipo' unless labelled otherwise). */
export function ModeFilter<K extends string, M extends string>(
  props: Bound<Record<K, NoInfer<M>>> & {
    name: K;
    options: readonly { value: M; label: string }[];
    id?: string;
    label?: string;
  },
) {
  const { filters, change, name } = props;
  return (
    <ModeSelect
      id={props.id}
      label={props.label}
      value={filters[name]}
      options={props.options}
      onChange={(mode) => change(one(name, mode))}
    />
  );
}

/** The change of one filter, named by a variable. */
function one<K extends string, V>(name: K, value: V): Partial<Record<K, V>> {
  const c: Partial<Record<K, V>> = {};
  c[name] = value;
  return c;
}

/** The filter `name` picked in a dropdown of `options` (id: the filter's name unless given, the URL's). */
export function OptionFilter<K extends string, V extends string | number>(
  props: Bound<Record<K, NoInfer<V>>> & {
    name: K;
    label: string;
    options: readonly { value: V; label: string }[];
    disabled?: boolean;
    filter?: boolean;
    id?: string;
  },
) {
  const { filters, change, name } = props;
  return (
    <OptionSelect
      id={props.id ?? name}
      label={props.label}
      value={filters[name]}
      options={props.options}
      disabled={props.disabled}
      filter={props.filter}
      onChange={(v) => change(one(name, v))}
    />
  );
}

/** The yes/no filter `name` as a switch (id: the filter's name, as the URL's). */
export function SwitchFilter<K extends string>(
  props: Bound<Record<K, boolean>> & { name: K; label: string },
) {
  const { filters, change, name } = props;
  return (
    <Switch
      id={name}
      label={props.label}
      checked={filters[name]}
      onChange={(v) => change(one(name, v))}
    />
  );
}

/** 'Inflación' (id `inflacion`). */
export function InflationSwitch(props: Bound<{ inflation: boolean }>) {
  const { filters, change } = props;
  return (
    <Switch
      id="inflacion"
      label="Inflación"
      checked={filters.inflation}
      onChange={(inflation) => change({ inflation })}
    />
  );
}

/** 'SSS' (id `sss`). */
export function SssSwitch(props: Bound<{ sss: boolean }>) {
  const { filters, change } = props;
  return <Switch id="sss" label="SSS" checked={filters.sss} onChange={(sss) => change({ sss })} />;
}

/** 'Rango de fechas' (id `rango`) to `last` at the latest: one calendar year, its error in red. */
export function RangeFilter(props: Bound<{ start: string; end: string }> & { last: string }) {
  const { filters, change } = props;
  return (
    <DateRange
      id="rango"
      start={filters.start}
      end={filters.end}
      today={props.last}
      onChange={(start, end) => change({ start, end })}
    />
  );
}

/** A report month (id `mes`, 'Mes' unless named otherwise) to the month of yesterday (or `last`) at the latest. */
export function MonthFilter(
  props: Bound<{ year: number; month: number }> & { id?: string; label?: string; last?: string },
) {
  const { filters, change } = props;
  return (
    <MonthPicker
      id={props.id ?? "mes"}
      label={props.label ?? "Mes"}
      year={filters.year}
      month={filters.month}
      today={props.last ?? addDays(props.base.today, -1)}
      onChange={(year, month) => change({ year, month })}
    />
  );
}

/**
 * 'Año comparativo' (id `anioComparativo` unless named otherwise): the one list of years (years.ts), or the
 * `years` the report's spec offers instead (Ventas Presupuesto: the last six).
 */
export function ComparisonYearFilter(
  props: Bound<{ comparisonYear: number }> & { years?: readonly number[]; id?: string },
) {
  const { filters, change } = props;
  const id = props.id ?? "anioComparativo";
  if (props.years) {
    return (
      <YearPicker
        id={id}
        label="Año comparativo"
        value={filters.comparisonYear}
        years={props.years}
        onChange={(comparisonYear) => change({ comparisonYear })}
      />
    );
  }
  return (
    <ComparisonYearPicker
      id={id}
      today={props.base.today}
      value={filters.comparisonYear}
      onChange={(comparisonYear) => change({ comparisonYear })}
    />
  );
}
