// Explorador de Ventas (/Reportes/ExploradorVentas, issue 41): rows, columns, measures, filters and dates
// picked freely; the pivot with subtotals and totals, its chart, its Excel export and the closings behind any
// cell. The whole choice is the URL (search.ts); computed by DuckDB from the statement sql.ts builds.

import { Button } from "primereact/button";
import { useMemo, useState } from "react";
import {
  CEBE_CODE,
  DIMENSION_IDS,
  DIMENSIONS,
  type ExplorerState,
  explorerState,
  MAX_COLUMNS,
  MAX_MEASURES,
  MAX_ROWS,
  MEASURE_IDS,
  MEASURES,
} from "#contract/explorer.ts";
import { partitionKey } from "#contract/extracts.ts";
import { statement } from "../../analytics/connector.ts";
import { useReport } from "../../analytics/use-report.ts";
import { columnsOf } from "../../components/data-table/columns.ts";
import type { Base } from "../shared/base.ts";
import { COLORS, ComboChart, LineChart, type Point, type Series } from "../../components/charts/charts.tsx";
import { addDays } from "../shared/dates.ts";
import { comparisonYears } from "../shared/years.ts";
import { DatePicker, MIN_DATE, OptionSelect } from "../shared/filters.tsx";
import { type Bound, ModeFilter, OptionFilter, SwitchFilter } from "../shared/controls.tsx";
import { defineReport, type ReportContext, ReportScreen, useMainReport } from "../shared/report-screen.tsx";
import { PivotTable } from "../shared/pivot-table.tsx";
import { DrillDialog } from "./drill.tsx";
import { type Line, pivotOf, type ValueColumn, valueColumnsOf } from "./pivot.ts";
import type { ExplorerSearch } from "./search.ts";
import {
  type Cell,
  explorerPartitions,
  type ExplorerRow,
  explorerSql,
  measuresOf,
  sliceError,
} from "./sql.ts";
import { chartFormat, Multi, valueColumn } from "./parts.tsx";
import { SavedViews } from "./views.tsx";

const rowsOf = (x: { rows: ExplorerRow[] }) => x.rows;
const NONE = { rows: statement<ExplorerRow>("select 1") };

/** The slice of the URL: the range defaults to the year of yesterday, January to yesterday. */
export function sliceOf(s: ExplorerSearch, today: string): ExplorerState {
  const last = addDays(today, -1);
  const { orden: _o, desc: _d, ...rest } = s;
  return { ...rest, desde: s.desde ?? `${last.slice(0, 4)}-01-01`, hasta: s.hasta ?? last };
}

/** Why a slice is not computed (the form's message), or null. */
function problemOf(slice: ExplorerState) {
  const checked = explorerState.safeParse(slice);
  return checked.success ? sliceError(slice) : checked.error.issues[0].message;
}

/**
 * The explorer's filters are the URL's names (no mapping); its report is the slice's figures, none while the
 * slice has a problem. Its order's options are the figures' columns (the controls read the main report).
 */
export const explorer = defineReport({
  filters: (_base: Base, s: ExplorerSearch) => s,
  report: (base, s) => {
    const slice = sliceOf(s, base.today);
    // The chart's kind and the order change no statement: no figure is computed again for them.
    return problemOf(slice)
      ? { name: "explorer", partitions: [], enabled: false, statements: NONE, select: rowsOf }
      : {
        name: "explorer",
        partitions: explorerPartitions(slice, base.mallIds),
        statements: { rows: explorerSql(slice) },
        select: rowsOf,
      };
  },
  controls: (b) => <ExplorerControls {...b} />,
  View: (ctx) => <ExploradorView {...ctx} />,
});

export const ExploradorPage = () => <ReportScreen report={explorer} />;

interface Options {
  categories: { id: number; name: string }[];
  contracts: {
    id: number;
    code: string;
    denominacion: string;
    cebe_code: string | null;
    cebe_name: string | null;
  }[];
}

const OPTION_PARTITIONS = [partitionKey("categories"), partitionKey("contracts")];
const optionStatements = {
  categories: statement<Options["categories"][number]>(
    "select id::int as id, name from categories order by name",
  ),
  contracts: statement<Options["contracts"][number]>(
    "select id::int as id, code, denominacion, cebe_code, cebe_name from contracts order by code",
  ),
};

