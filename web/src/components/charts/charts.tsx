// Charts on @visx/xychart, for the reports and the feature dashboards: lines, columns with a line on a second
// axis, 100% stacked columns, stacked areas and clustered columns. x values are labels (Spanish month names,
// days); tooltips show every series formatted.

import {
  AreaSeries,
  AreaStack,
  Axis,
  BarGroup,
  BarSeries,
  BarStack,
  Grid,
  LineSeries,
  Tooltip,
  XYChart,
} from "@visx/xychart";
import { type ComponentType, memo, type ReactNode, useDeferredValue } from "react";
import { formatCompact, formatNumber } from "../../lib/format.ts";
import { BandAxis } from "./band-axis.tsx";
import { CHART_THEME } from "./theme.ts";
import "./charts.css";

export interface Point {
  x: string;
  [series: string]: string | number | null;
}

export interface Series {
  key: string;
  label: string;
  color: string;
}

/** The series' colours in order (a chart built on the fly takes them by index). */
export { COLORS } from "./theme.ts";
const margin = { top: 12, right: 64, bottom: 44, left: 72 }; // bottom: room for a name wrapped in two lines
/** A chart without a right axis keeps no room for one (a phone's plot is narrow enough). */
const oneAxis = { ...margin, right: 16 };
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
const xOf = (d: Point) => d.x;
const defined = (data: Point[], key: string) => data.filter((d) => num(d[key]) !== null);

/**
 * The value axis' domain from every series' figures (stacked: from each x's sum), 0 included. Given to the
 * scale rather than left to the chart's data registry, whose scale is memoized on the series' names: with
 * the same names and new figures (a filter change) it kept the first figures' domain, so a series larger
 * than the first one's largest left the plot area.
 */
export function valueDomain(data: Point[], keys: string[], stacked = false): [number, number] {
  const values = stacked
    ? data.map((d) => keys.reduce((n, k) => n + (num(d[k]) ?? 0), 0))
    : data.flatMap((d) => keys.map((k) => num(d[k]) ?? 0));
  const lo = Math.min(0, ...values), hi = Math.max(0, ...values);
  return [lo, hi > lo ? hi : lo + 1];
}

/** The x labels in the data's order (the band scale's domain, for the same reason as valueDomain). */
const xDomain = (data: Point[]) => data.map(xOf);

type Fmt = (v: number | null) => string;
const defaultFmt: Fmt = (v) => (v == null ? "—" : formatCompact(v, "S/"));

function Legend({ series }: { series: Series[] }) {
  return (
    <div className="chart-legend" aria-hidden="true">
      {series.map((s) => (
        <span key={s.key}>
          <i style={{ background: s.color }} />
          {s.label}
        </span>
      ))}
    </div>
  );
}

/**
 * The chart's figures as a table for screen readers (and tests): every series, 2 decimals, no abbreviation.
 * Clipped by a block around it: a table ignores a width under its content's, and a wide one (the explorer's
 * columns) made a phone's page scroll sideways.
 */
