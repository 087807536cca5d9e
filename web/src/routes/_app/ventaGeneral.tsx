import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { requirePermission } from "../../lib/guard.ts";
import { useBase, usePrefetch } from "../../reports/shared/base.ts";
import { addDays, parts } from "../../reports/shared/dates.ts";
import { ReportFailure, ReportProgress } from "../../reports/shared/report-states.tsx";
import { monthParam, yearParam } from "../../reports/shared/search.ts";
import { VentaGeneralScreen } from "../../reports/venta-general/screen.tsx";
import { vgPartitions } from "../../reports/venta-general/sql.ts";

export const Route = createFileRoute("/_app/ventaGeneral")({
  staticData: { title: "Venta General" },
  validateSearch: z.object({
    tipo: z.enum(["ventaMensual", "ventaMensualM2"]).default("ventaMensual").catch("ventaMensual"),
    anio: yearParam,
    mes: monthParam,
  }),
  beforeLoad: requirePermission("VENTAS_GENERAL"),
  component: VentaGeneral,
});

function VentaGeneral() {
  const s = Route.useSearch();
  const navigate = Route.useNavigate();
  const base = useBase();
  usePrefetch((b) => vgPartitions(b.mallIds, s.anio ?? parts(addDays(b.today, -1))[0]));
  if (base.error) return <ReportFailure />;
  if (!base.data) return <ReportProgress progress={base.progress} pending />;
  // Default: the month of yesterday (month to date); never a month after it.
  const [y, m] = parts(addDays(base.data.today, -1));
  const picked = s.anio && s.mes && s.anio * 12 + s.mes <= y * 12 + m ? { year: s.anio, month: s.mes } : null;
  return (
    <VentaGeneralScreen
      base={base.data}
      search={{ mode: s.tipo, year: picked?.year ?? y, month: picked?.month ?? m }}
      onChange={(n) =>
        navigate({
          replace: true,
          search: (old) => ({
            ...old,
            ...(n.mode ? { tipo: n.mode } : {}),
            ...(n.year ? { anio: n.year, mes: n.month } : {}),
          }),
        })}
    />
  );
}
