// The read-only detail screens: the staff's 'Detalle de garantía' and the tenant's, which links to the
// update screen while the guarantee can be changed.
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { guaranteeQuery } from "./api.ts";
import { GuaranteeDetail } from "./detail.tsx";
import { REVIEW_CRUMBS } from "./shared.tsx";
import { LetterActionsPanel } from "./letter-actions.tsx";
import { StateEditPanel } from "./state-edit.tsx";

export function StaffGuaranteeView({ id }: { id: number }) {
  return (
    <>
      <GuaranteeDetail
        id={id}
        title="Detalle de garantía"
        crumbs={REVIEW_CRUMBS}
      />
      <LetterActionsPanel id={id} />
      <StateEditPanel id={id} />
    </>
  );
}

export function TenantGuaranteeView({ id }: { id: number }) {
  const { data } = useSuspenseQuery(guaranteeQuery(id));
  return (
    <GuaranteeDetail
      id={id}
      title="Detalle de garantía"
      crumbs={[{ label: "Garantias", to: "/garantias" }]}
      actions={data.acciones.editMode && (
        <Link to="/actualizar_garantia/$id" params={{ id }} className="p-button p-button-outlined">
          <i className="pi pi-pencil" aria-hidden="true" />&nbsp;Revisar información
        </Link>
      )}
    />
  );
}
