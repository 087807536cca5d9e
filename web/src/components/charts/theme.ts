// The portal's one chart look (the series' colours, the grid and the labels), shared by every chart drawn on
// @visx/xychart: components/charts and the reports' event chart.
import { buildChartTheme } from "@visx/xychart";

export const COLORS = ["#002e98", "#f28c28", "#2e9d5b", "#c2185b", "#7b61ff", "#00838f", "#8d6e63"];

export const CHART_THEME = buildChartTheme({
  backgroundColor: "transparent",
  colors: COLORS,
  gridColor: "#e5e7eb",
  gridColorDark: "#cbd5e1",
  tickLength: 4,
  svgLabelSmall: { fill: "#475569", fontSize: 11 },
  svgLabelBig: { fill: "#334155", fontSize: 12 },
});
