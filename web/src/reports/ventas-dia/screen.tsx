import { getRouteApi } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { useMemo, useState } from "react";
import type { QueryClient } from "@tanstack/react-query";
import { startReport, useReport } from "../../analytics/use-report.ts";
import { columnsOf } from "../../components/data-table/columns.ts";
import { UsdNote, withUsd } from "../shared/usd-note.tsx";
import { formatDate, formatMoney, formatPercent } from "../../lib/format.ts";
import { type Base, withBase } from "../shared/base.ts";
import { ComparedContracts } from "../shared/compared-contracts.tsx";
import { addDays } from "../shared/dates.ts";
import { DatePicker, MallSelect, MIN_DATE, ModeSelect, Switch } from "../shared/filters.tsx";
import { ReportFrame, ReportPage } from "../shared/frame.tsx";
import { PivotTable } from "../shared/pivot-table.tsx";
import { nearestYear } from "../shared/report-states.tsx";
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
import { startsOnFilterChange } from "../shared/report-route.ts";
import { SCREENS } from "../../screens.ts";

const TITLE = SCREENS["/Reportes/ReporteDiaIndex"].title;

const c = columnsOf<DayRow>();

const route = getRouteApi("/_app/Reportes/ReporteDiaIndex");
type Search = ReturnType<typeof route.useSearch>;

/** The day shown: the URL's when it is from 1 Jan 2017 to yesterday, else yesterday. */
export const dayOr = (day: string | undefined, today: string) => {
  const yesterday = addDays(today, -1);
  return day && day >= MIN_DATE && day <= yesterday ? day : yesterday;
};

const filtersOf = (s: Search, base: Base): DayFilters => ({
  type: s.tipo,
  mall: s.mall,
  day: dayOr(s.fecha, base.today),
  inflation: s.inflacion,
});

/** A filter change (the route's beforeLoad): the table of the new filters starts before the screen is drawn. */
const startVentasDia = (client: QueryClient, s: Search) =>
  withBase(client, (base) => startReport(client, dayReport(base, filtersOf(s, base))));
startsOnFilterChange(route, startVentasDia);

/** /Reportes/ReporteDiaIndex: a day (or its month to it) against the same day(s) of the year before. */
export function VentasDiaPage() {
  const s = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <ReportPage prefetch={(b) => dayPartitions(s.mall ? [s.mall] : b.mallIds, dayOr(s.fecha, b.today))}>
      {(base) => (
        <VentasDiaScreen
          base={base}
          search={filtersOf(s, base)}
          onChange={(n) =>
            navigate({
              replace: true,
              search: (old) => ({
                ...old,
                ...(n.type ? { tipo: n.type } : {}),
                ...(n.mall !== undefined ? { mall: n.mall } : {}),
                ...(n.day ? { fecha: n.day } : {}),
                ...(n.inflation !== undefined ? { inflacion: n.inflation } : {}),
              }),
            })}
        />
      )}
    </ReportPage>
  );
}

const partitionsOf = (base: Base, f: DayFilters) =>
  dayPartitions(f.mall ? [f.mall] : base.malls.map((m) => m.id), f.day);

/** By period, not by view: 'Venta' and 'Venta m2' are the same figures (a switch needs no query). */
function keyOf(base: Base, f: DayFilters) {
  const { act } = periods(f);
  return [base.today, act.start, act.end, f.mall, f.inflation];
}

/** The table of a day (or its month to it), per mall or per category. */
const dayReport = (base: Base, f: DayFilters) => ({
  key: ["dia", ...keyOf(base, f)],
  partitions: partitionsOf(base, f),
  statements: { rows: daySql(f) },
  select: withUsd<DayRow>,
});

/** The same view accumulated or not: the one other type whose figures differ (m2 is the same figures). */
const OTHER_PERIOD: Record<DayType, DayType> = {
  dia: "acumulada",
  acumulada: "dia",
  m2: "m2acumulada",
  m2acumulada: "m2",
};

/**
 * The filters most likely picked next, most likely first: the calendar's day after and day before (none after
 * yesterday nor before 2017), then the other accumulation, then the other 'Inflación'. Cut to three, since
 * each one costs a computation while the page is idle; on the default day (yesterday) the three are the day
 * before, the accumulation and the switch.
 */
function daySteps(f: DayFilters, today: string): DayFilters[] {
  const last = addDays(today, -1);
  const days = [addDays(f.day, 1), addDays(f.day, -1)].filter((d) => d >= MIN_DATE && d <= last);
  const steps: DayFilters[] = [
    ...days.map((day) => ({ ...f, day })),
    { ...f, type: OTHER_PERIOD[f.type] },
    { ...f, inflation: !f.inflation },
  ];
  return steps.slice(0, 3);
}

