// The sales-closing view of 'Locatarios' (spec 2): the tenant, the total of the range, a date range and the
// table Nombre Completo, Registro, Suministro, Ventas (S/), Transacciones with the edit button. The edit
// dialog is the tenant's own (same checks, same history) over the staff calls.
import { useQuery } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { useState } from "react";
import type { ClosingRow } from "#contract/tenant.ts";
import { columnsOf } from "../../components/data-table/columns.ts";
import { iconColumnsOf } from "../../components/data-table/icon-columns.ts";
import { DataTable } from "../../components/data-table/data-table.tsx";
import { formatDate, formatMoney } from "../../lib/format.ts";
import { ClosingRange } from "../../components/closings/closing-inputs.tsx";
import { type ClosingCalls, EditClosingDialog } from "../../components/closings/edit-closing-dialog.tsx";
import { limaToday } from "../../lib/dates.ts";
import { STAFF_KEY, staffClosingHistoryQuery, staffClosingsQuery, staffUpdateClosing } from "./api.ts";

const c = columnsOf<ClosingRow>();
const icons = iconColumnsOf<ClosingRow>();
const CALLS: ClosingCalls = {
  history: staffClosingHistoryQuery,
  save: staffUpdateClosing,
  invalidate: [...STAFF_KEY, "closings"],
};

export function StaffClosings(
  { code, desde: from, hasta: to, onRange, onBack }: {
    code: string;
    desde?: string;
    hasta?: string;
    onRange: (r: { desde?: string; hasta?: string }) => void;
    onBack: () => void;
  },
) {
  const today = limaToday();
  const desde = from ?? `${today.slice(0, 7)}-01`;
  const hasta = to ?? today;
  const wrongOrder = desde > hasta;
  const { data, isFetching } = useQuery({ ...staffClosingsQuery(code, desde, hasta), enabled: !wrongOrder });
  const [editing, setEditing] = useState<ClosingRow | null>(null);
  const who = data?.auxData.locatario;

  const columns = [
    c.date("fechaVenta", "Fecha Venta"),
    c.text("nombreCompleto", "Nombre Completo"),
    c.dateTime("registroFecha", "Registro"),
    c.text("suministro", "Suministro"),
    c.money("ventasValor", "Ventas (S/)"),
    c.integer("numeroTransacciones", "Transacciones"),
    icons.edit(
      (r) => `Editar el cierre del ${formatDate(r.fechaVenta)} de ${r.suministro}`,
      setEditing,
      "Editar",
    ),
  ];

  return (
    <div className="card staff-stack">
      <div className="staff-header">
        <h2>
          {who ? `${who.numContrato} - ${who.nombre}` : code}
          {who && <span className="muted">{` · ${who.razonSocial} (RUC ${who.ruc}) · ${who.mall}`}</span>}
        </h2>
        <Button
          type="button"
          label="Volver a Lista de Locatarios"
          icon="pi pi-arrow-left"
          severity="secondary"
          outlined
          onClick={onBack}
        />
      </div>
      <ClosingRange
        ids={["cierre-desde", "cierre-hasta"]}
        desde={desde}
        hasta={hasta}
        onRange={onRange}
        totalLabel="Total de ventas"
        total={formatMoney(data?.auxData.totalVentas ?? 0)}
      />
      <DataTable
        title={`Cierres de Venta ${code}`}
        columns={columns}
        data={wrongOrder ? [] : data?.table}
        loading={isFetching && !data}
        pageSize={8}
        getRowId={(r) => String(r.cierreVentaId)}
      />
      {editing && (
        <EditClosingDialog
          row={editing}
          readOnly={false}
          calls={CALLS}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
