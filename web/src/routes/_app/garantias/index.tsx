import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { useState } from "react";
import { type ListRow, mineQuery } from "../-guarantees/api.ts";
import { guaranteeColumns, RowLink, TENANT_GROUP_BY } from "../-guarantees/columns.tsx";
import { GuaranteeGrid } from "../-guarantees/grid.tsx";
import { RenewDialog } from "../-guarantees/renew-dialog.tsx";
import { tenantGuaranteeScreen } from "../-guarantees/shared.tsx";
import { useSession } from "../../../lib/session.ts";

/** /garantias: the guarantees of the session's contract (found by its RUC and contract on the server). */
export const Route = createFileRoute("/_app/garantias/")({
  staticData: { title: "Garantías" },
  beforeLoad: tenantGuaranteeScreen,
  loader: ({ context }) => context.queryClient.ensureQueryData(mineQuery),
  component: TenantGuarantees,
});

function TenantGuarantees() {
  const session = useSession();
  const { data, isFetching, refetch } = useQuery(mineQuery);
  const [renewing, setRenewing] = useState<ListRow | null>(null);
  const columns = guaranteeColumns({
    staff: false,
    actions: (r) => (
      <span className="guarantee-actions">
        <RowLink
          to={`/garantias_view_locatario/${r.id_garantia_detalle}`}
          icon="pi-eye"
          label={`Ver detalle de la garantía ${r.numero ?? r.id_garantia_detalle}`}
        />
        <RowLink
          to={`/actualizar_garantia/${r.id_garantia_detalle}`}
          icon="pi-pencil"
          label={`Revisar información de la garantía ${r.numero ?? r.id_garantia_detalle}`}
        />
        {r.puede_renovar && (
          <Button
            type="button"
            icon="pi pi-replay"
            rounded
            text
            aria-label={`Renovar carta fianza ${r.numero ?? r.id_garantia_detalle}`}
            tooltip="Renovar carta fianza"
            tooltipOptions={{ position: "left" }}
            onClick={(e) => {
              e.stopPropagation();
              setRenewing(r);
            }}
          />
        )}
      </span>
    ),
  });
  return (
    <div className="card">
      <p className="page-lead">
        Contrato {session.tenant?.nroContrato} · RUC {session.tenant?.ruc} · {session.tenant?.razonSocial}
      </p>
      <GuaranteeGrid
        title="Garantías"
        columns={columns}
        data={data}
        loading={isFetching && !data}
        groupBy={TENANT_GROUP_BY}
        getRowId={(r) => String(r.id_garantia_detalle)}
        onRefresh={refetch}
        emptyMessage="El contrato no tiene garantías registradas."
      />
      {renewing && (
        <RenewDialog
          id={renewing.id_garantia_detalle}
          number={renewing.numero}
          onClose={() => setRenewing(null)}
        />
      )}
    </div>
  );
}
