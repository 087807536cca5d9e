// A report is declared, not wired: `defineReport` takes what is the report's own (its URL⇄filter mapping, its
// main report, the filters likely picked next, what counts as no data, its view) and `<ReportScreen>` does
// the rest the same way for every report: the base, the prefetch, the URL as the one source of the filters,
// the early start of a filter change, the figures computed ahead, the no-data warnings and the frame's state.
// A filter change flows one way: control → URL (navigate) → filters from the validated search → report.

import type { QueryClient } from "@tanstack/react-query";
import { useMatch, useNavigate, useSearch } from "@tanstack/react-router";
import {
  type ComponentType,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from "react";
import type { Statements } from "../../analytics/connector.ts";
import { screenOfRoute } from "../../screens.ts";
import {
  reportKey,
  type ReportSpec,
  type ReportState,
  startReport,
  useReport,
} from "../../analytics/use-report.ts";
import { type Base, type CatalogBase, withBase } from "./base.ts";
import type { Bound } from "./controls.tsx";
import { type Headline, ReportFrame, ReportPage } from "./frame.tsx";
import { nearestYear, type NoDataWarning } from "./report-states.tsx";

/** The URL param of the comparison year, the same in every report (the warning's suggestion sets it). */
export const COMPARISON_PARAM = "anioComparativo";

/** Why a report's figures are not shown: the scaffold says it with the spec's texts. */
export type NoData =
  /** 'El mes seleccionado no tiene data registrada.' */
  | { period: "month" }
  /** 'El año … no tiene datos registrados.' of the report year. */
  | { period: "year"; year: number }
  /**
   * 'El año … no tiene datos registrados.' of the comparison year, and the nearest year among `withData`:
   * offered ('Aceptar' sets it) unless `offer` is false (a comparison year the report derives, not picked).
   */
  | { comparisonYear: number; withData: readonly number[]; offer?: false };

/** The comparison year's warning when it has no sales at all (not among the base's years with sales). */
export const comparisonWithoutSales = (base: Base, comparisonYear: number): NoData | null =>
  base.salesYears.length > 0 && !base.salesYears.includes(comparisonYear)
    ? { comparisonYear, withData: base.salesYears }
    : null;

/** What a report's view receives. */
export interface ReportContext<S, F, D> {
  base: Base;
  /** The screen's title in the registry (screens.ts): its main table's and its export's name. */
  title: string;
  /** The URL's search, as the route validated it. */
  search: S;
  /** The filters of that search with the base's defaults (`filters` of the definition). */
  filters: F;
  /** The main report's state. */
  report: ReportState<D>;
  /** A filter change: mapped to the URL's names and navigated to. */
  change: (change: Partial<F>) => void;
  /** The filters most likely picked next (`next` of the definition), for a view's own reports. */
  ahead: () => F[];
  /**
   * A view's own report failed (a chart's, a dialog's list): the generic failure replaces the screen, as
   * when the main report fails (the scaffold's frame; until the filters change).
   */
  fail: (error: unknown) => void;
  /**
   * A view's own report is computing (`useBusy`): the frame is busy (aria-busy, the loading line) as while
   * the main report computes.
   */
  busy: (pending: boolean) => void;
}

export interface ReportDefinition<S extends object, F, D, St extends Statements> {
  /** The URL's search with the defaults from the base: the filters the report reads. */
  filters: (base: Base, search: S) => F;
  /**
   * The URL's name of each filter whose name differs (`year: "anio"`): a filter change becomes the URL's
   * change through it. Filters named as the URL names them need no entry (preferred where possible).
   */
  urlNames?: { [K in keyof F]?: keyof S & string };
  /**
   * A filter change as the URL's change where a names table cannot say it (one filter kept in two params, a
   * param cleared: `{ orden: undefined }`); used instead of `urlNames` when given.
   */
  toUrl?: (change: Partial<F>) => Partial<S>;
  /**
   * The partitions the first report most likely names, from the catalogue alone (the base still loading).
   * Left out, they are the main report's of the search over `catalogGuess`: declared only where the report
   * reads what the catalogue cannot guess (a stored comparison year taken as it is).
   */
  prefetch?: (cat: CatalogBase, search: S) => readonly string[];
  /** The main report of the filters: started early on a filter change, computed ahead for `next`. */
  report: (base: Base, filters: F) => ReportSpec<St, D>;
  /**
   * The filter changes a person most likely makes next, most likely first (next.ts): the scaffold maps them
   * to the URL's names as it maps a control's change.
   */
  next?: (base: Base, filters: F) => readonly Partial<F>[];
  /** The figures shown say there is nothing to show (the warning), or null. */
  noData?: (data: D, filters: F, base: Base) => NoData | null;
  /**
   * The filter bar's controls (controls.tsx's, bound by spreading `b`, and the report's own): drawn by the
   * scaffold in its frame, again only when a filter's value changes, not when the figures arrive (a control
   * whose options come from the figures reads them with `useMainReport`: the Explorador's order).
   */
  controls: (b: Bound<F> & { search: S }) => ReactNode;
  /** The figure under the filters, from the figures (undefined while the first ones compute). */
  headline?: (data: D | undefined, filters: F, base: Base) => Headline;
  /** The report's sections and slots (a table, a chart, a map, a dialog), drawn in the scaffold's frame. */
  View: ComponentType<ReportContext<S, F, D>>;
}

export interface DefinedReport<S extends object, F, D, St extends Statements>
  extends ReportDefinition<S, F, D, St> {
  /** A filter change (the route's beforeLoad): the main report of the new search starts before React draws. */
  start: (client: QueryClient, search: S) => void;
}

/**
 * The base as the catalogue alone guesses it: its malls (unnamed), no stored comparison year (so the
 * default comparison is the year before the report year, the likely one) and no years with sales.
 */
export const catalogGuess = (cat: CatalogBase): Base => ({
  ...cat,
  malls: cat.mallIds.map((id) => ({ id, name: "" })),
  comparisonYear: 0,
  salesYears: [],
});

/** What the first report of a search most likely downloads: declared, or the main report's over the guess. */
export function prefetchOf<S extends object, F, D, St extends Statements>(
  def: ReportDefinition<S, F, D, St>,
  cat: CatalogBase,
  search: S,
): readonly string[] {
  if (def.prefetch) return def.prefetch(cat, search);
  const guess = catalogGuess(cat);
  return def.report(guess, def.filters(guess, search)).partitions;
}

/** A report's definition, with the early start its route calls. */
export function defineReport<S extends object, F, D, St extends Statements>(
  def: ReportDefinition<S, F, D, St>,
): DefinedReport<S, F, D, St> {
  return {
    ...def,
    start: (client, search) =>
      withBase(client, (base) => startReport(client, def.report(base, def.filters(base, search)))),
  };
}

/** The spec's texts of a NoData, the suggestion of a comparison year applied through `suggest`. */
export function noDataWarning(n: NoData, suggest: (year: number) => void): NoDataWarning {
  if ("period" in n) {
    return {
      message: n.period === "month"
        ? "El mes seleccionado no tiene data registrada."
        : `El año ${n.year} no tiene datos registrados.`,
    };
  }
  const near = nearestYear(n.comparisonYear, n.withData);
  return {
    message: `El año ${n.comparisonYear} no tiene datos registrados.`,
    detail: near ? `Se encontro datos en el año ${near}` : undefined,
    onAccept: near && n.offer !== false ? () => suggest(near) : undefined,
  };
}

/** A filter change as the URL's change: each filter under its URL name; one left undefined, left out. */
export function toSearch<F>(change: Partial<F>, names: { [K in keyof F]?: string } = {}): object {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(change)) {
    if (v !== undefined) out[names[k as keyof F] ?? k] = v;
  }
  return out;
}

