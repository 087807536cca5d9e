import { getRouteApi } from "@tanstack/react-router";
import { InputText } from "primereact/inputtext";
import type { QueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import { startReport, useReport } from "../../analytics/use-report.ts";
import { columnsOf } from "../../components/data-table/columns.ts";
import { type Currency, formatDate, formatNumber } from "../../lib/format.ts";
import { type Base, withBase } from "../shared/base.ts";
import { addDays } from "../shared/dates.ts";
import { DateRange, MallSelect } from "../shared/filters.tsx";
import { ReportFrame, ReportPage } from "../shared/frame.tsx";
import { CurrencyTables } from "../shared/currency.tsx";
import { symbolOf } from "../shared/money.ts";
import { rangeSteps } from "../shared/next.ts";
import { rangeOf } from "../ranking-mall/screen.tsx";
import {
  type FlashFilters,
  flashPartitions,
  type ProjectionRow,
  projectionSql,
  type WeekRow,
  weeksSql,
} from "./report.ts";
import { startsOnFilterChange } from "../shared/report-route.ts";
import { SCREENS } from "../../screens.ts";

const TITLE = SCREENS["/Reportes/ReporteProyeccionesIndex"].title;
const PROJECTION_TITLE = "Proyección";
const route = getRouteApi("/_app/Reportes/ReporteProyeccionesIndex");
type Search = ReturnType<typeof route.useSearch>;
const cw = columnsOf<WeekRow & { semana_label: string }>();
const cp = columnsOf<ProjectionRow & { metodo_texto: string; is_total: number }>();

/** How a projection is made, in the user's words. */
export const PROJECTION_NOTE =
  "Proyección (estimada): venta a la fecha + la venta del año anterior en los días que " +
  "faltan del periodo × (venta a la fecha / venta del año anterior a la misma fecha); sin ventas del año anterior, " +
  "el promedio diario a la fecha × los días que faltan. Las proyecciones solo se muestran en este reporte.";

/** The filters of the URL's search with the defaults from the base (the screen's and the early start's). */
const filtersOf = (s: Search, base: Base): FlashFilters => ({
  mall: base.malls.some((x) => x.id === s.mall) ? s.mall : base.malls[0]?.id ?? 0,
  range: rangeOf(base.today, s.desde, s.hasta),
  contract: s.contrato,
});

export function FlashPage() {
  const s = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <ReportPage
      prefetch={(b) =>
        flashPartitions({
          mall: s.mall || b.mallIds[0] || 0,
          range: rangeOf(b.today, s.desde, s.hasta),
          contract: "",
        })}
    >
      {(base) => (
        <FlashScreen
          base={base}
          filters={filtersOf(s, base)}
          onChange={(n) =>
            navigate({
              replace: true,
              search: (old) => ({
                ...old,
                ...(n.mall !== undefined ? { mall: n.mall } : {}),
                ...(n.range ? { desde: n.range.start, hasta: n.range.end } : {}),
                ...(n.contract !== undefined ? { contrato: n.contract } : {}),
              }),
            })}
        />
      )}
    </ReportPage>
  );
}

/** The weeks of the range and the projections of its last day's month and year. */
const flashReport = (base: Base, f: FlashFilters) => ({
  key: ["flash", base.today, f.mall, f.range.start, f.range.end, f.contract],
  partitions: flashPartitions(f),
  statements: { weeks: weeksSql(f), projection: projectionSql(f) },
  select: (x: { weeks: WeekRow[]; projection: ProjectionRow[] }) => x,
});

/** A filter change (the route's beforeLoad): the weeks and projections start before the screen is drawn. */
const startFlash = (client: QueryClient, s: Search) =>
  withBase(client, (base) => startReport(client, flashReport(base, filtersOf(s, base))));
startsOnFilterChange(route, startFlash);

export function FlashScreen(
  props: { base: Base; filters: FlashFilters; onChange: (f: Partial<FlashFilters>) => void },
) {
  const { base, filters: f } = props;
  const y = Number(f.range.start.slice(0, 4));
  // The range moved a month later and earlier: a range is mostly a month (the default is the month to
  // yesterday) and the one looked at next is beside it. The contract code is typed: no click picks a next.
  const r = useReport({
    ...flashReport(base, f),
    next: () => rangeSteps(f.range, base.today).map((range) => flashReport(base, { ...f, range })),
  });
  const [code, setCode] = useState(f.contract);
  useEffect(() => setCode(f.contract), [f.contract]);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [warned, setWarned] = useState<string | null>(null);
  const weekColumns = useCallback((cur: Currency) => [
    cw.text("semana_label", "Semana"),
    cw.money("venta", `Venta ${y}`, cur),
    cw.money("venta_anterior", `Venta ${y - 1}`, cur),
    cw.percent("variacion", "Var %"),
    cw.money("meta", "Meta", cur),
    cw.percent("cumplimiento", "Cumplimiento"),
  ], [y]);
  const projColumns = useCallback((cur: Currency) => [
    cp.text("periodo", "Periodo"),
    cp.money("a_la_fecha", "Venta a la fecha", cur),
    cp.money("proyeccion", "Proyección (estimada)", cur),
    cp.text("metodo_texto", "Cómo se estimó"),
    cp.money("meta", "Meta", cur),
    cp.percent("cumplimiento", "Cumplimiento proyectado"),
    cp.money("anterior_total", `Venta ${y - 1}`, cur),
    cp.percent("variacion", `Var % vs ${y - 1}`),
  ], [y]);
  const weeks = useMemo(() =>
    r.data?.weeks.map((w) => ({
      ...w,
      semana_label: w.is_total
        ? `Total ${symbolOf(w.moneda)}`
        : `Semana ${w.semana} (${formatDate(w.desde)} - ${formatDate(w.hasta)})`,
    })), [r.data]);
  const projection = useMemo(() =>
    r.data?.projection.map((p) => ({
      ...p,
      is_total: 0,
      metodo_texto: p.metodo === "estacionalidad"
        ? `Año anterior × ${formatNumber(p.factor, 4)} (${p.dias_resto} días por estimar)`
        : `Promedio diario × ${p.dias_resto} días por estimar`,
    })), [r.data]);
  const key = `${f.mall}-${f.range.start}-${f.range.end}-${f.contract}`;
  useEffect(() => setWarned(null), [key]);
  const noData = !!weeks && !r.pending && !weeks.some((w) => w.is_total && w.venta);
  // Drawn again only when a filter's value changes, not when the figures arrive.
  const filterBar = useMemo(() => (
    <>
      <MallSelect id="mall" value={f.mall} malls={base.malls} onChange={(mall) => props.onChange({ mall })} />
      <DateRange
        id="rango"
        start={f.range.start}
        end={f.range.end}
        today={addDays(base.today, -1)}
        onChange={(start, end) => props.onChange({ range: { start, end } })}
        error={rangeError}
        onError={setRangeError}
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
  ), [f, base, rangeError, code, props.onChange]);
  return (
    <ReportFrame
      filters={filterBar}
      progress={r.progress}
      pending={r.pending}
      failed={!!r.error}
      warning={noData && warned !== key ? { message: "El mes seleccionado no tiene data registrada." } : null}
      onWarningClose={() => setWarned(key)}
    >
      <CurrencyTables title={TITLE} columns={weekColumns} data={weeks} pageSize={8} loading={!r.data} />
      <CurrencyTables
        title={PROJECTION_TITLE}
        columns={projColumns}
        data={projection}
        pageSize={8}
        loading={!r.data}
      />
      <p className="card muted" data-testid="projection-note">{PROJECTION_NOTE}</p>
    </ReportFrame>
  );
}
