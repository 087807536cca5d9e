// Provisión de Ventas: the contracts' registered sales of a month and the estimate of the days not yet
// registered, the cards of the soles contracts (the dollar ones said apart), the days estimated and how far
// off the method was on the month before.

import { useCallback, useMemo } from "react";
import { useReport } from "../../analytics/use-report.ts";
import { columnsOf } from "../../components/data-table/columns.ts";
import { type Currency, formatMoney, formatNumber, formatPercent } from "../../lib/format.ts";
import { type Base, mallOr } from "../shared/base.ts";
import { askedMonth, MONTHS } from "../shared/dates.ts";
import { MallFilter, MonthFilter } from "../shared/controls.tsx";
import { useSlowPending } from "../shared/report-states.tsx";
import { PivotTable } from "../shared/pivot-table.tsx";
import { BACKTEST_DAYS, type BacktestRow, backtestSql } from "./backtest.ts";
import { ContractCodeFilter } from "../shared/contract-code.tsx";
import { CurrencyTables } from "../shared/currency.tsx";
import { splitByCurrency, symbolOf } from "../shared/money.ts";
import { monthSteps } from "../shared/next.ts";
import { defineReport, type ReportContext, ReportScreen } from "../shared/report-screen.tsx";
import {
  HISTORY_DAYS,
  type MissingDayRow,
  missingDaysSql,
  type ProvisionFilters,
  provisionPartitions,
  type ProvisionRow,
  provisionSql,
  TREND_BOUNDS,
} from "./report.ts";
import { MOVING_CAMPAIGNS } from "./season.ts";
import type { ProvisionSearch } from "./search.ts";
import { Section } from "../shared/section.tsx";
import { Kpi } from "../../components/kpi.tsx";

const DAYS_TITLE = "Días provisionados";
const cp = columnsOf<ProvisionRow>();
const cd = columnsOf<MissingDayRow>();

/** How an estimate is made, in the user's words (the cards' note and the days table's tooltip). */
export const ESTIMATE_NOTE =
  `Estimado: para cada día sin venta registrada, el promedio de las ventas del mismo día de la
semana del contrato en las ${
    HISTORY_DAYS / 7
  } semanas previas (sin historia, su promedio diario del mes), por la
tendencia del mall ese día (ventas de los locatarios que registraron frente a su propio promedio del mismo día,
entre ${TREND_BOUNDS[0]} y ${
    TREND_BOUNDS[1]
  }); si nadie registró ese día, la estacionalidad del mismo día del año
anterior (la misma fecha, o el mismo día de campaña: ${MOVING_CAMPAIGNS.map((c) => c.name).join(", ")}). Las
estimaciones solo se muestran en este reporte.`.replace(
    /\s+/g,
    " ",
  );

/** The filters of the URL's search with the defaults from the base. */
const filtersOf = (base: Base, s: ProvisionSearch): ProvisionFilters => ({
  mall: mallOr(base, s.mall),
  ...askedMonth(base.today, s.anio, s.mes),
  contract: s.contrato,
});

/** The month before (year, month): the last complete month whose closings the backtest hides and estimates. */
const monthBefore = (
  year: number,
  month: number,
) => (month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 });

/** How far off the method was on the month before, measured by its backtest (backtest.ts). */
const backtestReport = (f: ProvisionFilters) => {
  const before = monthBefore(f.year, f.month);
  return {
    name: "provision-backtest",
    partitions: provisionPartitions({ ...f, ...before }),
    statements: { rows: backtestSql(f.mall, before.year, before.month) },
    select: (x: { rows: BacktestRow[] }) => x.rows.find((r) => r.moneda === "PEN") ?? null,
  };
};

/** The contracts' registered and estimated sales of the month, and the days estimated. */
const provisionReport = (base: Base, f: ProvisionFilters) => ({
  name: "provision",
  partitions: provisionPartitions(f),
  statements: { rows: provisionSql(f, base.today), days: missingDaysSql(f, base.today) },
  select: (x: { rows: ProvisionRow[]; days: MissingDayRow[] }) => x,
});

export const provisionVentas = defineReport({
  filters: filtersOf,
  urlNames: { year: "anio", month: "mes", contract: "contrato" },
  report: provisionReport,
  // The month after and before (the month picker's step); the contract code is typed, no click picks a next.
  next: (base, f) => monthSteps(f, base.today),
  noData: (data) => {
    const split = splitByCurrency(data.rows);
    return [split.PEN.total, split.USD.total].some((t) => t?.real || t?.dias_registrados)
      ? null
      : { period: "month" };
  },
  controls: (b) => (
    <>
      <MallFilter {...b} />
      <MonthFilter {...b} />
      <ContractCodeFilter value={b.filters.contract} onApply={(contract) => b.change({ contract })} />
    </>
  ),
  View: (ctx) => <ProvisionView {...ctx} />,
});

