// A report read by month or by year (Afluencia Diaria or Mensual, Ranking de Ventas Mensual or Anual): the
// month picker 'mes' up to the last day offered, or the year picker 'anio' among the years given.

import { MonthPicker, YearPicker } from "./filters.tsx";

export function MonthOrYearPicker(props: {
  /** The month is picked (else the year alone). */
  byMonth: boolean;
  labels: { month: string; year: string };
  year: number;
  month: number;
  /** The last day whose month may be picked. */
  last: string;
  years: readonly number[];
  onChange: (change: { year: number; month?: number }) => void;
}) {
  return props.byMonth
    ? (
      <MonthPicker
        id="mes"
        label={props.labels.month}
        year={props.year}
        month={props.month}
        today={props.last}
        onChange={(year, month) => props.onChange({ year, month })}
      />
    )
    : (
      <YearPicker
        id="anio"
        label={props.labels.year}
        value={props.year}
        years={props.years}
        onChange={(year) => props.onChange({ year })}
      />
    );
}