/** The screen of a defined report on the route it is the component of. */
export function ReportScreen<S extends object, F, D, St extends Statements>(
  props: { report: DefinedReport<S, F, D, St> },
) {
  const { report } = props;
  // The route validated the search with the report's schema before this draws.
  const validated: object = useSearch({ strict: false });
  const search = validated as S;
  const navigate = useNavigate();
  const title = useMatch({ strict: false, select: (m) => screenOfRoute(m.routeId ?? "")?.title ?? "" });
  const toUrl = useCallback(
    (change: object) =>
      navigate({ to: ".", replace: true, search: (old: object) => ({ ...old, ...change }) }),
    [navigate],
  );
  return (
    <ReportPage prefetch={(cat) => [...prefetchOf(report, cat, search)]}>
      {(base) => <ReportBody report={report} base={base} search={search} title={title} toUrl={toUrl} />}
    </ReportPage>
  );
}

function ReportBody<S extends object, F, D, St extends Statements>(
  props: {
    report: DefinedReport<S, F, D, St>;
    base: Base;
    search: S;
    title: string;
    toUrl: (change: object) => void;
  },
) {
  const { report: def, base, search, title, toUrl } = props;
  // One object while the URL and the base stay: a view's memos of the filters hold while figures arrive.
  const filters = useMemo(() => def.filters(base, search), [def, base, search]);
  const spec = def.report(base, filters);
  const urlOf = (c: Partial<F>): object => (def.toUrl ? def.toUrl(c) : toSearch(c, def.urlNames));
  const ahead = () =>
    (def.next?.(base, filters) ?? []).map((n) => def.filters(base, { ...search, ...urlOf(n) }));
  const r = useReport({ ...spec, next: () => ahead().map((n) => def.report(base, n)) });
  // A warning closed stays closed for these filters; other filters may warn again.
  const warningKey = JSON.stringify(reportKey(spec));
  const [closed, setClosed] = useState<string | null>(null);
  // A view's own report that failed fails the screen until the filters change.
  const [viewFailed, setViewFailed] = useState<string | null>(null);
  const [viewBusy, busy] = useState(false);
  useEffect(() => setClosed(null), [warningKey]);
  const fail = useCallback((error: unknown) => {
    if (error) setViewFailed(warningKey);
  }, [warningKey]);
  const missing = r.data !== undefined && !r.pending && closed !== warningKey
    ? def.noData?.(r.data, filters, base) ?? null
    : null;
  const change = useCallback((c: Partial<F>) => toUrl(urlOf(c)), [toUrl, def]);
  const frame = {
    progress: r.progress,
    pending: r.pending || viewBusy,
    failed: !!r.error || viewFailed === warningKey,
    warning: missing &&
      noDataWarning(missing, (year) => toUrl({ [COMPARISON_PARAM]: year })),
    onWarningClose: () => setClosed(warningKey),
  };
  const controls = useMemo(
    () => def.controls({ base, filters, change, search }),
    [def, base, filters, change, search],
  );
  const View = def.View;
  return (
    <MainReport.Provider value={r}>
      <ReportFrame {...frame} filters={controls} headline={def.headline?.(r.data, filters, base)}>
        <View
          base={base}
          title={title}
          search={search}
          filters={filters}
          report={r}
          change={change}
          ahead={ahead}
          fail={fail}
          busy={busy}
        />
      </ReportFrame>
    </MainReport.Provider>
  );
}

