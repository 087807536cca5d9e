import { Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useReport } from "../../analytics/use-report.ts";
import { formatDate, formatInteger, formatPercent } from "../../lib/format.ts";
import type { Base } from "../shared/base.ts";
import { ComboChart, LineChart, type Point } from "../shared/charts.tsx";
import { MONTHS_SHORT } from "../shared/dates.ts";
import { FilterBar, lastSixYears, YearPicker } from "../shared/filters.tsx";
import {
  nearestYear,
  NoDataModal,
  type NoDataWarning,
  ReportFailure,
  ReportProgress,
} from "../shared/report-states.tsx";
import { cardPartitions, chartPartitions, sectorSql, trafficSql, vacancySql, yearsSql } from "./sql.ts";

export interface DashboardFilters {
  anio: number;
  anioComparativo: number;
}

type Row = Record<string, number | string | null>;

function Variation({ value }: { value: number | null }) {
  if (value == null || !Number.isFinite(value)) return <span className="kpi-sub">—</span>;
  return (
    <span className={`kpi-sub ${value >= 0 ? "kpi-up" : "kpi-down"}`}>
      <i className={`pi ${value >= 0 ? "pi-arrow-up" : "pi-arrow-down"}`} aria-hidden="true" />{" "}
      {formatPercent(value)}
    </span>
  );
}

const variation = (a: unknown, b: unknown) =>
  typeof a === "number" && typeof b === "number" && b !== 0 ? ((a - b) / b) * 100 : null;

