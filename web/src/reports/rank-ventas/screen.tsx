import { getRouteApi } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { QueryClient } from "@tanstack/react-query";
import { startReport, useReport } from "../../analytics/use-report.ts";
import { columnsOf } from "../../components/data-table/columns.ts";
import type { Currency } from "../../lib/format.ts";
import { type Base, withBase } from "../shared/base.ts";
import { ContractCurvePanel, type CurveContract } from "../shared/contract-curve-panel.tsx";
import { addDays, MONTHS, parts } from "../shared/dates.ts";
import {
  lastSixYears,
  MallSelect,
  ModeSelect,
  MonthPicker,
  OptionSelect,
  YearPicker,
} from "../shared/filters.tsx";
import { ReportFrame, ReportPage } from "../shared/frame.tsx";
import { monthSteps, yearSteps } from "../shared/next.ts";
import { CurrencyTables } from "../shared/currency.tsx";
import {
  cebesSql,
  type MonthlyRankRow,
  monthlyRankSql,
  monthsShown,
  type RankFilters,
  type RankMode,
  rankPartitions,
  type YearlyRankRow,
  yearlyRankSql,
} from "./report.ts";
import { startsOnFilterChange } from "../shared/report-route.ts";
import { SCREENS } from "../../screens.ts";

const TITLE = SCREENS["/Reportes/RankVentas"].title;
const MODES: { value: RankMode; label: string }[] = [
  { value: "mensual", label: "Mensual" },
  { value: "anual", label: "Anual" },
  { value: "anualM2", label: "Anual por M2" },
];

const route = getRouteApi("/_app/Reportes/RankVentas");
type Search = ReturnType<typeof route.useSearch>;
const cm = columnsOf<MonthlyRankRow>();
const cy = columnsOf<YearlyRankRow>();

/** The filters of the URL's search with the defaults from the base (the screen's and the early start's). */
function filtersOf(s: Search, base: Base): RankFilters {
  const [y, m] = parts(addDays(base.today, -1));
  const year = s.anio && s.anio <= y ? s.anio : y;
  const month = s.mes && year * 12 + s.mes <= y * 12 + m ? s.mes : year === y ? m : 12;
  const mall = base.malls.some((x) => x.id === s.mall) ? s.mall : base.malls[0]?.id ?? 0;
  return { mode: s.tipo, year, month, mall, cebe: s.cebe };
}

export function RankVentasPage() {
  const s = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <ReportPage
      prefetch={(b) => rankPartitions(s.mall || b.mallIds[0] || 0, s.anio ?? parts(addDays(b.today, -1))[0])}
    >
      {(base) => (
        <RankVentasScreen
          base={base}
          filters={filtersOf(s, base)}
          onChange={(n) =>
            navigate({
              replace: true,
              search: (old) => ({
                ...old,
                ...(n.mode ? { tipo: n.mode } : {}),
                ...(n.year ? { anio: n.year } : {}),
                ...(n.month ? { mes: n.month } : {}),
                ...(n.mall !== undefined ? { mall: n.mall, cebe: "" } : {}),
                ...(n.cebe !== undefined ? { cebe: n.cebe } : {}),
              }),
            })}
        />
      )}
    </ReportPage>
  );
}

/** The CeBes of the mall (the CeBe filter's options). */
const cebesReport = (f: RankFilters) => ({
  key: ["rank-cebes", f.mall],
  partitions: rankPartitions(f.mall, f.year),
  statements: { cebes: cebesSql(f.mall) },
  select: (x: { cebes: { code: string; name: string }[] }) => x.cebes,
});

const keyOf = (base: Base, f: RankFilters) => [
  base.today,
  f.mode,
  f.year,
  f.mode === "mensual" ? f.month : 0,
  f.mall,
  f.cebe,
];

/** Mensual: the contracts ranked by the month's sales. */
const monthlyReport = (base: Base, f: RankFilters) => ({
  key: ["rank-ventas-mensual", ...keyOf(base, f)],
  partitions: rankPartitions(f.mall, f.year),
  statements: { rows: monthlyRankSql(f, base.today) },
  select: (x: { rows: MonthlyRankRow[] }) => x.rows,
  enabled: f.mode === "mensual",
});

/** Anual and Anual por M2: the contracts ranked by the year's sales (or per m2), a column per month. */
const yearlyReport = (base: Base, f: RankFilters) => ({
  key: ["rank-ventas-anual", ...keyOf(base, f)],
  partitions: rankPartitions(f.mall, f.year),
  statements: { rows: yearlyRankSql(f, base.today) },
  select: (x: { rows: YearlyRankRow[] }) => x.rows,
  enabled: f.mode !== "mensual",
});

/**
 * A filter change (the route's beforeLoad): the new filters' reports start before the screen is drawn, in the
 * screen's order: the CeBes, then the ranking of the 'Tipo' shown (startReport skips the other, not enabled).
 */
const startRankVentas = (client: QueryClient, s: Search) =>
  withBase(client, (base) => {
    const f = filtersOf(s, base);
    startReport(client, cebesReport(f));
    startReport(client, monthlyReport(base, f));
    startReport(client, yearlyReport(base, f));
  });
startsOnFilterChange(route, startRankVentas);

