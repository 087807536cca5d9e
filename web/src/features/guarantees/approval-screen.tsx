// 'Aprobación de Garantía': the detail with 'Aprobar / Rechazar' and 'Validar con banco'.
import { useSuspenseQuery } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Toast } from "primereact/toast";
import { useRef, useState } from "react";
import { BANK_VALIDATION_CODES, LETTER, NON_REVIEWER_MESSAGE } from "#contract/guarantees/guarantees.ts";
import { guaranteeQuery } from "./api.ts";
import { BankValidationDialog } from "./bank-dialog.tsx";
import { GuaranteeDetail } from "./detail.tsx";
import { REVIEW_CRUMBS } from "./shared.tsx";
import { ReviewDialog } from "./review-dialog.tsx";

export function GuaranteeApproval({ id }: { id: number }) {
  const { data: view } = useSuspenseQuery(guaranteeQuery(id));
  const toast = useRef<Toast>(null);
  const [dialog, setDialog] = useState<"review" | "bank" | null>(null);
  const d = view.detalle_garantia;
  const approved = d.estado.codigo === "IOK";
  const bankLetter = d.tipo_garantia.codigo === LETTER &&
    BANK_VALIDATION_CODES.includes(d.banco?.codigo ?? "");

  const openReview = () => {
    if (!view.acciones.reviewAllowed && view.revision.tipo === null) {
      toast.current?.show({
        severity: "warn",
        summary: "Advertencia",
        detail: NON_REVIEWER_MESSAGE,
        life: 5000,
      });
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
        crumbs={REVIEW_CRUMBS}
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