export const ProvisionPage = () => <ReportScreen report={provisionVentas} />;

type Data = { rows: ProvisionRow[]; days: MissingDayRow[] };

function ProvisionView(props: ReportContext<ProvisionSearch, ProvisionFilters, Data>) {
  const { title, filters: f, report: r } = props;
  const backtest = useReport({ ...backtestReport(f), after: r });
  const before = monthBefore(f.year, f.month);
  const columns = useCallback((cur: Currency) => [
    cp.text("code", "Contrato"),
    cp.text("denominacion", "Denominación"),
    cp.integer("dias", "Días de operación"),
    cp.integer("dias_registrados", "Días registrados"),
    cp.integer("dias_faltantes", "Días faltantes"),
    cp.money("real", "Venta registrada", cur),
    cp.money("provisionado", "Venta provisionada (estimada)", cur),
    cp.money("total", "Total", cur),
    cp.percent("porcentaje_real", "Porcentaje Real"),
    cp.percent("porcentaje_provisionado", "Porcentaje Provisionado"),
  ], []);
  const dayColumns = useMemo(() => [
    cd.text("code", "Contrato"),
    cd.date("day", "Fecha"),
    cd.mapped("basis", "Base de cálculo", (v) => (v == null ? "Sin historia (0.00)" : String(v))),
    cd.integer("n", "Días leídos"),
    cd.rowMoney("base", "Promedio base", (row) => symbolOf(row.moneda)),
    cd.number("trend", "Tendencia del mall", 2),
    cd.rowMoney("estimate", "Estimado", (row) => symbolOf(row.moneda)),
  ], []);
  // The cards and the note are the soles contracts'; the dollar contracts' totals are said apart.
  const { total, usd } = useMemo(() => {
    const split = splitByCurrency(r.data?.rows);
    return { total: split.PEN.total, usd: split.USD.total };
  }, [r.data]);
  const stale = useSlowPending(r.pending);
  return (
    <>
      <Section
        id="prov-title"
        heading={`Provisión ${MONTHS[f.month - 1]} ${f.year}`}
        className={stale ? "report-stale" : ""}
      >
        <div className="kpi-grid" data-testid="provision-cards">
          <Kpi label="Porcentaje Real" testId="prov-real" value={formatPercent(total?.porcentaje_real)} />
          <Kpi
            label="Porcentaje Provisionado"
            testId="prov-provisionado"
            value={formatPercent(total?.porcentaje_provisionado)}
            note={ESTIMATE_NOTE}
          >
            {backtest.data?.error_pct != null && (
              <div
                className="kpi-sub"
                data-testid="prov-error"
                title={`Medido en ${
                  MONTHS[before.month - 1]
                } ${before.year}: se ocultaron los últimos ${BACKTEST_DAYS} días registrados de cada contrato, se estimaron con este mismo método y se compararon con lo registrado (error del total del mes, contratos en soles).`}
              >
                error esperado ±{formatNumber(Math.abs(backtest.data.error_pct), 1)} %
              </div>
            )}
          </Kpi>
          <Kpi label="Total" testId="prov-total" value={formatMoney(total?.total)} note={ESTIMATE_NOTE} />
        </div>
        <p className="muted" data-testid="prov-note">
          Registrado {formatMoney(total?.real)} en {formatNumber(total?.dias_registrados ?? 0, 0)}{" "}
          días; estimado {formatMoney(total?.provisionado)} para {formatNumber(total?.dias_faltantes ?? 0, 0)}
          {" "}
          días faltantes. {ESTIMATE_NOTE}
        </p>
        {usd && (
          <p className="muted" data-testid="prov-usd">
            Contratos en dólares (aparte): registrado {formatMoney(usd.real, "$")}; estimado{" "}
            {formatMoney(usd.provisionado, "$")}; total {formatMoney(usd.total, "$")} (
            {formatPercent(usd.porcentaje_provisionado)} provisionado).
          </p>
        )}
      </Section>
      <CurrencyTables title={title} columns={columns} data={r.data?.rows} pageSize={8} loading={!r.data} />
      <div className="card">
        <PivotTable
          title={DAYS_TITLE}
          columns={dayColumns}
          rows={r.data?.days}
          pageSize={8}
          loading={!r.data}
        />
      </div>
    </>
  );
}
