import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { requirePermission } from "../../lib/guard.ts";
import { useBase, usePrefetch } from "../../reports/shared/base.ts";
import { ReportFailure, ReportProgress } from "../../reports/shared/report-states.tsx";
import { flagParam, mallParam, yearParam } from "../../reports/shared/search.ts";
import { period, vmPartitions } from "../../reports/ventas-mensual/sql.ts";
import { VentasMensualScreen } from "../../reports/ventas-mensual/screen.tsx";

const search = z.object({
  tipo: z.enum(["ventaMensual", "ventaMensualM2", "ventaMensualCerrado"]).default("ventaMensual").catch(
    "ventaMensual",
  ),
  anioComparativo: yearParam,
  inflacion: flagParam,
  sss: flagParam,
  mallRubro: mallParam(0),
  mallEvolucion: mallParam(0),
  rubro: z.number().int().min(0).default(0).catch(0),
});

export const Route = createFileRoute("/_app/indicadoresVentaMensual")({
  staticData: { title: "Ventas Mensual" },
  validateSearch: search,
  beforeLoad: requirePermission("VENTAS_MENSUAL"),
  component: VentasMensual,
});

function VentasMensual() {
  const s = Route.useSearch();
  const navigate = Route.useNavigate();
  const base = useBase();
  usePrefetch((b) => {
    const p = period(s.tipo, b.today, 2000);
    return vmPartitions(b.mallIds, p, s.anioComparativo ?? p.year - 1);
  });
  if (base.error) return <ReportFailure />;
  if (!base.data) return <ReportProgress progress={base.progress} pending />;
  const reportYear = period(s.tipo, base.data.today, 2000).year;
  const y1 = s.anioComparativo ?? reportYear - 1;
  return (
    <VentasMensualScreen
      base={base.data}
      search={{
        mode: s.tipo,
        y1,
        inflation: s.inflacion,
        sss: s.sss,
        mallCat: s.mallRubro,
        mallEvo: s.mallEvolucion,
        rubroEvo: s.rubro,
      }}
      onChange={(n) =>
        navigate({
          replace: true,
          search: (old) => ({
            ...old,
            ...(n.mode !== undefined ? { tipo: n.mode } : {}),
            ...(n.y1 !== undefined ? { anioComparativo: n.y1 } : {}),
            ...(n.inflation !== undefined ? { inflacion: n.inflation } : {}),
            ...(n.sss !== undefined ? { sss: n.sss } : {}),
            ...(n.mallCat !== undefined ? { mallRubro: n.mallCat } : {}),
            ...(n.mallEvo !== undefined ? { mallEvolucion: n.mallEvo } : {}),
            ...(n.rubroEvo !== undefined ? { rubro: n.rubroEvo } : {}),
          }),
        })}
    />
  );
}
