// Ventas por Día (/Reportes/ReporteDiaIndex): a day (or its month to it) against the same day(s) of the year
// before, per mall or per category of a mall; a row's or the total's contracts open in a drill-down dialog.

import { columnsOf } from "../../components/data-table/columns.ts";
import { formatDate, formatMoney, formatPercent } from "../../lib/format.ts";
import { type Base, mallsOf } from "../shared/base.ts";
import { comparedColumns, comparedSolesView } from "../shared/compared-contracts.tsx";
import { addDays } from "../shared/dates.ts";
import { InflationSwitch, MallFilter, ModeFilter } from "../shared/controls.tsx";
import { DatePicker, MIN_DATE } from "../shared/filters.tsx";
import { defineReport, ReportScreen } from "../shared/report-screen.tsx";
import { withUsd } from "../shared/usd-note.tsx";
import {
  DAY_TYPES,
  dayContractsSql,
  type DayFilters,
  dayPartitions,
  type DayRow,
  daySql,
  type DayType,
  isM2,
  periods,
} from "./report.ts";
import type { VentasDiaSearch } from "./search.ts";

const c = columnsOf<DayRow>();

/** The day shown: the URL's when it is from 1 Jan 2017 to yesterday, else yesterday. */
const dayOr = (day: string | undefined, today: string) => {
  const yesterday = addDays(today, -1);
  return day && day >= MIN_DATE && day <= yesterday ? day : yesterday;
};

const partitionsOf = (base: Base, f: DayFilters) => dayPartitions(mallsOf(base, f.mall), f.day);

/** The same view accumulated or not: the one other type whose figures differ (m2 is the same figures). */
const OTHER_PERIOD: Record<DayType, DayType> = {
  dia: "acumulada",
  acumulada: "dia",
  m2: "m2acumulada",
  m2acumulada: "m2",
};

const filtersOf = (base: Base, s: VentasDiaSearch): DayFilters => ({
  type: s.tipo,
  mall: s.mall,
  day: dayOr(s.fecha, base.today),
  inflation: s.inflacion,
});

export const ventasDia = defineReport({
  filters: filtersOf,
  urlNames: { type: "tipo", day: "fecha", inflation: "inflacion" },
  /**
   * The table of a day (or its month to it), per mall or per category. By period, not by view: 'Venta' and
   * 'Venta m2' are the same statements (a switch needs no query).
   */
  report: (base, f) => ({
    name: "dia",
    partitions: partitionsOf(base, f),
    statements: { rows: daySql(f) },
    select: withUsd<DayRow>,
  }),
  // The calendar's day after and day before (none after yesterday nor before 2017), then the other
  // accumulation, then the other 'Inflación'. Cut to three, since each one costs a computation while the page
  // is idle; on the default day (yesterday) the three are the day before, the accumulation and the switch.
  next: (base, f) => {
    const last = addDays(base.today, -1);
    const days = [addDays(f.day, 1), addDays(f.day, -1)].filter((d) => d >= MIN_DATE && d <= last);
    return [
      ...days.map((day) => ({ day })),
      { type: OTHER_PERIOD[f.type] },
      { inflation: !f.inflation },
    ].slice(0, 3);
  },
  // The comparison year is the day's year before: the nearest year with data is said, not offered.
  noData: (data, f, base) => {
    const { comparisonYear } = periods(f);
    if (!data.total?.act) return { period: "month" };
    if (base.salesYears.length > 0 && !base.salesYears.includes(comparisonYear)) {
      return { comparisonYear, withData: base.salesYears, offer: false };
    }
    return null;
  },
  controls: (b) => (
    <>
      <ModeFilter {...b} name="type" options={DAY_TYPES} />
      <MallFilter {...b} all />
      <DatePicker
        id="fecha"
        label="Fecha"
        value={b.filters.day}
        min={MIN_DATE}
        max={addDays(b.base.today, -1)}
        onChange={(day) => b.change({ day })}
      />
      <InflationSwitch {...b} />
    </>
  ),
  headline: (data, f) => {
    const { act, comparisonYear } = periods(f), m2 = isM2(f.type), total = data?.total;
    const label = DAY_TYPES.find((t) => t.value === f.type)!.label;
    return {
      id: "dia-total",
      title: act.start === act.end
        ? `${label} ${formatDate(act.end)}`
        : `${label} del ${formatDate(act.start)} al ${formatDate(act.end)}`,
      value: formatMoney(m2 ? total?.act_m2 : total?.act),
      detail: `${comparisonYear}: ${formatMoney(m2 ? total?.cmp_m2 : total?.cmp)} · ${
        formatPercent(m2 ? total?.pct_m2 : total?.pct)
      }`,
    };
  },
  View: comparedSolesView<VentasDiaSearch, DayFilters, DayRow>({
    testId: "dia-usd",
    years: (f) => ({ year: periods(f).year, comparisonYear: periods(f).comparisonYear }),
    columns: (f, contracts) => {
      const { year: y2, comparisonYear } = periods(f);
      return [
        c.text("nombre", f.mall === 0 ? "Mall" : "Categoría"),
        ...comparedColumns(c, y2, comparisonYear, { m2: isM2(f.type) && "named" }),
        ...(isM2(f.type)
          ? [c.area("area_act", `Área m2 ${y2}`), c.area("area_cmp", `Área m2 ${comparisonYear}`)]
          : []),
        contracts,
      ];
    },
    figure: (row) => ({ id: row.group_id, name: row.nombre }),
    contracts: (base, f, id) => ({
      partitions: partitionsOf(base, f),
      statement: dayContractsSql(f, id),
    }),
    m2: (f) => isM2(f.type),
  }),
});

export const VentasDiaPage = () => <ReportScreen report={ventasDia} />;