export function VentasDiaScreen(
  props: { base: Base; search: DayFilters; onChange: (s: Partial<DayFilters>) => void },
) {
  const { base, search } = props;
  const { act, y2, y1 } = periods(search);
  const m2 = isM2(search.type);
  const partitions = partitionsOf(base, search);
  const key = keyOf(base, search);
  const r = useReport({
    ...dayReport(base, search),
    next: () => daySteps(search, base.today).map((n) => dayReport(base, n)),
  });
  const [drill, setDrill] = useState<{ id: number; name: string } | null>(null);
  const columns = useMemo(() => [
    c.text("nombre", search.mall === 0 ? "Mall" : "Categoría"),
    ...(m2
      ? [
        c.money("act_m2", `Venta m2 ${y2}`),
        c.money("cmp_m2", `Venta m2 ${y1}`),
        c.money("diff_m2", "Diferencia S/"),
        c.percent("pct_m2", "Var %"),
        c.area("area_act", `Área m2 ${y2}`),
        c.area("area_cmp", `Área m2 ${y1}`),
      ]
      : [
        c.money("act", `Venta ${y2}`),
        c.money("cmp", `Venta ${y1}`),
        c.money("diff", "Diferencia S/"),
        c.percent("pct", "Var %"),
      ]),
    c.button("contratos", "Contratos", {
      label: "Contratos",
      name: (row) => `Contratos de ${row.nombre}`,
      onClick: (row) => setDrill({ id: row.group_id, name: row.nombre }),
    }),
  ], [m2, y1, y2, search.mall]);

  const noYear = base.salesYears.length > 0 && !base.salesYears.includes(y1);
  const noMonth = !!r.data && !r.pending && !r.data.total?.act;
  const [warned, setWarned] = useState<string | null>(null);
  const warnKey = key.join(":");
  const suggestion = nearestYear(y1, base.salesYears);
  const warning = warned === warnKey
    ? null
    : noMonth
    ? { message: "El mes seleccionado no tiene data registrada." }
    : noYear
    ? {
      message: `El año ${y1} no tiene datos registrados.`,
      detail: suggestion ? `Se encontro datos en el año ${suggestion}` : undefined,
    }
    : null;
  const usd = r.data?.usd;
  const label = DAY_TYPES.find((t) => t.value === search.type)!.label;
  // Drawn again only when a filter's value changes, not when the figures arrive.
  const filters = useMemo(() => (
    <>
      <ModeSelect value={search.type} options={DAY_TYPES} onChange={(type) => props.onChange({ type })} />
      <MallSelect
        id="mall"
        value={search.mall}
        malls={base.malls}
        all
        onChange={(mall) => props.onChange({ mall })}
      />
      <DatePicker
        id="fecha"
        label="Fecha"
        value={search.day}
        min={MIN_DATE}
        max={addDays(base.today, -1)}
        onChange={(day) => props.onChange({ day })}
      />
      <Switch
        id="inflacion"
        label="Inflación"
        checked={search.inflation}
        onChange={(v) => props.onChange({ inflation: v })}
      />
    </>
  ), [search, base, props.onChange]);
  const total = r.data?.total;
  const hasTotal = !!total;
  // Memoized: a new element each render would draw the memoized table again while the figures compute.
  const actions = useMemo(() => (
    <Button
      type="button"
      label="Contratos del total"
      size="small"
      outlined
      disabled={!hasTotal}
      onClick={() => setDrill({ id: 0, name: "Total" })}
    />
  ), [hasTotal]);
  return (
    <ReportFrame
      filters={filters}
      progress={r.progress}
      pending={r.pending}
      failed={!!r.error}
      headline={{
        id: "dia-total",
        title: act.start === act.end
          ? `${label} ${formatDate(act.end)}`
          : `${label} del ${formatDate(act.start)} al ${formatDate(act.end)}`,
        value: formatMoney(m2 ? total?.act_m2 : total?.act),
        detail: `${y1}: ${formatMoney(m2 ? total?.cmp_m2 : total?.cmp)} · ${
          formatPercent(m2 ? total?.pct_m2 : total?.pct)
        }`,
      }}
      warning={warning}
      onWarningClose={() => setWarned(warnKey)}
    >
      <div className="card">
        <PivotTable
          title={TITLE}
          columns={columns}
          rows={r.data?.rows}
          totals={r.data?.total}
          loading={!r.data}
          actions={actions}
        />
        <UsdNote usd={usd} y2={y2} y1={y1} testId="dia-usd" />
      </div>
      <ComparedContracts
        title={drill ? `Contratos · ${drill.name}` : null}
        reportKey={["dia", ...key, drill?.id]}
        partitions={partitions}
        statement={dayContractsSql(search, drill?.id ?? 0)}
        y2={y2}
        y1={y1}
        m2={m2}
        onHide={() => setDrill(null)}
      />
    </ReportFrame>
  );
}