/** The lists of 'Rubros', 'Contratos' and 'CeBe' (its valid codes), made once per catalogue. */
function optionsOf(r: Options) {
  const cebes = new Map<string, string>();
  for (const k of r.contracts) {
    if (k.cebe_code && CEBE_CODE.test(k.cebe_code)) {
      cebes.set(k.cebe_code, `${k.cebe_code} ${k.cebe_name ?? ""}`.trim());
    }
  }
  return {
    rubros: r.categories.map((g) => ({ value: g.id, label: g.name })),
    contratos: r.contracts.map((k) => ({ value: k.id, label: `${k.code} · ${k.denominacion}` })),
    cebes: [...cebes].sort().map(([value, label]) => ({ value, label })),
  };
}
const NO_OPTIONS: ReturnType<typeof optionsOf> = { rubros: [], contratos: [], cebes: [] };

const dimOptions = DIMENSION_IDS.map((d) => ({ value: d, label: DIMENSIONS[d] }));
const measureOptions = MEASURE_IDS.map((m) => ({ value: m, label: MEASURES[m] }));
const CURRENCIES = [
  { value: "", label: "Todas" },
  { value: "PEN", label: "Soles (S/)" },
  { value: "USD", label: "Dólares ($)" },
];
const CHARTS = [{ value: "barras" as const, label: "Barras" }, { value: "lineas" as const, label: "Líneas" }];

const c = columnsOf<Line>();
/** The slice's lists picked in a Multi, and an option of one. */
type ListId = "filas" | "columnas" | "malls" | "rubros" | "cebes" | "contratos";
type ListOption<K extends ListId> = { value: ExplorerSearch[K][number]; label: string };
const MAX_CHART_POINTS = 40;

function ExploradorView(props: ReportContext<ExplorerSearch, ExplorerSearch, ExplorerRow[]>) {
  const { title, base, search, report: r, change: onChange } = props;
  const slice = useMemo(() => sliceOf(search, base.today), [search, base.today]);
  const problem = problemOf(slice);
  const partitions = problem ? [] : explorerPartitions(slice, base.mallIds);
  const [drill, setDrill] = useState<{ title: string; cell: Cell } | null>(null);
  const pivot = useMemo(
    () => (r.data && !problem ? pivotOf(slice, r.data, { by: search.orden, desc: search.desc }) : null),
    [r.data, slice, search.orden, search.desc, problem],
  );
  const columns = useMemo(() => {
    if (!pivot) return [];
    const onDrill = (line: Line, v: ValueColumn) => {
      const cell = { ...line.cell, ...v.cell };
      const where = [
        ...slice.filas.filter((d) => d in line.cell).map((d) => line[`d_${d}`]),
        ...slice.columnas.filter((d) => d in v.cell).length
          ? [v.header.split(" · ").slice(0, -1).join(" · ")]
          : [],
      ].filter(Boolean).join(" · ");
      setDrill({ title: `Cierres · ${where || "Total"}`, cell });
    };
    const dims = slice.filas.map((d) => c.text(`d_${d}`, DIMENSIONS[d]));
    return [
      ...(dims.length ? dims : [c.text("etiqueta", "")]),
      ...pivot.columns.map((v) => valueColumn(v, onDrill)),
    ].map((col) => ({ ...col, enableSorting: false }));
  }, [pivot, slice]);
  const { notes } = measuresOf(slice);
  const hasTotal = !!pivot?.total || !!pivot?.lines.length;
  // The closings of the whole slice (the totals row's figures).
  const totalDrill = useMemo(() => (
    <Button
      type="button"
      label="Cierres del total"
      size="small"
      outlined
      disabled={!hasTotal}
      onClick={() => setDrill({ title: "Cierres · Total", cell: {} })}
    />
  ), [hasTotal]);
  const lines = useMemo(
    () => pivot?.lines.map((l) => (slice.filas.length ? l : { ...l, etiqueta: "Total" })),
    [pivot, slice.filas.length],
  );

  // The chart: the first figure of each column group over the first row dimension's groups.
  const chart = useMemo(() => {
    if (!pivot || !slice.filas.length) return null;
    const firstMeasure = pivot.columns.find((v) => v.figure)?.measure;
    const shown = pivot.columns.filter((v) => v.figure && v.measure === firstMeasure).slice(0, COLORS.length);
    const series: Series[] = shown.map((v, i) => ({ key: v.id, label: v.header, color: COLORS[i] }));
    const d0 = slice.filas[0];
    const data: Point[] = pivot.lines.filter((l) => l.level === 1).map((l) => ({
      x: String(l[`d_${d0}`]),
      ...Object.fromEntries(shown.map((v) => [v.id, (l[v.id] as number | null) ?? null])),
    }));
    // Beyond 40 groups (a chart by contract or by day) the bars no longer read: the table says it.
    if (data.length > MAX_CHART_POINTS) return null;
    return { series, data, format: chartFormat(shown[0]) };
  }, [pivot, slice.filas]);

  return (
    <>
      <SavedViews
        slice={problem ? null : slice}
        onOpen={(v) => onChange({ ...v, orden: "", desc: true })}
      />
      {(problem || notes.length > 0) && (
        <div className="card" role={problem ? "alert" : "note"}>
          {problem && <p className="filter-error">{problem}</p>}
          {notes.map((n) => <p key={n} className="muted">{n}</p>)}
        </div>
      )}
      <div className="card">
        <PivotTable
          title={title}
          columns={columns}
          rows={problem ? [] : lines}
          totals={pivot?.total ?? null}
          loading={!problem && !r.data}
          pageSize={50}
          actions={totalDrill}
        />
      </div>
      {chart && chart.series.length > 0 && (
        <section className="card" aria-label={`Gráfico · ${title}`}>
          {search.grafico === "lineas"
            ? <LineChart title={`Gráfico · ${title}`} {...chart} />
            : <ComboChart title={`Gráfico · ${title}`} {...chart} columns={chart.series} lines={[]} />}
        </section>
      )}
      <DrillDialog
        title={drill?.title ?? null}
        slice={slice}
        cell={drill?.cell ?? null}
        partitions={partitions}
        onHide={() => setDrill(null)}
      />
    </>
  );
}

