import { SelectButton } from "primereact/selectbutton";
import { useEffect, useMemo, useState } from "react";
import { useReport } from "../../analytics/use-report.ts";
import { columnsOf } from "../../components/data-table/columns.ts";
import { formatDate, formatMoney } from "../../lib/format.ts";
import type { Base } from "../shared/base.ts";
import { LineChart } from "../shared/charts.tsx";
import { MONTHS_SHORT } from "../shared/dates.ts";
import { FilterBar, MonthPicker } from "../shared/filters.tsx";
import { PivotTable } from "../shared/pivot-table.tsx";
import { NoDataModal, ReportFailure, ReportProgress } from "../shared/report-states.tsx";
import { monthlySql, period, perMallSql, vgPartitions } from "./sql.ts";

export type VgMode = "ventaMensual" | "ventaMensualM2";
export interface VgSearch {
  mode: VgMode;
  year: number;
  month: number;
}

type Row = Record<string, unknown> & { is_total: number };
const c = columnsOf<Row>();
const MODES = [{ value: "ventaMensual", label: "Venta Mensual" }, {
  value: "ventaMensualM2",
  label: "Venta Mensual m2",
}];

export function VentaGeneralScreen(
  props: { base: Base; search: VgSearch; onChange: (s: Partial<VgSearch>) => void },
) {
  const { base, search } = props;
  const p = period(search.year, search.month, base.today);
  const m2 = search.mode === "ventaMensualM2";
  const partitions = vgPartitions(base.malls.map((m) => m.id), search.year);
  const r = useReport({
    key: ["vg", base.today, search.year, search.month],
    partitions,
    sql: { malls: perMallSql(p) },
    select: (x) => x.malls as Row[],
  });
  const chart = useReport({
    key: ["vg-chart", base.today, search.year, search.month],
    partitions,
    sql: { monthly: monthlySql(p) },
    select: (x) => x.monthly as Row[],
    after: r,
  });
  const [warned, setWarned] = useState<string | null>(null);
  const k = (name: string) => (m2 ? `${name}_m2` : name);
  const columns = useMemo(() => [
    c.text("mall" as never, "Mall"),
    c.money(k("acumulado_mes") as never, "Acumulado mes"),
    c.money(k("meta_mes") as never, "Meta Mes"),
    c.percent("cumplimiento_mes" as never, "Cumplimiento"),
    c.money(k("acumulado_anio") as never, "Acumulado año"),
    c.money(k("meta_anio") as never, "Meta año"),
    c.percent("cumplimiento_anio" as never, "Cumplimiento "),
  ], [m2]);
  const rows = r.data?.filter((x) => !x.is_total);
  const total = r.data?.find((x) => x.is_total) ?? null;
  const monthKey = `${search.year}-${search.month}`;
  const noData = !!total && !r.pending && Number(total.acumulado_mes ?? 0) === 0;
  useEffect(() => {
    if (!noData) setWarned(null);
  }, [noData, monthKey]);
  if (r.error || chart.error) return <ReportFailure />;
  return (
    <div className="report">
      <div className="card">
        <FilterBar>
          <MonthPicker
            id="mes"
            label="Mes"
            year={search.year}
            month={search.month}
            today={base.today}
            onChange={(year, month) => props.onChange({ year, month })}
          />
          <div className="filter">
            <span className="filter-label">Tipo</span>
            <SelectButton
              value={search.mode}
              options={MODES}
              allowEmpty={false}
              onChange={(e) => e.value && props.onChange({ mode: e.value })}
            />
          </div>
          <ReportProgress progress={r.progress} pending={r.pending} />
        </FilterBar>
      </div>
      <section className={`card ${r.pending ? "report-stale" : ""}`} aria-labelledby="vg-national">
        <div className="report-header">
          <h2 id="vg-national">Venta nacional al {formatDate(p.month_span.end)}</h2>
          <span className="big" data-testid="vg-national">{formatMoney(total?.[k("acumulado_mes")])}</span>
        </div>
      </section>
      <div className="card">
        <PivotTable
          title="Venta General"
          columns={columns}
          rows={rows}
          totals={total}
          pageSize={8}
          loading={!r.data}
          getRowId={(x) => String(x.mall_id)}
        />
      </div>
      <section className="card" aria-labelledby="vg-chart">
        <div className="card-head">
          <h2 id="vg-chart">Venta {search.year} vs {search.year - 1}</h2>
        </div>
        <LineChart
          title={`Venta ${search.year} y ${search.year - 1}`}
          data={(chart.data ?? []).map((x) => ({
            x: MONTHS_SHORT[Number(x.mes) - 1],
            actual: x.monto_anio_actual as number | null,
            pasado: x.monto_anio_pasado as number | null,
          }))}
          series={[
            { key: "actual", label: String(search.year), color: "#002e98" },
            { key: "pasado", label: String(search.year - 1), color: "#f28c28" },
          ]}
        />
      </section>
      <NoDataModal
        warning={noData && warned !== monthKey
          ? { message: "El mes seleccionado no tiene data registrada." }
          : null}
        onClose={() => setWarned(monthKey)}
      />
    </div>
  );
}
