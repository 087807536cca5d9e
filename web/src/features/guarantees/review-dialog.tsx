// 'Aprobar / Rechazar': the treasury dialog (7 options) or the collections dialog (1 or 2 options), with
// 'Toda la informacion es correcta' clearing the others, the warning while nothing is ticked, and the
// confirmation before saving (spec 3 sections 5 and 9). The save sends the version the screen read: a
// change made since is refused (448) naming who made it, and the ticks stay for the person to decide.
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Checkbox } from "primereact/checkbox";
import { Message } from "primereact/message";
import { useState } from "react";
import {
  amountBelowMinimum,
  amountWithinTolerance,
  GUARANTEE_API,
  type GuaranteeReviewBody,
  type GuaranteeReviewed,
  type GuaranteeView,
  TICK_ONE,
} from "#contract/guarantees/guarantees.ts";
import { ApiError, post } from "../../lib/api.ts";
import { useSave, useVersion } from "../../lib/save.ts";
import { GUARANTEES_KEY } from "./api.ts";
import { DialogFrame } from "../../components/dialogs/dialog-frame.tsx";
import { ConfirmAsk, useAsk } from "../../components/dialogs/confirm-ask.tsx";

export const CONFIRM_REVIEW = "Seguro que desea confirmar la revision de la Garantía?";

export function ReviewDialog({ view, onClose }: { view: GuaranteeView; onClose: () => void }) {
  const { revision } = view;
  const id = view.detalle_garantia.id_garantia_detalle;
  const queryClient = useQueryClient();
  const [allCorrect, setAllCorrect] = useState(false);
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const confirm = useAsk();
  const [error, setError] = useState<string | null>(null);
  // The version read; after a 448 the newer one, so that saving again replaces it knowingly.
  const { version, onStale } = useVersion(view.version);
  const any = allCorrect || Object.values(ticked).some(Boolean);

  const tickAll = (on: boolean) => {
    setAllCorrect(on);
    if (on) setTicked({});
  };
  const tick = (optionId: string, on: boolean) => {
    setTicked((t) => ({ ...t, [optionId]: on }));
    if (on) setAllCorrect(false);
  };
  const review = useSave({
    // The guarantee read again before the dialog closes (its spinner meanwhile).
    send: async (body: GuaranteeReviewBody) => {
      await post<GuaranteeReviewed>(GUARANTEE_API.review(id), body, { quiet: true });
      await queryClient.invalidateQueries({ queryKey: GUARANTEES_KEY });
    },
    onSaved: onClose,
    onStale,
    onFailed: (e) => setError(`Error: ${e instanceof ApiError && e.message ? e.message : "Server error."}`),
  });
  const save = () => {
    setError(null);
    const body: GuaranteeReviewBody = { options: { [revision.todoCorrecto.id]: allCorrect }, version };
    for (const o of revision.opciones) body.options[o.id] = !!ticked[o.id];
    review.save(body);
  };

  const title = revision.tipo === "TE" ? "Revisión de Tesorería" : "Revisión de Cobranza";
  return (
    <DialogFrame
      onClose={onClose}
      busy={review.busy}
      header={title}
      width="34rem"
      footer={
        <div className="dialog-footer">
          <Button type="button" label="Cancelar" severity="secondary" text onClick={onClose} />
          <Button
            type="button"
            label="Guardar"
            icon="pi pi-check"
            disabled={!any}
            loading={review.busy}
            onClick={() => confirm.ask(true)}
          />
        </div>
      }
    >
      {revision.importe && (
        <Message
          className="amount-check"
          severity={revision.importe.cumple ? "info" : "warn"}
          text={revision.importe.cumple
            ? amountWithinTolerance(revision.importe, view.garantia.moneda.simbolo)
            : amountBelowMinimum(revision.importe, view.garantia.moneda.simbolo)}
        />
      )}
      <div className="review-options" role="group" aria-label="Opciones de revisión">
        <div className="review-option all-correct">
          <Checkbox
            inputId="opt-ok"
            checked={allCorrect}
            onChange={(e) => tickAll(!!e.checked)}
          />
          <label htmlFor="opt-ok">{revision.todoCorrecto.label}</label>
        </div>
        {revision.opciones.map((o) => (
          <div key={o.id} className="review-option">
            <Checkbox
              inputId={`opt-${o.id}`}
              checked={!!ticked[o.id]}
              onChange={(e) => tick(o.id, !!e.checked)}
            />
            <label htmlFor={`opt-${o.id}`}>{o.label}</label>
          </div>
        ))}
        {!any && <Message severity="warn" text={TICK_ONE} />}
        {error && <Message severity="error" text={error} />}
      </div>
      <ConfirmAsk {...confirm.frame} header="Confirmación" message={CONFIRM_REVIEW} onAccept={save} />
    </DialogFrame>
  );
}
