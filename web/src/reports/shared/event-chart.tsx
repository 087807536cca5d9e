// A line or area chart over x labels with the logged events (Bitácora de Eventos) marked on it: a dashed
// vertical line at each event's x with a flag, the events listed under the chart (named for screen readers
// and the tests). Used by the four traffic reports and the event log (issue 13).

import { AreaSeries, Axis, DataContext, Grid, LineSeries, Tooltip, XYChart } from "@visx/xychart";
import { useContext } from "react";
import type { EventRow } from "#contract/events.ts";
import { formatCompact, formatDate, formatNumber } from "../../lib/format.ts";
import { BandAxis } from "../../components/charts/band-axis.tsx";
import { ChartData, type Point, type Series, valueDomain } from "../../components/charts/charts.tsx";
import { CHART_THEME } from "../../components/charts/theme.ts";
import "./reports.css";

export interface EventMark {
  /** The x label the event falls on. */
  x: string;
  /** 'dd/MM/yyyy · name · mall'. */
  label: string;
}

/** A logged event as a mark at `x`: its day and name, and its mall when the chart is of every mall (0). */
export const eventMark = (e: EventRow, x: string, mall: number): EventMark => ({
  x,
  label: `${formatDate(e.fecha)} · ${e.evento}${mall === 0 ? ` · ${e.unidadEconomica}` : ""}`,
});

const margin = { top: 18, right: 24, bottom: 36, left: 72 };
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
const xOf = (d: Point) => d.x;
const MARK = "#c2185b";

/** The dashed lines of the marks, drawn in the chart's own scales. */
function Marks({ marks }: { marks: EventMark[] }) {
  const ctx = useContext(DataContext);
  const x = ctx.xScale as unknown as ((v: string) => number | undefined) & { bandwidth?: () => number };
  const height = ctx.innerHeight ?? 0;
  const top = ctx.margin?.top ?? 0;
  if (!x || !height) return null;
  const half = (x.bandwidth?.() ?? 0) / 2;
  const byX = new Map<string, string[]>();
  for (const m of marks) byX.set(m.x, [...(byX.get(m.x) ?? []), m.label]);
  return (
    <g className="event-marks">
      {[...byX].map(([label, names]) => {
        const px = x(label);
        if (px === undefined) return null;
        const cx = px + half;
        return (
          <g key={label} data-testid="event-mark">
            <title>{names.join("\n")}</title>
            <line x1={cx} x2={cx} y1={top} y2={top + height} stroke={MARK} strokeDasharray="4 3" />
            <path d={`M${cx},${top - 12} l8,4 l-8,4 z`} fill={MARK} />
          </g>
        );
      })}
    </g>
  );
}

export function EventChart(props: {
  title: string;
  data: Point[];
  series: Series[];
  marks: EventMark[];
  kind?: "line" | "area";
  /** Tooltip figures (the value axis is abbreviated: K, M). */
  format?: (v: number | null) => string;
  /** Currency of the value axis' abbreviations. */
  currency?: "S/";
  height?: number;
}) {
  const fmt = props.format ?? ((v: number | null) => (v == null ? "—" : formatNumber(v, 0)));
  const keys = props.series.map((s) => s.key);
  const area = props.kind === "area";
  return (
    <figure className="chart" aria-label={props.title}>
      <div className="chart-box" style={{ height: props.height ?? 300 }}>
        <XYChart
          theme={CHART_THEME}
          margin={margin}
          xScale={{ type: "band", paddingInner: area ? 0 : 0.3, domain: props.data.map(xOf) }}
          yScale={{ type: "linear", nice: true, domain: valueDomain(props.data, keys) }}
        >
          <Grid columns={false} numTicks={5} />
          <BandAxis />
          <Axis
            orientation="left"
            numTicks={5}
            tickFormat={(v: number) => formatCompact(v, props.currency)}
          />
          {props.series.map((s) =>
            area
              ? (
                <AreaSeries
                  key={s.key}
                  dataKey={s.label}
                  data={props.data.filter((d) => num(d[s.key]) !== null)}
                  xAccessor={xOf}
                  yAccessor={(d: Point) => num(d[s.key]) ?? 0}
                  fillOpacity={0.35}
                  fill={s.color}
                  lineProps={{ stroke: s.color }}
                />
              )
              : (
                <LineSeries
                  key={s.key}
                  dataKey={s.label}
                  data={props.data.filter((d) => num(d[s.key]) !== null)}
                  xAccessor={xOf}
                  yAccessor={(d: Point) => num(d[s.key]) ?? 0}
                  stroke={s.color}
                />
              )
          )}
          <Marks marks={props.marks} />
          <Tooltip<Point>
            snapTooltipToDatumX
            showVerticalCrosshair
            renderTooltip={({ tooltipData }) => {
              const x = tooltipData?.nearestDatum?.datum.x;
              const d = props.data.find((p) => p.x === x);
              if (!d) return null;
              const events = props.marks.filter((m) => m.x === x);
              return (
                <div className="chart-tooltip">
                  <strong>{d.x}</strong>
                  {props.series.map((s) => (
                    <div key={s.key}>
                      <span style={{ color: s.color }}>■</span> {s.label}: {fmt(num(d[s.key]))}
                    </div>
                  ))}
                  {events.map((e) => <div key={e.label} style={{ color: MARK }}>⚑ {e.label}</div>)}
                </div>
              );
            }}
          />
        </XYChart>
      </div>
      <div className="chart-legend">
        {props.series.map((s) => (
          <span key={s.key} aria-hidden="true">
            <i style={{ background: s.color }} />
            {s.label}
          </span>
        ))}
        {props.marks.length > 0 && (
          <span aria-hidden="true">
            <i style={{ background: MARK }} />Eventos
          </span>
        )}
      </div>
      <ChartData title={props.title} data={props.data} series={props.series} />
      {props.marks.length > 0 && (
        <ul className="event-list" aria-label={`Eventos: ${props.title}`} data-testid="event-list">
          {props.marks.map((m, i) => <li key={`${m.x}-${i}`}>⚑ {m.label}</li>)}
        </ul>
      )}
    </figure>
  );
}
