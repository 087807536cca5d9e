import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { Dropdown } from "primereact/dropdown";
import { z } from "zod";
import { formatArea, formatDate } from "../../../lib/format.ts";
import { useSession } from "../../../lib/session.ts";
import { LineChart, type Point } from "../../../reports/shared/charts.tsx";
import { categoryAverageQuery, indicatorsQuery, monthlySalesQuery } from "../-tenant/api.ts";
import { FigureCard, limaToday, SELECT_CONTRACT, tenantScreen } from "../-tenant/shared.tsx";

const year = z.number().int().min(2000).max(2100).optional().catch(undefined);

/** The tenant's landing screen: the day's sales against its category, and sales by month. */
export const Route = createFileRoute("/_app/locatario/dashboard")({
  staticData: { title: "Dashboard Locatario" },
  validateSearch: z.object({ anio1: year, anio2: year, anio: year }),
  beforeLoad: tenantScreen("DASHBOARD_LOCATARIO"),
  component: TenantDashboard,
});

const MONTHS = ["Ene", "Feb", "Mar", "Abr", "May", "Jun", "Jul", "Ago", "Set", "Oct", "Nov", "Dic"];
const NO_CATEGORY =
  "Sin datos suficientes del rubro: el promedio se muestra con ventas de al menos tres locatarios.";

function TenantDashboard() {
  const session = useSession();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const t = session.tenant!;
  const thisYear = Number(limaToday().slice(0, 4));
  const years = Array.from({ length: 6 }, (_, i) => thisYear - i);
  const anio1 = search.anio1 ?? thisYear - 1,
    anio2 = search.anio2 ?? thisYear,
    anio = search.anio ?? thisYear;
  const indicators = useQuery(indicatorsQuery);
  const monthly = useQuery(monthlySalesQuery(anio1, anio2));
  const category = useQuery(categoryAverageQuery(anio));
  const d = indicators.data;
  const options = years.map((y) => ({ label: String(y), value: y }));
  const setYear = (patch: Record<string, number>) =>
    navigate({ search: (s) => ({ ...s, ...patch }), replace: true });

  const monthlyPoints: Point[] = (monthly.data?.table ?? []).map((r) => ({
    x: MONTHS[r.mes - 1],
    ventaAnio1: r.ventaAnio1,
    ventaAnio2: r.ventaAnio2,
  }));
  const categoryPoints: Point[] = (category.data?.table ?? []).map((r) => ({
    x: MONTHS[r.mes - 1],
    ventaPromedioRubro: r.ventaPromedioRubro,
    ventaAnio: r.ventaAnio,
  }));

  return (
    <div className="tenant-stack">
      <section className="card tenant-head home-welcome" aria-labelledby="tenant-hello">
        <div>
          <h2 id="tenant-hello">Bienvenido(a), {session.name}</h2>
          <p className="muted">
            {t.razonSocial} · Contrato <strong>{t.nroContrato}</strong> · RUC {t.ruc}
          </p>
        </div>
        {t.contractCount > 1 && (
          <Link to={SELECT_CONTRACT as never} className="p-button p-button-outlined p-button-sm">
            <i className="pi pi-sync" aria-hidden="true" />&nbsp;Cambiar contrato
          </Link>
        )}
      </section>

      <section className="card" aria-labelledby="sales-title">
        <h2 className="section-title" id="sales-title">
          <i className="pi pi-chart-bar" aria-hidden="true" /> Ventas
          {d?.date && <span className="muted" data-testid="dashboard-date">al {formatDate(d.date)}</span>}
        </h2>
        {d && !d.date && (
          <p className="muted">
            Aún no hay cierres de ventas registrados para este contrato.
          </p>
        )}
        {d && (
          <>
            <p className="muted">
              Rubro <strong>{d.categoria}</strong> · Área del local {formatArea(d.area)} m²
            </p>
            <div className="figure-grid">
              <FigureCard label="Venta del día" figure={d.ventas.ventaDia} />
              <FigureCard label="Venta Rubro" figure={d.ventas.ventaPromedioxRubro} note={NO_CATEGORY} />
              <FigureCard label="Diferencia" figure={d.ventas.diferencia} />
              <FigureCard label="Venta m2" figure={d.ventasM2.ventaDiaM2} />
              <FigureCard label="Vta Rubro m2" figure={d.ventasM2.ventaPromedioxRubroM2} note={NO_CATEGORY} />
              <FigureCard label="Diferencia m2" figure={d.ventasM2.diferencia} />
            </div>
          </>
        )}
        {indicators.isLoading && <p className="muted">Cargando información ...</p>}
      </section>

      <div className="chart-grid">
        <section className="card" aria-labelledby="monthly-title">
          <div className="chart-head">
            <h3 id="monthly-title">Ventas totales por mes</h3>
            <div className="years">
              <Dropdown
                ariaLabel="Primer año"
                aria-label="Primer año"
                value={anio1}
                options={options}
                onChange={(e) => setYear({ anio1: e.value })}
              />
              <Dropdown
                ariaLabel="Segundo año"
                aria-label="Segundo año"
                value={anio2}
                options={options}
                onChange={(e) => setYear({ anio2: e.value })}
              />
            </div>
          </div>
          <LineChart
            title="Ventas totales por mes"
            data={monthlyPoints}
            series={[
              { key: "ventaAnio1", label: `Ventas ${anio1}`, color: "#f28c28" },
              { key: "ventaAnio2", label: `Ventas ${anio2}`, color: "#002e98" },
            ]}
          />
        </section>
        <section className="card" aria-labelledby="category-title">
          <div className="chart-head">
            <h3 id="category-title">Promedio del rubro vs. ventas totales</h3>
            <div className="years">
              <Dropdown
                ariaLabel="Año"
                aria-label="Año"
                value={anio}
                options={options}
                onChange={(e) => setYear({ anio: e.value })}
              />
            </div>
          </div>
          <LineChart
            title="Promedio del rubro vs. ventas totales"
            data={categoryPoints}
            series={[
              { key: "ventaPromedioRubro", label: "Promedio del rubro", color: "#2e9d5b" },
              { key: "ventaAnio", label: `Ventas ${anio}`, color: "#002e98" },
            ]}
          />
          {category.data && category.data.table.every((r) => r.ventaPromedioRubro == null) && (
            <p className="figure-note">{NO_CATEGORY}</p>
          )}
        </section>
      </div>
    </div>
  );
}
