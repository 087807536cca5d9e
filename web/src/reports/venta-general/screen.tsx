import type { QueryClient } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { useEffect, useMemo, useState } from "react";
import { startReport, useReport } from "../../analytics/use-report.ts";
import { columnsOf } from "../../components/data-table/columns.ts";
import { formatDate, formatMoney } from "../../lib/format.ts";
import { type Base, withBase } from "../shared/base.ts";
import { LineChart } from "../shared/charts.tsx";
import { addDays, MONTHS_SHORT, parts } from "../shared/dates.ts";
import { ModeSelect, MonthPicker } from "../shared/filters.tsx";
import { ReportFrame, ReportPage } from "../shared/frame.tsx";
import { PivotTable } from "../shared/pivot-table.tsx";
import { monthSteps, type YearMonth } from "../shared/next.ts";
import {
  type Amount,
  type MallRow,
  type MonthlyRow,
  monthlySql,
  period,
  perMallSql,
  type UsdRow,
  usdSql,
  vgPartitions,
} from "./report.ts";
import { startsOnFilterChange } from "../shared/report-route.ts";

export type VgMode = "ventaMensual" | "ventaMensualM2";
export interface VgSearch {
  mode: VgMode;
  year: number;
  month: number;
}

const c = columnsOf<MallRow>();
const MODES: { value: VgMode; label: string }[] = [
  { value: "ventaMensual", label: "Venta Mensual" },
  { value: "ventaMensualM2", label: "Venta Mensual m2" },
];

const route = getRouteApi("/_app/ventaGeneral");
type Search = ReturnType<typeof route.useSearch>;

/** The filters of the URL's search (the screen's and the early start's). */
function filtersOf(s: Search, base: Base): VgSearch {
  // Default: the month of yesterday (month to date); never a month after it.
  const [y, m] = parts(addDays(base.today, -1));
  const picked = s.anio && s.mes && s.anio * 12 + s.mes <= y * 12 + m ? { year: s.anio, month: s.mes } : null;
  return { mode: s.tipo, year: picked?.year ?? y, month: picked?.month ?? m };
}

/** /ventaGeneral: the month's and the year's sales against the budgets, per mall. */
export function VentaGeneralPage() {
  const s = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <ReportPage prefetch={(b) => vgPartitions(b.mallIds, s.anio ?? parts(addDays(b.today, -1))[0])}>
      {(base) => (
        <VentaGeneralScreen
          base={base}
          search={filtersOf(s, base)}
          onChange={(n) =>
            navigate({
              replace: true,
              search: (old) => ({
                ...old,
                ...(n.mode ? { tipo: n.mode } : {}),
                ...(n.year ? { anio: n.year, mes: n.month } : {}),
              }),
            })}
        />
      )}
    </ReportPage>
  );
}

const partitionsOf = (base: Base, at: YearMonth) => vgPartitions(base.malls.map((m) => m.id), at.year);

/** The table per mall of a month. */
const tableReport = (base: Base, at: YearMonth) => ({
  key: ["vg", base.today, at.year, at.month],
  partitions: partitionsOf(base, at),
  statements: {
    malls: perMallSql(period(at.year, at.month, base.today)),
    usd: usdSql(period(at.year, at.month, base.today)),
  },
  select: (x: { malls: MallRow[]; usd: UsdRow[] }) => x,
});

/** The chart of the year's months against the year before. */
const chartReport = (base: Base, at: YearMonth) => ({
  key: ["vg-chart", base.today, at.year, at.month],
  partitions: partitionsOf(base, at),
  statements: { monthly: monthlySql(period(at.year, at.month, base.today)) },
  select: (x: { monthly: MonthlyRow[] }) => x.monthly,
});

/**
 * A filter change (the route's beforeLoad): the table of the new month starts before the screen is drawn. Not
 * the chart, which waits for it on purpose (after).
 */
const startVentaGeneral = (client: QueryClient, s: Search) =>
  withBase(client, (base) => startReport(client, tableReport(base, filtersOf(s, base))));
