import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { guaranteeQuery } from "../-guarantees/api.ts";
import { detailId, GuaranteeDetail, loadGuarantee } from "../-guarantees/detail.tsx";
import { tenantGuaranteeScreen } from "../-guarantees/shared.tsx";

/** The tenant's read-only detail of one of its guarantees. */
export const Route = createFileRoute("/_app/garantias_view_locatario/$id")({
  beforeLoad: tenantGuaranteeScreen,
  loader: ({ context, params }) => loadGuarantee(context.queryClient, params.id),
  component: TenantGuaranteeView,
});

function TenantGuaranteeView() {
  const id = detailId(Route.useParams().id);
  const { data } = useSuspenseQuery(guaranteeQuery(id));
  return (
    <GuaranteeDetail
      id={id}
      title="Detalle de garantía"
      crumbs={[{ label: "Garantias", to: "/garantias" }]}
      actions={data.acciones.editMode && (
        <Link to={`/actualizar_garantia/${id}` as never} className="p-button p-button-outlined">
          <i className="pi pi-pencil" aria-hidden="true" />&nbsp;Revisar información
        </Link>
      )}
    />
  );
}
