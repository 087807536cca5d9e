import { useQuery } from "@tanstack/react-query";
import { getRouteApi, Link } from "@tanstack/react-router";
import { Dropdown } from "primereact/dropdown";
import { MONTHS_SHORT } from "../../lib/dates.ts";
import { formatArea, formatDate } from "../../lib/format.ts";
import { useSession } from "../../lib/session.ts";
import { LineChart, type Point } from "../../components/charts/charts.tsx";
import { categoryAverageQuery, indicatorsQuery, monthlySalesQuery } from "./api.ts";
import { FigureCard } from "./figure-card.tsx";
import { dashboardYears } from "./values.ts";
import "./tenant.css";

const route = getRouteApi("/_app/locatario/dashboard");

const NO_CATEGORY =
  "Sin datos suficientes del rubro: el promedio se muestra con ventas de al menos tres locatarios.";

/** The tenant's landing screen: the day's sales against its category, and sales by month. */
export function DashboardScreen() {
  const session = useSession();
  const navigate = route.useNavigate();
  // The first year is the comparison year (the URL's and the API's anio1).
  const { thisYear, anio1: comparisonYear, anio2, anio } = dashboardYears(route.useSearch());
  const t = session.tenant!;
  const years = Array.from({ length: 6 }, (_, i) => thisYear - i);
  const indicators = useQuery(indicatorsQuery);
  const monthly = useQuery(monthlySalesQuery(comparisonYear, anio2));
  const category = useQuery(categoryAverageQuery(anio));
  const d = indicators.data;
  const setYear = (patch: { anio1?: number; anio2?: number; anio?: number }) =>
    navigate({ search: (s) => ({ ...s, ...patch }), replace: true });

  const monthlyPoints: Point[] = (monthly.data?.table ?? []).map((r) => ({
    x: MONTHS_SHORT[r.mes - 1],
    ventaAnio1: r.ventaAnio1,
    ventaAnio2: r.ventaAnio2,
  }));
  const categoryPoints: Point[] = (category.data?.table ?? []).map((r) => ({
    x: MONTHS_SHORT[r.mes - 1],
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
          <Link to="/locatario/seleccionar-contrato" className="p-button p-button-outlined p-button-sm">
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
              Rubro <strong>{d.categoria}</strong> · Área del local {formatArea(d.area, "tenant")} m²
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
              <YearPicker
                label="Primer año"
                value={comparisonYear}
                years={years}
                onChange={(y) => setYear({ anio1: y })}
              />
              <YearPicker
                label="Segundo año"
                value={anio2}
                years={years}
                onChange={(y) => setYear({ anio2: y })}
              />
            </div>
          </div>
          <LineChart
            title="Ventas totales por mes"
            data={monthlyPoints}
            series={[
              { key: "ventaAnio1", label: `Ventas ${comparisonYear}`, color: "#f28c28" },
              { key: "ventaAnio2", label: `Ventas ${anio2}`, color: "#002e98" },
            ]}
          />
        </section>
        <section className="card" aria-labelledby="category-title">
          <div className="chart-head">
            <h3 id="category-title">Promedio del rubro vs. ventas totales</h3>
            <div className="years">
              <YearPicker label="Año" value={anio} years={years} onChange={(y) => setYear({ anio: y })} />
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

function YearPicker(
  { label, value, years, onChange }: {
    label: string;
    value: number;
    years: number[];
    onChange: (year: number) => void;
  },
) {
  return (
    <Dropdown
      ariaLabel={label}
      aria-label={label}
      value={value}
      options={years.map((y) => ({ label: String(y), value: y }))}
      onChange={(e) => onChange(e.value)}
    />
  );
}
