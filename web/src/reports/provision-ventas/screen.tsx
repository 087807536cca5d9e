import { getRouteApi } from "@tanstack/react-router";
import { InputText } from "primereact/inputtext";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { QueryClient } from "@tanstack/react-query";
import { startReport, useReport } from "../../analytics/use-report.ts";
import { columnsOf } from "../../components/data-table/columns.ts";
import { type Currency, formatMoney, formatNumber, formatPercent } from "../../lib/format.ts";
import { type Base, withBase } from "../shared/base.ts";
import { addDays, MONTHS, parts } from "../shared/dates.ts";
import { MallSelect, MonthPicker } from "../shared/filters.tsx";
import { ReportFrame, ReportPage } from "../shared/frame.tsx";
import { useSlowPending } from "../shared/report-states.tsx";
import { PivotTable } from "../shared/pivot-table.tsx";
import { BACKTEST_DAYS, type BacktestRow, backtestSql } from "./backtest.ts";
import { CurrencyTables } from "../shared/currency.tsx";
import { splitByCurrency, symbolOf } from "../shared/money.ts";
import { monthSteps } from "../shared/next.ts";
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
import { startsOnFilterChange } from "../shared/report-route.ts";
import { SCREENS } from "../../screens.ts";

const TITLE = SCREENS["/Reportes/ReporteProvisionVentas"].title;
const DAYS_TITLE = "Días provisionados";
const route = getRouteApi("/_app/Reportes/ReporteProvisionVentas");
type Search = ReturnType<typeof route.useSearch>;
const cp = columnsOf<ProvisionRow>();
const cd = columnsOf<MissingDayRow>();

/** How an estimate is made, in the user's words (the cards' note and the days table's tooltip). */
export const ESTIMATE_NOTE =
  `Estimado: para cada día sin venta registrada, el promedio de las ventas del mismo día de la
semana del contrato en las ${
    HISTORY_DAYS / 7
  } semanas previas (sin historia, su promedio diario del mes), por la
tendencia del mall ese día (ventas de los locatarios que registraron frente a su propio promedio del mismo día,
entre ${TREND_BOUNDS[0]} y ${TREND_BOUNDS[1]}). Las estimaciones solo se muestran en este reporte.`.replace(
    /\s+/g,
    " ",
  );

/** The filters of the URL's search with the defaults from the base (the screen's and the early start's). */
function filtersOf(s: Search, base: Base): ProvisionFilters {
  const [y, m] = parts(addDays(base.today, -1));
  const ok = s.anio && s.mes && s.anio * 12 + s.mes <= y * 12 + m;
  return {
    mall: base.malls.some((x) => x.id === s.mall) ? s.mall : base.malls[0]?.id ?? 0,
    year: ok ? s.anio! : y,
    month: ok ? s.mes! : m,
    contract: s.contrato,
  };
}

export function ProvisionPage() {
  const s = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <ReportPage
      prefetch={(b) => {
        const [y, m] = parts(addDays(b.today, -1));
        return provisionPartitions({
          mall: s.mall || b.mallIds[0] || 0,
          year: s.anio ?? y,
          month: s.mes ?? m,
          contract: "",
        });
      }}
    >
      {(base) => (
        <ProvisionScreen
          base={base}
          filters={filtersOf(s, base)}
          onChange={(n) =>
            navigate({
              replace: true,
              search: (old) => ({
                ...old,
                ...(n.mall !== undefined ? { mall: n.mall } : {}),
                ...(n.year ? { anio: n.year, mes: n.month } : {}),
                ...(n.contract !== undefined ? { contrato: n.contract } : {}),
              }),
            })}
        />
      )}
    </ReportPage>
  );
}

function Card(
  props: { label: string; value: string; testId: string; note?: string; children?: React.ReactNode },
) {
  return (
    <div className="kpi" aria-label={props.label} title={props.note}>
      <div className="kpi-label">{props.label}</div>
      <div className="kpi-value" data-testid={props.testId}>{props.value}</div>
      {props.children}
    </div>
  );
}

/** The month before (year, month): the last complete month whose closings the backtest hides and estimates. */
const monthBefore = (
  year: number,
  month: number,
) => (month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 });