/**
 * The yearly filters most likely picked next, most likely first: the other yearly 'Tipo' (same partitions),
 * then the year after and before among the picker's years. Mensual to a yearly view is another report (other
 * rows), so it is not computed ahead.
 */
function yearlySteps(f: RankFilters, today: string): RankFilters[] {
  const years = lastSixYears(addDays(today, -1));
  const other: RankFilters = { ...f, mode: f.mode === "anual" ? "anualM2" : "anual" };
  return [
    other,
    ...yearSteps(f.year, years, { forward: true }).map((year) => ({ ...f, year })),
  ];
}

export function RankVentasScreen(
  props: { base: Base; filters: RankFilters; onChange: (f: Partial<RankFilters>) => void },
) {
  const { base, filters: f } = props;
  const monthly = f.mode === "mensual";
  const partitions = rankPartitions(f.mall, f.year);
  const cebes = useReport(cebesReport(f));
  const key = keyOf(base, f);
  const rm = useReport({
    ...monthlyReport(base, f),
    // The month after and before, the month picker's likely steps.
    next: () => monthSteps(f, base.today).map((at) => monthlyReport(base, { ...f, ...at })),
  });
  const ry = useReport({
    ...yearlyReport(base, f),
    next: () => yearlySteps(f, base.today).map((n) => yearlyReport(base, n)),
  });
  const r = monthly ? rm : ry;
  const [curve, setCurve] = useState<CurveContract | null>(null);
  const [warned, setWarned] = useState<string | null>(null);
  const curveButton = (
    row: { contract_id: number; code: string; denominacion: string; moneda: string; is_total: number },
  ) => (
    <Button
      type="button"
      icon="pi pi-chart-line"
      size="small"
      text
      aria-label={`Curva de ventas de ${row.code}`}
      onClick={() =>
        setCurve({ id: row.contract_id, code: row.code, denominacion: row.denominacion, moneda: row.moneda })}
    />
  );
  const shown = monthsShown(f.year, base.today);
  const mColumns = useCallback((cur: Currency) => [
    cm.integer("ranking", "Ranking"),
    cm.text("code", "Cod Contrato"),
    cm.text("denominacion", "Den Contrato"),
    cm.text("objetos", "Objetos"),
    cm.area("area", "Area"),
    cm.money("venta", "Monto de Venta", cur),
    cm.integer("transacciones", "Transacciones"),
    cm.text("rubro", "Rubro"),
    cm.text("cebe", "CeBe"),
    cm.text("comercial", "Comercial"),
    cm.action("curva", "Curva", curveButton),
  ], []);
  const yColumns = useCallback((cur: Currency) => [
    cy.integer("ranking", "Ranking"),
    cy.text("code", "Cod Contrato"),
    cy.text("denominacion", "Den Contrato"),
    cy.area("area", "Area"),
    // Anual por M2 shows amounts per m2 in the contracts' currency.
    ...Array.from({ length: shown }, (_, i) => cy.money(`m${i + 1}`, MONTHS[i], cur)),
    cy.money("total", "Total", cur),
    cy.action("curva", "Curva", curveButton),
  ], [shown]);
  const noData = !r.pending && !!r.data && r.data.length <= 1;
  const wkey = key.join("-");
  useEffect(() => setWarned(null), [wkey]);
  const cebeOptions = useMemo(() => [
    { value: "", label: "Todos" },
    ...(cebes.data ?? []).map((x) => ({ value: x.code, label: `${x.code} - ${x.name}` })),
  ], [cebes.data]);
  const filterBar = (
    <>
      <ModeSelect value={f.mode} options={MODES} onChange={(mode) => props.onChange({ mode })} />
      {monthly
        ? (
          <MonthPicker
            id="mes"
            label="Mes"
            year={f.year}
            month={f.month}
            today={addDays(base.today, -1)}
            onChange={(year, month) => props.onChange({ year, month })}
          />
        )
        : (
          <YearPicker
            id="anio"
            label="Año"
            value={f.year}
            years={lastSixYears(addDays(base.today, -1))}
            onChange={(year) => props.onChange({ year })}
          />
        )}
      <MallSelect id="mall" value={f.mall} malls={base.malls} onChange={(mall) => props.onChange({ mall })} />
      <OptionSelect
        id="cebe"
        label="CeBe"
        value={f.cebe}
        options={cebeOptions}
        onChange={(cebe) => props.onChange({ cebe })}
        filter
      />
    </>
  );
  return (
    <ReportFrame
      filters={filterBar}
      progress={r.progress}
      pending={r.pending}
      failed={!!r.error}
      warning={noData && warned !== wkey
        ? { message: "El mes seleccionado no tiene data registrada." }
        : null}
      onWarningClose={() => setWarned(wkey)}
    >
      {monthly
        ? <CurrencyTables title={TITLE} columns={mColumns} data={rm.data} pageSize={8} loading={!rm.data} />
        : <CurrencyTables title={TITLE} columns={yColumns} data={ry.data} pageSize={8} loading={!ry.data} />}
      <ContractCurvePanel
        contract={curve}
        y2={f.year}
        y1={f.year - 1}
        month={monthly ? f.month : null}
        partitions={[...new Set([...partitions, ...rankPartitions(f.mall, f.year - 1)])]}
        onClose={() => setCurve(null)}
      />
    </ReportFrame>
  );
}
