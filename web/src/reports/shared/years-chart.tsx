// The card of a chart of the report year against the comparison year (Venta General, Ventas Mensual, the
// Dashboard): its heading, what the screen puts above the chart (the chart's own filters), the two lines in
// the shared colours, and what it says under them (the currency note).

import type { ReactNode } from "react";
import { LineChart, type Point } from "../../components/charts/charts.tsx";
import { Section } from "./section.tsx";
import { yearSeries } from "./year-series.ts";

export function YearsChart(props: {
  /** The heading's id (the section is labelled by it). */
  id: string;
  heading: ReactNode;
  /** The chart's accessible name. */
  title: string;
  data: Point[];
  /** The legend of both years, the report year's first. */
  labels: readonly [string | number, string | number];
  /** The data's fields of both years (default `act`, `cmp`). */
  keys?: readonly [string, string];
  /** Above the chart. */
  filters?: ReactNode;
  /** Under the chart. */
  children?: ReactNode;
}) {
  return (
    <Section id={props.id} heading={props.heading}>
      {props.filters}
      <LineChart title={props.title} data={props.data} series={yearSeries(props.labels, props.keys)} />
      {props.children}
    </Section>
  );
}
