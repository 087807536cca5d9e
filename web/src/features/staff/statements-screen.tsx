// Staff 'Estado de Cuenta' (/Estadocuenta/Index, spec 2 Módulos): every customer's Razón Social and RUC (25
// per page, filter, export) and, for one, the very statement the tenant sees (same service, same view).
import { useQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { Button } from "primereact/button";
import type { StatementListRow } from "#contract/staff.ts";
import { columnsOf } from "../../components/data-table/columns.ts";
import { DataTable } from "../../components/data-table/data-table.tsx";
import { StatementView } from "../../components/statement/statement-view.tsx";
import { staffDebtQuery, staffStatementQuery, statementsQuery } from "./api.ts";
import "./staff.css";
import { IconButton } from "../../components/data-table/icon-button.tsx";

const route = getRouteApi("/_app/Estadocuenta/Index");
const c = columnsOf<StatementListRow>();

export function StatementsScreen() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { data, isFetching } = useQuery({ ...statementsQuery, enabled: !search.ruc });
  if (search.ruc) {
    return (
      <CustomerStatement
        ruc={search.ruc}
        onBack={() => navigate({ search: (s) => ({ ...s, ruc: undefined }) })}
      />
    );
  }
  const columns = [
    c.text("razonSocial", "Razón Social"),
    c.text("ruc", "RUC"),
    c.action(
      "ver",
      "Detalle",
      (r) => (
        <IconButton
          icon="pi pi-search"
          ariaLabel={`Ver el estado de cuenta de ${r.razonSocial}`}
          tooltip="Ver detalle"
          onClick={() => navigate({ search: (s) => ({ ...s, ruc: r.ruc }) })}
        />
      ),
    ),
  ];
  return (
    <div className="card">
      <DataTable
        title="Estados de Cuenta"
        columns={columns}
        data={data?.table}
        loading={isFetching && !data}
        pageSize={25}
        getRowId={(r) => r.ruc}
        state={search}
        onStateChange={(next) => navigate({ search: (s) => ({ ...s, ...next }), replace: true })}
      />
    </div>
  );
}

function CustomerStatement({ ruc, onBack }: { ruc: string; onBack: () => void }) {
  const { data } = useQuery(staffStatementQuery(ruc));
  return (
    <div className="staff-stack">
      <div className="staff-header">
        <h2>{data ? `${data.razonSocial} · RUC ${data.ruc}` : `RUC ${ruc}`}</h2>
        <Button
          type="button"
          label="Volver a la lista"
          icon="pi pi-arrow-left"
          severity="secondary"
          outlined
          onClick={onBack}
        />
      </div>
      {data
        ? <StatementView s={data} debtQuery={staffDebtQuery(ruc)} />
        : <p className="muted">Cargando información ...</p>}
    </div>
  );
}