/** The slice's filter bar: its lists are a report of their own, its order's options the figures' columns. */
function ExplorerControls(b: Bound<ExplorerSearch>) {
  const { base, filters: search, change: onChange } = b;
  const slice = useMemo(() => sliceOf(search, base.today), [search, base.today]);
  const { data } = useMainReport<ExplorerRow[]>();
  const options = useReport({
    name: "explorer-options",
    partitions: OPTION_PARTITIONS,
    statements: optionStatements,
    select: optionsOf,
  });
  const sortOptions = useMemo(
    () => [
      { value: "", label: "Orden de las filas" },
      ...(data && !problemOf(slice) ? valueColumnsOf(slice, data).columns : [])
        .map((v) => ({ value: v.id, label: v.header })),
    ],
    [data, slice],
  );
  const malls = useMemo(() => base.malls.map((m) => ({ value: m.id, label: m.name })), [base.malls]);
  const { rubros, contratos, cebes } = options.data ?? NO_OPTIONS;
  const years = useMemo(() => [
    { value: 0, label: "Sin comparación" },
    ...comparisonYears(base.today).map((y) => ({ value: y, label: String(y) })),
  ], [base.today]);

  /**
   * A list of the slice ('Todos' when empty): ids, searched in the dropdown unless few; or the dimensions of
   * the rows or columns (`max`), whose change clears the order of their value columns.
   */
  const list = <K extends ListId>(id: K, label: string, options: ListOption<K>[], max?: number) => (
    <Multi
      id={id}
      label={label}
      value={search[id] as ListOption<K>["value"][]}
      options={options}
      max={max}
      filter={(!max && id !== "malls") || undefined}
      onChange={(v) => onChange({ [id]: v, ...(max ? { orden: "" } : {}) })}
    />
  );
  /** A day of the range. */
  const day = (id: "desde" | "hasta", label: string) => (
    <DatePicker
      id={id}
      label={label}
      value={slice[id]}
      min={MIN_DATE}
      max={base.today}
      onChange={(d) => onChange(id === "desde" ? { desde: d } : { hasta: d })}
    />
  );
  return (
    <>
      {list("filas", "Filas", dimOptions, MAX_ROWS)}
      {list("columnas", "Columnas", dimOptions, MAX_COLUMNS)}
      <Multi
        id="medidas"
        label="Medidas"
        value={search.medidas}
        options={measureOptions}
        max={MAX_MEASURES}
        onChange={(medidas) => medidas.length && onChange({ medidas, orden: "" })}
      />
      {day("desde", "Desde")}
      {day("hasta", "Hasta")}
      <OptionSelect
        id="comparar"
        label="Comparar con"
        value={search.comparar ?? 0}
        options={years}
        onChange={(y) => onChange({ comparar: y || null })}
      />
      <SwitchFilter {...b} name="inflacion" label="Inflación" />
      {list("malls", "Malls", malls)}
      {list("rubros", "Rubros", rubros)}
      {list("cebes", "CeBe", cebes)}
      {list("contratos", "Contratos", contratos)}
      <OptionSelect
        id="moneda"
        label="Moneda"
        value={search.moneda ?? ""}
        options={CURRENCIES}
        onChange={(m) => onChange({ moneda: m === "PEN" || m === "USD" ? m : null, orden: "" })}
      />
      <OptionFilter {...b} name="orden" label="Ordenar por" options={sortOptions} />
      <SwitchFilter {...b} name="desc" label="Descendente" />
      <ModeFilter {...b} name="grafico" id="grafico" label="Gráfico" options={CHARTS} />
    </>
  );
}
