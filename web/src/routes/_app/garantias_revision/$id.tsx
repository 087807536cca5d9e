import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { Toast } from "primereact/toast";
import { useRef, useState } from "react";
import { guaranteeQuery } from "../-guarantees/api.ts";
import { BankValidationDialog } from "../-guarantees/bank-dialog.tsx";
import { detailId, GuaranteeDetail, loadGuarantee } from "../-guarantees/detail.tsx";
import { ReviewDialog } from "../-guarantees/review-dialog.tsx";
import { requirePermission } from "../../../lib/guard.ts";

const NON_REVIEWER =
  'Solo los usuarios con rol de "Revisor de Cobranza" o "Revisor de Tesorería" pueden aprobar o rechazar la Garantía.';
const BANKS = ["BBVA", "BCP"];

/** 'Aprobación de Garantía': the detail with 'Aprobar / Rechazar' and 'Validar con banco'. */
export const Route = createFileRoute("/_app/garantias_revision/$id")({
  beforeLoad: requirePermission("GARANTIAS_REVISION", "GARANTIAS_REVISION_2"),
  loader: ({ context, params }) => loadGuarantee(context.queryClient, params.id),
  component: GuaranteeApproval,
});

function GuaranteeApproval() {
  const id = detailId(Route.useParams().id);
  const { data: view } = useSuspenseQuery(guaranteeQuery(id));
  const toast = useRef<Toast>(null);
  const [dialog, setDialog] = useState<"review" | "bank" | null>(null);
  const d = view.detalle_garantia;
  const approved = d.estado.codigo === "IOK";
  const bankLetter = d.tipo_garantia.codigo === "GAR1" && BANKS.includes(d.banco?.codigo ?? "");

  const openReview = () => {
    if (!view.acciones.reviewAllowed && view.revision.tipo === null) {
      toast.current?.show({ severity: "warn", summary: "Advertencia", detail: NON_REVIEWER, life: 5000 });
      return;
    }
    setDialog("review");
  };

  return (
    <>
      <Toast ref={toast} position="top-right" />
      <GuaranteeDetail
        id={id}
        title="Aprobación de Garantía"
        crumbs={[{ label: "Garantías" }, {
          label: "Revisión de Garantías",
          to: "/garantias/listado_garantias_revision",
        }]}
        actions={
          <>
            <Button
              type="button"
              label="Aprobar / Rechazar"
              icon="pi pi-check-square"
              disabled={approved || !view.acciones.review}
              tooltip={!approved && !view.acciones.review
                ? "La revisión solo está disponible En Revisión."
                : undefined}
              tooltipOptions={{ showOnDisabled: true, position: "bottom" }}
              onClick={openReview}
            />
            {bankLetter && (
              <Button
                type="button"
                label="Validar con banco"
                icon="pi pi-send"
                outlined
                disabled={approved || !view.acciones.bankValidation}
                onClick={() => setDialog("bank")}
              />
            )}
          </>
        }
      />
      {dialog === "review" && <ReviewDialog view={view} onClose={() => setDialog(null)} />}
      {dialog === "bank" && <BankValidationDialog id={id} onClose={() => setDialog(null)} />}
    </>
  );
}
