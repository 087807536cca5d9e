import { useQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { useState } from "react";
import { P } from "#contract/permissions.ts";
import type { ClosingRow } from "#contract/tenant.ts";
import { columnsOf } from "../../components/data-table/columns.ts";
import { DataTable } from "../../components/data-table/data-table.tsx";
import { formatDate, formatMoney } from "../../lib/format.ts";
import { hasAnyPermission, useSession } from "../../lib/session.ts";
import { type ClosingCalls, EditClosingDialog } from "../../components/closings/edit-closing-dialog.tsx";
import { closingHistoryQuery, closingsQuery, TENANT_KEY, updateClosing } from "./api.ts";
import { ClosingRange } from "../../components/closings/closing-inputs.tsx";
import { closingRange } from "./values.ts";
import "./tenant.css";
import { IconButton } from "../../components/data-table/icon-button.tsx";

const route = getRouteApi("/_app/cierreVentas/consultarCierre");

const c = columnsOf<ClosingRow>();
const PAGE_SIZE = 8;
const CALLS: ClosingCalls = { history: closingHistoryQuery, save: updateClosing, invalidate: TENANT_KEY };

/** 'Consultar Cierre': the session contract's closings in a date range, each editable. */
export function ClosingsScreen() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const session = useSession();
  const canEdit = hasAnyPermission(session, [P.REGISTRAR_CIERRE_VENTA_LOCATARIO]);
  const { desde, hasta, wrongOrder } = closingRange(search);
  const { data, isFetching } = useQuery({ ...closingsQuery(desde, hasta), enabled: !wrongOrder });
  const [editing, setEditing] = useState<ClosingRow | null>(null);

  const setRange = (patch: { desde?: string; hasta?: string }) =>
    navigate({ search: (s) => ({ ...s, ...patch, page: 1 }), replace: true });
  const rowButton = (r: ClosingRow, icon: string, label: string, tooltip: string) => (
    <IconButton
      icon={icon}
      ariaLabel={`${label} del ${formatDate(r.fechaVenta)} de ${r.suministro}`}
      tooltip={tooltip}
      onClick={() => setEditing(r)}
    />
  );

  const columns = [
    c.date("fechaVenta", "Fecha Venta"),
    c.text("suministro", "Suministro"),
    c.text("descripcion", "Descripción"),
    c.text("nombreCompleto", "Nombre Completo"),
    c.dateTime("registroFecha", "Registro"),
    c.money("ventasValor", "Ventas (S/)"),
    c.integer("numeroTransacciones", "Transacciones"),
    c.dateTime("modificacionFecha", "Modificación"),
    canEdit
      ? c.action("edit", "Editar", (r) => rowButton(r, "pi pi-pencil", "Editar el cierre", "Editar"))
      : c.action("history", "Historial", (r) =>
        r.cambios > 0 && rowButton(r, "pi pi-history", "Ver el historial del cierre", "Historial")),
  ];

  return (
    <div className="card">
      <ClosingRange
        ids={["fecha-inicial", "fecha-final"]}
        desde={desde}
        hasta={hasta}
        onRange={setRange}
        totalLabel="Total de ventas del periodo"
        total={formatMoney(data?.auxData.totalVentas ?? 0)}
      />
      <div className="closing-grid">
        <DataTable
          title="Cierres de Venta"
          columns={columns}
          data={wrongOrder ? [] : data?.table}
          loading={isFetching && !data}
          pageSize={PAGE_SIZE}
          getRowId={(r) => String(r.cierreVentaId)}
          state={search}
          onStateChange={(next) => navigate({ search: (s) => ({ ...s, ...next }), replace: true })}
        />
      </div>
      {editing && (
        <EditClosingDialog
          row={editing}
          readOnly={!canEdit}
          calls={CALLS}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