export function ChartData({ title, data, series }: { title: string; data: Point[]; series: Series[] }) {
  return (
    <div className="sr-only">
      <table data-testid="chart-data">
        <caption>{title}</caption>
        <thead>
          <tr>
            <td />
            {series.map((s) => <th key={s.key} scope="col">{s.label}</th>)}
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.x}>
              <th scope="row">{d.x}</th>
              {series.map((s) => <td key={s.key}>{num(d[s.key]) == null ? "—" : formatNumber(d[s.key])}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TooltipBody({ x, rows }: { x: string; rows: { label: string; color: string; text: string }[] }) {
  return (
    <div className="chart-tooltip">
      <strong>{x}</strong>
      {rows.map((r) => (
        <div key={r.label}>
          <span style={{ color: r.color }}>■</span> {r.label}: {r.text}
        </div>
      ))}
    </div>
  );
}

function tooltip(data: Point[], series: Series[], fmt: Fmt) {
  return (
    <Tooltip<Point>
      snapTooltipToDatumX
      showVerticalCrosshair
      renderTooltip={({ tooltipData }) => {
        const x = tooltipData?.nearestDatum?.datum.x;
        const d = data.find((p) => p.x === x);
        if (!d) return null;
        return (
          <TooltipBody
            x={d.x}
            rows={series.map((s) => ({ label: s.label, color: s.color, text: fmt(num(d[s.key])) }))}
          />
        );
      }}
    />
  );
}

/**
 * A chart's figure: the plot (its scales and the portal's theme; `children`, its axes and series) in its box,
 * the legend and the figures as a table; with `caption` the title shows above the plot.
 */
function ChartFrame(
  { title, data, series, height, caption, children, ...plot }: {
    title: string;
    data: Point[];
    series: Series[];
    height?: number;
    caption?: boolean;
    children: ReactNode;
    /** The x labels' band and the values' linear scale (valueDomain), the margin when not one axis'. */
    xScale: { type: "band"; paddingInner?: number; domain: string[] };
    yScale: { type: "linear"; nice?: boolean; domain: number[] };
    margin?: typeof margin;
  },
) {
  return (
    <figure className="chart" aria-label={title}>
      {caption && <figcaption className="chart-caption">{title}</figcaption>}
      <div className="chart-box" style={height ? { height } : undefined}>
        <XYChart
          theme={CHART_THEME}
          margin={plot.margin ?? oneAxis}
          xScale={plot.xScale}
          yScale={plot.yScale}
        >
          {children}
        </XYChart>
      </div>
      <Legend series={series} />
      <ChartData title={title} data={data} series={series} />
    </figure>
  );
}

/** The grid's rows, the x axis and the value axis on the left, its ticks formatted. */
function valueAxes(fmt: (v: number) => string) {
  return (
    <>
      <Grid columns={false} numTicks={5} />
      <BandAxis />
      <Axis orientation="left" numTicks={5} tickFormat={(v: number) => fmt(v)} />
    </>
  );
}

/** A column series for each series, drawn with its colour over the points `dataOf` gives it. */
function bars(series: Series[], dataOf: (s: Series) => Point[]) {
  return series.map((s) => (
    <BarSeries
      key={s.key}
      dataKey={s.label}
      data={dataOf(s)}
      xAccessor={xOf}
      yAccessor={(d: Point) => num(d[s.key]) ?? 0}
      colorAccessor={() => s.color}
    />
  ));
}

/** A line series for each series, its figures multiplied by `factor` (a second axis' scale). */
function lines(data: Point[], series: Series[], factor = 1) {
  return series.map((s) => (
    <LineSeries
      key={s.key}
      dataKey={s.label}
      data={defined(data, s.key)}
      xAccessor={xOf}
      yAccessor={(d: Point) => (num(d[s.key]) ?? 0) * factor}
      stroke={s.color}
    />
  ));
}

/** Several lines over the same x labels. */
function LineChartView(
  props: { title: string; data: Point[]; series: Series[]; format?: Fmt; height?: number },
) {
  const fmt = props.format ?? defaultFmt;
  const keys = props.series.map((s) => s.key);
  return (
    <ChartFrame
      {...props}
      xScale={{ type: "band", paddingInner: 0.3, domain: xDomain(props.data) }}
      yScale={{ type: "linear", nice: true, domain: valueDomain(props.data, keys) }}
    >
      {valueAxes(fmt)}
      {lines(props.data, props.series)}
      {tooltip(props.data, props.series, fmt)}
    </ChartFrame>
  );
}

/** Columns on the left axis and lines on a right axis of their own (figures of different size). */
function ComboChartView(props: {
  title: string;
  data: Point[];
  columns: Series[];
  lines: Series[];
  format?: Fmt;
  rightFormat?: Fmt;
}) {
  const fmt = props.format ?? defaultFmt;
  const rightFmt = props.rightFormat ?? fmt;
  const max = (ss: Series[]) =>
    Math.max(1e-9, ...props.data.flatMap((d) => ss.map((s) => num(d[s.key]) ?? 0)));
  const factor = max(props.columns) / max(props.lines);
  const all = [...props.columns, ...props.lines];
  // The lines are drawn scaled to the columns' largest, so the columns' figures give the domain.
  const domain = valueDomain(props.data, props.columns.map((s) => s.key));
  return (
    <ChartFrame
      title={props.title}
      data={props.data}
      series={all}
      margin={margin}
      xScale={{ type: "band", paddingInner: 0.3, domain: xDomain(props.data) }}
      yScale={{ type: "linear", nice: true, domain }}
    >
      {valueAxes(fmt)}
      <Axis orientation="right" numTicks={5} tickFormat={(v: number) => rightFmt(v / factor)} />
      {bars(props.columns, (s) => defined(props.data, s.key))}
      {lines(props.data, props.lines, factor)}
      {tooltip(props.data, all, (v) => fmt(v))}
    </ChartFrame>
  );
}

/** Columns of 100%: each column shows the share of every series in its total. */
function StackedPercentChartView(props: { title: string; data: Point[]; series: Series[]; format?: Fmt }) {
  const fmt = props.format ?? defaultFmt;
  return (
    <ChartFrame
      {...props}
      xScale={{ type: "band", paddingInner: 0.3, domain: xDomain(props.data) }}
      yScale={{ type: "linear", domain: [0, 1] }}
    >
      <BandAxis />
      <Axis orientation="left" numTicks={5} tickFormat={(v: number) => `${Math.round(v * 100)}%`} />
      <BarStack offset="expand">{bars(props.series, () => props.data)}</BarStack>
      {tooltip(props.data, props.series, fmt)}
    </ChartFrame>
  );
}

/** Areas stacked over the x labels (a total and its parts). */
function StackedAreaChartView(props: { title: string; data: Point[]; series: Series[]; format?: Fmt }) {
  const fmt = props.format ?? defaultFmt;
  return (
    <ChartFrame
      {...props}
      xScale={{ type: "band", domain: xDomain(props.data) }}
      yScale={{
        type: "linear",
        nice: true,
        domain: valueDomain(props.data, props.series.map((s) => s.key), true),
      }}
    >
      {valueAxes(fmt)}
      <AreaStack>
        {props.series.map((s) => (
          <AreaSeries
            key={s.key}
            dataKey={s.label}
            data={props.data}
            xAccessor={xOf}
            yAccessor={(d: Point) => num(d[s.key]) ?? 0}
            fillOpacity={0.55}
            fill={s.color}
            lineProps={{ stroke: s.color }}
          />
        ))}
      </AreaStack>
      {tooltip(props.data, props.series, fmt)}
    </ChartFrame>
  );
}

/**
 * Clustered columns: the series side by side for each x label, the title above (a guarantee client's amounts
 * by currency and by contract). No tooltip: the figures are few and the table carries them.
 */
function ClusteredBarsView(
  props: { title: string; data: Point[]; series: Series[]; format: (v: number) => string },
) {
  return (
    <ChartFrame
      {...props}
      height={260}
      caption
      margin={{ ...margin, right: 16, left: 88 }}
      xScale={{ type: "band", paddingInner: 0.3, domain: xDomain(props.data) }}
      yScale={{
        type: "linear",
        nice: true,
        domain: valueDomain(props.data, props.series.map((s) => s.key)),
      }}
    >
      {valueAxes(props.format)}
      <BarGroup padding={0.1}>{bars(props.series, () => props.data)}</BarGroup>
    </ChartFrame>
  );
}

/** Same figures, same look: data and series compared by value, functions (formats) by identity. */
function sameChart(a: object, b: object): boolean {
  const ka = Object.keys(a), kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => {
    const x = (a as Record<string, unknown>)[k], y = (b as Record<string, unknown>)[k];
    return x === y ||
      (typeof x === "object" && typeof y === "object" && JSON.stringify(x) === JSON.stringify(y));
  });
}

/**
 * A chart drawn after the rest of a screen's update: its props are deferred (React renders the tables with
 * the new figures first and the chart in a background render), and it is not drawn again for equal figures.
 */
function deferred<P extends object>(View: ComponentType<P>) {
  const Memo = memo(View, sameChart) as unknown as ComponentType<P>;
  return function DeferredChart(props: P) {
    return <Memo {...useDeferredValue(props)} />;
  };
}

/** Several lines over the same x labels. */
export const LineChart = deferred(LineChartView);
/** Columns on the left axis and lines on a right axis of their own (figures of different size). */
export const ComboChart = deferred(ComboChartView);
/** Columns of 100%: each column shows the share of every series in its total. */
export const StackedPercentChart = deferred(StackedPercentChartView);
/** Areas stacked over the x labels (a total and its parts). */
export const StackedAreaChart = deferred(StackedAreaChartView);
/** Clustered columns, the title above. */
export const ClusteredBars = deferred(ClusteredBarsView);
