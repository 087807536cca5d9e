import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { DashboardScreen } from "../../reports/dashboard/screen.tsx";
import { cardPartitions, chartPartitions } from "../../reports/dashboard/sql.ts";
import { useBase, usePrefetch } from "../../reports/shared/base.ts";
import { lastSixYears } from "../../reports/shared/filters.tsx";
import { ReportFailure, ReportProgress } from "../../reports/shared/report-states.tsx";
import { yearParam } from "../../reports/shared/search.ts";
import { requirePermission } from "../../lib/guard.ts";

/** The staff landing screen: sales by month, traffic and vacancy (spec 2, Centro administrativo). */
export const Route = createFileRoute("/_app/dashboard")({
  staticData: { title: "Dashboard" },
  validateSearch: z.object({ anio: yearParam, anioComparativo: yearParam }),
  beforeLoad: requirePermission("DASHBOARD_MALL"),
  component: Dashboard,
});

function Dashboard() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const base = useBase();
  usePrefetch((b) => {
    // The stored comparison year is not known yet: the year before is the likely one.
    const y = search.anio ?? lastSixYears(b.today)[0];
    return [...chartPartitions(b.mallIds, y, search.anioComparativo ?? y - 1), ...cardPartitions(b.today)];
  });
  if (base.error) return <ReportFailure />;
  if (!base.data) return <ReportProgress progress={base.progress} pending />;
  const years = lastSixYears(base.data.today);
  const anio = search.anio && years.includes(search.anio) ? search.anio : years[0];
  const stored = base.data.comparisonYear;
  const fallback = years.includes(stored) ? stored : anio - 1;
  const anioComparativo = search.anioComparativo && years.includes(search.anioComparativo)
    ? search.anioComparativo
    : fallback;
  return (
    <DashboardScreen
      base={base.data}
      filters={{ anio, anioComparativo }}
      onChange={(f) => navigate({ search: f, replace: true })}
    />
  );
}
