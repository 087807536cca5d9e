// 'Locatarios' (/Locatario/Index, spec 2 Menu Locatarios): a mall's contracts with 'Cierre' (the contract's
// closings, corrected by staff) and 'Gestionar' (the manage-tenant modal). The mall, the contract being
// looked at and the table's state live in the address, so the bell's contract notifications open it with
// the contract and mall pre-selected and 'Volver a Lista de Locatarios' keeps the mall.
import { useQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { useState } from "react";
import { DEFAULT_MALL, type TenantRow } from "#contract/staff.ts";
import { columnsOf } from "../../components/data-table/columns.ts";
import { DataTable } from "../../components/data-table/data-table.tsx";
import { mallsQuery, tenantsQuery } from "./api.ts";
import { ManageTenantDialog } from "./manage-tenant-dialog.tsx";
import { MallPicker } from "../../components/mall-picker.tsx";
import { StaffClosings } from "./staff-closings.tsx";
import "./staff.css";

const route = getRouteApi("/_app/Locatario/Index");
const c = columnsOf<TenantRow>();
const HIDDEN = ["administradorNombre", "administradorCorreo", "operadorNombre", "operadorCorreo"];

export function TenantsScreen() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const mall = search.mall ?? DEFAULT_MALL;
  const [managing, setManaging] = useState<string | null>(null);
  const { data, isFetching } = useQuery(tenantsQuery(mall));
  const malls = useQuery(mallsQuery).data ?? [];

  if (search.cierre) {
    return (
      <StaffClosings
        code={search.cierre}
        desde={search.desde}
        hasta={search.hasta}
        onRange={(r) => navigate({ search: (s) => ({ ...s, ...r }), replace: true })}
        onBack={() =>
          navigate({ search: (s) => ({ ...s, cierre: undefined, desde: undefined, hasta: undefined }) })}
      />
    );
  }

  const columns = [
    c.text("numContrato", "Contrato"),
    c.text("ruc", "RUC"),
    c.text("nombre", "Nombre"),
    c.text("objetos", "Objetos"),
    c.text("administradorNombre", "Administrador"),
    c.text("administradorCorreo", "Correo Administrador"),
    c.text("operadorNombre", "Operador"),
    c.text("operadorCorreo", "Correo Operador"),
    c.action("acciones", "Acciones", (r) => (
      <span className="row-actions">
        <Button
          type="button"
          label="Cierre"
          icon="pi pi-calendar"
          size="small"
          outlined
          aria-label={`Cierre de ${r.numContrato}`}
          onClick={() => navigate({ search: (s) => ({ ...s, cierre: r.numContrato }) })}
        />
        <Button
          type="button"
          label="Gestionar"
          icon="pi pi-users"
          size="small"
          aria-label={`Gestionar ${r.numContrato}`}
          onClick={() => setManaging(r.numContrato)}
        />
      </span>
    )),
  ];
  // A contract opened from a notification is found by the quick filter until the person types another.
  const q = search.q || search.contrato || "";

  return (
    <div className="card staff-stack">
      <div className="staff-filters">
        <MallPicker
          id="mall-locatarios"
          malls={malls}
          value={mall}
          onChange={(m) =>
            navigate({ search: (s) => ({ ...s, mall: m, contrato: undefined, q: "", page: 1 }) })}
        />
      </div>
      <DataTable
        title="Locatarios"
        columns={columns}
        data={data?.table}
        loading={isFetching && !data}
        hiddenColumns={HIDDEN}
        getRowId={(r) => r.numContrato}
        state={{ q, sort: search.sort, desc: search.desc, page: search.page }}
        onStateChange={(next) =>
          navigate({
            search: (s) => ({ ...s, ...next, ...(next.q !== undefined ? { contrato: undefined } : {}) }),
            replace: true,
          })}
      />
      {managing && <ManageTenantDialog code={managing} onClose={() => setManaging(null)} />}
    </div>
  );
}