export function DashboardScreen(
  props: { base: Base; filters: DashboardFilters; onChange: (f: DashboardFilters) => void },
) {
  const { base, filters } = props;
  const { today, malls } = base;
  const { anio, anioComparativo } = filters;
  const mallIds = malls.map((m) => m.id);
  const r = useReport({
    key: ["dashboard", today, anio, anioComparativo],
    partitions: chartPartitions(mallIds, anio, anioComparativo),
    sql: { years: yearsSql(anio, anioComparativo, today) },
    select: (rows) => rows.years as Row[],
  });
  // The second chart depends on the report year only: a new comparison year does not recompute it.
  const sector = useReport({
    key: ["dashboard-sector", today, anio],
    partitions: chartPartitions(mallIds, anio, anio),
    sql: { sector: sectorSql(anio, today) },
    select: (rows) => rows.sector as Row[],
  });
  // Traffic and vacancy do not depend on the year pickers: asked once, not on every change.
  const cards = useReport({
    key: ["dashboard-cards", today],
    partitions: cardPartitions(today),
    sql: { traffic: trafficSql(today), vacancy: vacancySql() },
    select: (rows) => rows as unknown as Record<string, Row[]>,
  });
  const [warning, setWarning] = useState<NoDataWarning | null>(null);
  useEffect(() => {
    if (base.salesYears.includes(anioComparativo) || base.salesYears.length === 0) return;
    const y = nearestYear(anioComparativo, base.salesYears.filter((x) => lastSixYears(today).includes(x)));
    setWarning({
      message: `El año ${anioComparativo} no tiene datos registrados.`,
      detail: y ? `Se encontro datos en el año ${y}` : undefined,
      onAccept: y ? () => props.onChange({ ...filters, anioComparativo: y }) : undefined,
    });
  }, [anioComparativo, base.salesYears.join(",")]);

  if (r.error || sector.error || cards.error) return <ReportFailure />;
  const pending = r.pending || sector.pending;
  const years = lastSixYears(today);
  const yearsData: Point[] = (r.data ?? []).map((x) => ({
    x: MONTHS_SHORT[Number(x.mes) - 1],
    venta_anio2: x.venta_anio2 as number | null,
    venta_anio1: x.venta_anio1 as number | null,
  }));
  const sectorData: Point[] = (sector.data ?? []).map((x) => ({
    x: MONTHS_SHORT[Number(x.mes) - 1],
    venta_anio: x.venta_anio as number | null,
    venta_promedio_rubro: x.venta_promedio_rubro as number | null,
  }));
  const t = cards.data?.traffic[0];
  return (
    <div className="report">
      <div className="card">
        <FilterBar>
          <YearPicker
            id="anio"
            label="Año reporte"
            value={anio}
            years={years}
            onChange={(y) => props.onChange({ ...filters, anio: y })}
          />
          <YearPicker
            id="anioComparativo"
            label="Año comparativo"
            value={anioComparativo}
            years={years}
            onChange={(y) => props.onChange({ ...filters, anioComparativo: y })}
          />
          <ReportProgress progress={r.progress} pending={pending} />
        </FilterBar>
      </div>
      <div className={`report-grid ${pending ? "report-stale" : ""}`} data-testid="dashboard-charts">
        <section className="card" aria-labelledby="chart-years">
          <div className="card-head">
            <h2 id="chart-years">Venta total por mes: {anio} vs {anioComparativo}</h2>
          </div>
          <LineChart
            title={`Venta total por mes ${anio} y ${anioComparativo}`}
            data={yearsData}
            series={[
              { key: "venta_anio2", label: String(anio), color: "#002e98" },
              { key: "venta_anio1", label: String(anioComparativo), color: "#f28c28" },
            ]}
          />
        </section>
        <section className="card" aria-labelledby="chart-sector">
          <div className="card-head">
            <h2 id="chart-sector">Promedio por rubro vs venta total {anio}</h2>
          </div>
          <ComboChart
            title={`Promedio por rubro y venta total ${anio}`}
            data={sectorData}
            columns={[{ key: "venta_anio", label: "Venta total", color: "#9fb3e6" }]}
            lines={[{ key: "venta_promedio_rubro", label: "Promedio por rubro", color: "#c2185b" }]}
          />
        </section>
      </div>
      <section className="card" aria-labelledby="traffic-title">
        <div className="card-head">
          <h2 id="traffic-title">Afluencia peatonal {t?.fecha ? `al ${formatDate(t.fecha)}` : ""}</h2>
          <div className="card-links">
            <Link to={"/Reportes/AfluenciaDiariaPeatonal" as never}>Detalle diario</Link>
            <Link to={"/Reportes/AfluenciaMensualPeatonal" as never}>Detalle mensual</Link>
          </div>
        </div>
        <div className="kpi-grid" data-testid="traffic-cards">
          <div className="kpi" aria-label="Afluencia del día">
            <div className="kpi-label">Hoy (vs. día anterior)</div>
            <div className="kpi-value" data-testid="traffic-today">{formatInteger(t?.hoy)}</div>
            <Variation value={variation(t?.hoy, t?.ayer)} />
          </div>
          <div className="kpi" aria-label="Afluencia acumulada del año">
            <div className="kpi-label">Acumulado del año (vs. año anterior)</div>
            <div className="kpi-value" data-testid="traffic-ytd">{formatInteger(t?.ytd)}</div>
            <Variation value={variation(t?.ytd, t?.ytd_anterior)} />
          </div>
        </div>
      </section>
      <section className="card" aria-labelledby="vacancy-title">
        <div className="card-head">
          <h2 id="vacancy-title">Vacancy al {formatDate(today)}</h2>
        </div>
        <div className="kpi-grid" data-testid="vacancy-cards">
          {(cards.data?.vacancy ?? []).map((v) => (
            <div className="kpi" key={String(v.name)} aria-label={`Vacancy ${v.name}`}>
              <div className="kpi-label">{v.name}</div>
              <div className="kpi-value">{formatPercent(v.vacancy ?? 0)}</div>
              <div className="kpi-sub">{formatInteger(v.vacante)} de {formatInteger(v.area)} m2</div>
            </div>
          ))}
        </div>
      </section>
      <NoDataModal warning={warning} onClose={() => setWarning(null)} />
    </div>
  );
}
