// /garantias: the guarantees of the session's contract (found by its RUC and contract on the server).
import { useQuery } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { useState } from "react";
import type { TenantGuaranteeRow } from "#contract/guarantees/guarantees.ts";
import { useSession } from "../../lib/session.ts";
import { mineQuery } from "./api.ts";
import { guaranteeColumns, RowLink, TENANT_GROUP_BY } from "./columns.tsx";
import { GuaranteeList } from "./grid.tsx";
import { RenewDialog } from "./renew-dialog.tsx";

export function TenantGuarantees() {
  const session = useSession();
  const mine = useQuery(mineQuery);
  const [renewing, setRenewing] = useState<TenantGuaranteeRow | null>(null);
  const columns = guaranteeColumns<TenantGuaranteeRow>({
    staff: false,
    actions: (r) => (
      <span className="guarantee-actions">
        <RowLink
          to="/garantias_view_locatario/$id"
          row={r}
          icon="pi-eye"
          label="Ver detalle de la garantía"
        />
        <RowLink
          to="/actualizar_garantia/$id"
          row={r}
          icon="pi-pencil"
          label="Revisar información de la garantía"
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
    <GuaranteeList
      lead={
        <>
          Contrato {session.tenant?.nroContrato} · RUC {session.tenant?.ruc} · {session.tenant?.razonSocial}
        </>
      }
      title="Garantías"
      columns={columns}
      query={mine}
      groupBy={TENANT_GROUP_BY}
      emptyMessage="El contrato no tiene garantías registradas."
    >
      {renewing && (
        <RenewDialog
          id={renewing.id_garantia_detalle}
          number={renewing.numero}
          onClose={() => setRenewing(null)}
        />
      )}
    </GuaranteeList>
  );
}
