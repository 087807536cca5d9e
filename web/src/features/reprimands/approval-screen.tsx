// 'Vista de Amonestaciones' (spec 3 section 2.1): the grid (15 rows of 40 px, filter, Excel) with the three
// approval badges, and 'Ver Detalle'.
import { useQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { useState } from "react";
import { BOX_LABELS, BOXES, type Decision, decisionLabel, type ReprimandRow } from "#contract/reprimands.ts";
import { type Column, columnsOf } from "../../components/data-table/columns.ts";
import { DataTable } from "../../components/data-table/data-table.tsx";
import { listQuery } from "./api.ts";
import { DecisionBadge } from "./decision-badge.tsx";
import { DetailDialog } from "./detail-dialog.tsx";
import "./reprimands.css";
import { IconButton } from "../../components/data-table/icon-button.tsx";

const route = getRouteApi("/_app/Amonestacion/Aprobacion");
const c = columnsOf<ReprimandRow>();
const PAGE_SIZE = 15;

const badgeColumn = (box: typeof BOXES[number]): Column<ReprimandRow> => {
  const key = `aprobacion_${box}` as const;
  return {
    ...c.mapped(key, BOX_LABELS[box], (x) => decisionLabel(x as Decision)),
    cell: (ctx) => <DecisionBadge value={ctx.row.original[key]} />,
  };
};

export function ApprovalScreen() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { data, isFetching } = useQuery(listQuery);
  const [open, setOpen] = useState<number | null>(null);
  const columns = [
    c.text("tipoMotivo", "Tipo Motivo"),
    c.text("locatario", "Locatario"),
    c.money("montoBase", "Monto Base"),
    c.number("descuentoPorcentaje", "Descuento (%)"),
    c.money("montoFinal", "Monto Final"),
    c.dateTime("fecha", "Fecha"),
    ...BOXES.map(badgeColumn),
    c.action(
      "detalle",
      "Ver Detalle",
      (r) => (
        <IconButton
          icon="pi pi-eye"
          ariaLabel={`Ver detalle de la amonestación ${r.idAmonestacion} a ${r.locatario}`}
          tooltip="Ver Detalle"
          onClick={() => setOpen(r.idAmonestacion)}
        />
      ),
    ),
  ];
  return (
    <div className="card reprimand-grid">
      <DataTable
        title="Vista de Amonestaciones"
        columns={columns}
        data={data}
        loading={isFetching && !data}
        pageSize={PAGE_SIZE}
        getRowId={(r) => String(r.idAmonestacion)}
        state={search}
        onStateChange={(next) => navigate({ search: (s) => ({ ...s, ...next }), replace: true })}
      />
      {open != null && <DetailDialog id={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
