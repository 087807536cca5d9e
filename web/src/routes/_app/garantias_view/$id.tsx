import { createFileRoute } from "@tanstack/react-router";
import { detailId, GuaranteeDetail, loadGuarantee } from "../-guarantees/detail.tsx";
import { STAFF_VIEW } from "../-guarantees/shared.tsx";
import { requirePermission } from "../../../lib/guard.ts";

/** 'Detalle de garantía': the staff's read-only view. */
export const Route = createFileRoute("/_app/garantias_view/$id")({
  beforeLoad: requirePermission(...STAFF_VIEW),
  loader: ({ context, params }) => loadGuarantee(context.queryClient, params.id),
  component: StaffGuaranteeView,
});

function StaffGuaranteeView() {
  const id = detailId(Route.useParams().id);
  return (
    <GuaranteeDetail
      id={id}
      title="Detalle de garantía"
      crumbs={[{ label: "Garantías" }, {
        label: "Revisión de Garantías",
        to: "/garantias/listado_garantias_revision",
      }]}
    />
  );
}
