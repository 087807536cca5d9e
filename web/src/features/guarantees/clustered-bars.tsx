// Clustered columns (the series side by side per x label) on @visx/xychart, with the look of the reports'
// charts (web/src/components/charts/charts.tsx) and their figures as a table for screen readers.
import { Axis, BarGroup, BarSeries, buildChartTheme, Grid, XYChart } from "@visx/xychart";
import { formatNumber } from "../../lib/format.ts";
import { COLORS, type Point, type Series, valueDomain } from "../../components/charts/charts.tsx";

const theme = buildChartTheme({
  backgroundColor: "transparent",
  colors: COLORS,
  gridColor: "#e5e7eb",
  gridColorDark: "#cbd5e1",
  tickLength: 4,
  svgLabelSmall: { fill: "#475569", fontSize: 11 },
  svgLabelBig: { fill: "#334155", fontSize: 12 },
});

export function ClusteredBars(
  { title, data, series, format }: {
    title: string;
    data: Point[];
    series: Series[];
    format: (v: number) => string;
  },
) {
  const value = (d: Point, key: string) => (typeof d[key] === "number" ? d[key] as number : 0);
  return (
    <figure className="chart" aria-label={title}>
      <figcaption className="reception-caption">{title}</figcaption>
      <div className="chart-box" style={{ height: 260 }}>
        <XYChart
          theme={theme}
          margin={{ top: 12, right: 16, bottom: 36, left: 88 }}
          xScale={{ type: "band", paddingInner: 0.3, domain: data.map((d) => d.x) }}
          yScale={{ type: "linear", nice: true, domain: valueDomain(data, series.map((s) => s.key)) }}
        >
          <Grid columns={false} numTicks={5} />
          <Axis orientation="bottom" />
          <Axis orientation="left" numTicks={5} tickFormat={(v: number) => format(v)} />
          <BarGroup padding={0.1}>
            {series.map((s) => (
              <BarSeries
                key={s.key}
                dataKey={s.label}
                data={data}
                xAccessor={(d: Point) => d.x}
                yAccessor={(d: Point) => value(d, s.key)}
                colorAccessor={() => s.color}
              />
            ))}
          </BarGroup>
        </XYChart>
      </div>
      <div className="chart-legend" aria-hidden="true">
        {series.map((s) => (
          <span key={s.key}>
            <i style={{ background: s.color }} />
            {s.label}
          </span>
        ))}
      </div>
      <table className="sr-only">
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
              {series.map((s) => <td key={s.key}>{formatNumber(value(d, s.key))}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