/** How far off the method was on the month before, measured by its backtest (backtest.ts). */
const backtestReport = (base: Base, f: ProvisionFilters) => {
  const before = monthBefore(f.year, f.month);
  return {
    key: ["provision-backtest", base.today, f.mall, before.year, before.month],
    partitions: provisionPartitions({ ...f, ...before }),
    statements: { rows: backtestSql(f.mall, before.year, before.month) },
    select: (x: { rows: BacktestRow[] }) => x.rows.find((r) => r.moneda === "PEN") ?? null,
  };
};

/** The contracts' registered and estimated sales of the month, and the days estimated. */
const provisionReport = (base: Base, f: ProvisionFilters) => ({
  key: ["provision", base.today, f.mall, f.year, f.month, f.contract],
  partitions: provisionPartitions(f),
  statements: { rows: provisionSql(f, base.today), days: missingDaysSql(f, base.today) },
  select: (x: { rows: ProvisionRow[]; days: MissingDayRow[] }) => x,
});

/** A filter change (the route's beforeLoad): the month's provision starts before the screen is drawn. */
const startProvision = (client: QueryClient, s: Search) =>
  withBase(client, (base) => startReport(client, provisionReport(base, filtersOf(s, base))));
startsOnFilterChange(route, startProvision);

export function ProvisionScreen(
  props: { base: Base; filters: ProvisionFilters; onChange: (f: Partial<ProvisionFilters>) => void },
) {
  const { base, filters: f } = props;
  // The month after and before (the month picker's step); the contract code is typed, no click picks a next.
  const r = useReport({
    ...provisionReport(base, f),
    next: () => monthSteps(f, base.today).map((n) => provisionReport(base, { ...f, ...n })),
  });
  const backtest = useReport({ ...backtestReport(base, f), after: r });
  const before = monthBefore(f.year, f.month);
  const [code, setCode] = useState(f.contract);
  useEffect(() => setCode(f.contract), [f.contract]);
  const [warned, setWarned] = useState<string | null>(null);
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
  const key = `${f.mall}-${f.year}-${f.month}-${f.contract}`;
  useEffect(() => setWarned(null), [key]);
  const noData = !!r.data && !r.pending && ![total, usd].some((t) => t?.real || t?.dias_registrados);
  const stale = useSlowPending(r.pending);
  const filterBar = (
    <>
      <MallSelect id="mall" value={f.mall} malls={base.malls} onChange={(mall) => props.onChange({ mall })} />
      <MonthPicker
        id="mes"
        label="Mes"
        year={f.year}
        month={f.month}
        today={addDays(base.today, -1)}
        onChange={(year, month) => props.onChange({ year, month })}
      />
      <div className="filter">
        <label htmlFor="contrato">Código de contrato</label>
        <InputText
          id="contrato"
          value={code}
          placeholder="Todos (Enter para aplicar)"
          onChange={(e) => setCode(e.target.value.toUpperCase().replace(/[^A-Z0-9_.-]/g, "").slice(0, 30))}
          onKeyDown={(e) => {
            if (e.key === "Enter") props.onChange({ contract: code.trim() });
          }}
        />
      </div>
    </>
  );
  return (
    <ReportFrame
      filters={filterBar}
      progress={r.progress}
      pending={r.pending}
      failed={!!r.error}
      warning={noData && warned !== key ? { message: "El mes seleccionado no tiene data registrada." } : null}
      onWarningClose={() => setWarned(key)}
    >
      <section className={`card ${stale ? "report-stale" : ""}`} aria-labelledby="prov-title">
        <div className="card-head">
          <h2 id="prov-title">Provisión {MONTHS[f.month - 1]} {f.year}</h2>
        </div>
        <div className="kpi-grid" data-testid="provision-cards">
          <Card label="Porcentaje Real" testId="prov-real" value={formatPercent(total?.porcentaje_real)} />
          <Card
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
          </Card>
          <Card label="Total" testId="prov-total" value={formatMoney(total?.total)} note={ESTIMATE_NOTE} />
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
      </section>
      <CurrencyTables title={TITLE} columns={columns} data={r.data?.rows} pageSize={8} loading={!r.data} />
      <div className="card">
        <PivotTable
          title={DAYS_TITLE}
          columns={dayColumns}
          rows={r.data?.days}
          pageSize={8}
          loading={!r.data}
        />
      </div>
    </ReportFrame>
  );
}