startsOnFilterChange(route, startVentaGeneral);

export function VentaGeneralScreen(
  props: { base: Base; search: VgSearch; onChange: (s: Partial<VgSearch>) => void },
) {
  const { base, search } = props;
  const p = period(search.year, search.month, base.today);
  const m2 = search.mode === "ventaMensualM2";
  const next = () => monthSteps(search, base.today);
  const r = useReport({
    ...tableReport(base, search),
    next: () => next().map((n) => tableReport(base, n)),
  });
  const chart = useReport({
    ...chartReport(base, search),
    after: r,
    next: () => next().map((n) => chartReport(base, n)),
  });
  const [warned, setWarned] = useState<string | null>(null);
  const k = (name: Amount): Amount | `${Amount}_m2` => (m2 ? `${name}_m2` : name);
  const columns = useMemo(() => [
    c.text("mall", "Mall"),
    c.money(k("acumulado_mes"), "Acumulado mes"),
    c.money(k("meta_mes"), "Meta Mes"),
    c.percent("cumplimiento_mes", "Cumplimiento mes"),
    c.money(k("acumulado_anio"), "Acumulado año"),
    c.money(k("meta_anio"), "Meta año"),
    c.percent("cumplimiento_anio", "Cumplimiento año"),
  ], [m2]);
  // Same identity for the same figures: the table skips its work on a re-render.
  const [rows, total] = useMemo(
    () => [r.data?.malls.filter((x) => !x.is_total), r.data?.malls.find((x) => x.is_total) ?? null] as const,
    [r.data],
  );
  const usd = r.data?.usd[0];
  const chartData = useMemo(() =>
    (chart.data ?? []).map((x) => ({
      x: MONTHS_SHORT[x.mes - 1],
      actual: x.monto_anio_actual,
      pasado: x.monto_anio_pasado,
    })), [chart.data]);
  const monthKey = `${search.year}-${search.month}`;
  const noData = !!total && !r.pending && Number(total.acumulado_mes ?? 0) === 0;
  useEffect(() => {
    if (!noData) setWarned(null);
  }, [noData, monthKey]);
  const filters = (
    <>
      <MonthPicker
        id="mes"
        label="Mes"
        year={search.year}
        month={search.month}
        today={base.today}
        onChange={(year, month) => props.onChange({ year, month })}
      />
      <ModeSelect value={search.mode} options={MODES} onChange={(mode) => props.onChange({ mode })} />
    </>
  );
  return (
    <ReportFrame
      filters={filters}
      progress={r.progress}
      pending={r.pending}
      failed={!!(r.error || chart.error)}
      headline={{
        id: "vg-national",
        title: `Venta nacional al ${formatDate(p.month_span.end)}`,
        value: formatMoney(total?.[k("acumulado_mes")]),
        detail: usd?.contracts
          ? `No incluye ${usd.contracts} contrato${usd.contracts === 1 ? "" : "s"} en dólares: ${
            formatMoney(usd.mes, "$")
          } en el mes y ${formatMoney(usd.anio, "$")} en el año (aparte).`
          : undefined,
      }}
      warning={noData && warned !== monthKey
        ? { message: "El mes seleccionado no tiene data registrada." }
        : null}
      onWarningClose={() => setWarned(monthKey)}
    >
      <div className="card">
        <PivotTable
          title="Venta General"
          columns={columns}
          rows={rows}
          totals={total}
          pageSize={8}
          loading={!r.data}
        />
      </div>
      <section className="card" aria-labelledby="vg-chart">
        <div className="card-head">
          <h2 id="vg-chart">Venta {search.year} vs {search.year - 1}</h2>
        </div>
        <LineChart
          title={`Venta ${search.year} y ${search.year - 1}`}
          data={chartData}
          series={[
            { key: "actual", label: String(search.year), color: "#002e98" },
            { key: "pasado", label: String(search.year - 1), color: "#f28c28" },
          ]}
        />
        <p className="muted">En soles (S/); no incluye los contratos en dólares.</p>
      </section>
    </ReportFrame>
  );
}