/** The main report's state, for the controls (their element is kept while the figures arrive). */
const MainReport = createContext<ReportState<unknown> | null>(null);

/** The main report's state in a control whose options come from the figures (the Explorador's order). */
export const useMainReport = <D,>() => useContext(MainReport) as ReportState<D>;

/**
 * A view's own report of the screen's filters (a chart beside the main table): computed after the main
 * report, ahead for the same next filters, its failure the screen's. `own` (e.g. `enabled`) applies to the
 * report of the filters shown only.
 */
export function useViewReport<S, F, D, St extends Statements, T>(
  ctx: ReportContext<S, F, D>,
  spec: (filters: F) => ReportSpec<St, T>,
  own: Partial<ReportSpec<St, T>> = {},
): ReportState<T> {
  const r = useReport({ ...spec(ctx.filters), ...own, after: ctx.report, next: () => ctx.ahead().map(spec) });
  useFailure(ctx.fail, r.error);
  return r;
}

/** A view's own report's failure, said to the scaffold (`fail` of the context) when it happens. */
export function useFailure(fail: (error: unknown) => void, ...errors: unknown[]) {
  const failed = errors.some(Boolean);
  useEffect(() => fail(failed), [failed, fail]);
}

/**
 * A view's own reports, said to the scaffold: any that fails fails the screen (`useFailure`); those of `busy`
 * (all by default) keep the frame busy while they compute, said before the page paints (a layout effect) so
 * no one reads the frame idle while they do.
 */
export function useViewReports(
  ctx: { busy: (pending: boolean) => void; fail: (error: unknown) => void },
  reports: { pending: boolean; error: unknown }[],
  busy = reports,
) {
  const pending = busy.some((r) => r.pending);
  useLayoutEffect(() => ctx.busy(pending), [pending, ctx.busy]);
  useFailure(ctx.fail, ...reports.map((r) => r.error));
}
