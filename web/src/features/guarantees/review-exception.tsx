// 'Revision de Excepción': the collections or treasury reviewer approves or rejects it, sending the version
// the screen read (a change made since is refused with 448, the choice kept in the dialog).
import { Button } from "primereact/button";
import { InputSwitch } from "primereact/inputswitch";
import { Message } from "primereact/message";
import { useState } from "react";
import {
  EXCEPTION_REVIEW_SAVED,
  type ExceptionReviewBody,
  type ExceptionReviewed,
  GUARANTEE_API,
} from "#contract/guarantees/guarantees.ts";
import { ApiError, post } from "../../lib/api.ts";
import { useSave } from "../../lib/save.ts";
import { GUARANTEES_KEY } from "./api.ts";
import { ExceptionPage, useExceptionScreen } from "./exception-screens.tsx";
import { DialogFrame } from "../../components/dialogs/dialog-frame.tsx";

export function ReviewException({ id }: { id: number }) {
  const screen = useExceptionScreen(id);
  const [open, setOpen] = useState(false);
  const [approve, setApprove] = useState(true);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  // The version read; after a 448 the newer one, so that saving again replaces it knowingly.
  const [newer, setNewer] = useState<number | null>(null);
  const state = screen.excepcion?.codigo_estado_excepcion;
  const reviewable = state === "ING" || state === "PEN";
  const review = useSave({
    send: (body: ExceptionReviewBody) =>
      post<ExceptionReviewed>(GUARANTEE_API.exceptionReview(id), body, { quiet: true }),
    invalidate: [GUARANTEES_KEY],
    onSaved: () => {
      setOpen(false);
      setNewer(null);
      setMessage({ ok: true, text: EXCEPTION_REVIEW_SAVED });
    },
    onStale: setNewer,
    onFailed: (e) =>
      setMessage({ ok: false, text: `Error: ${e instanceof ApiError ? e.message : "Server error."}` }),
  });
  const save = () => review.save({ estado: approve ? "APR" : "REC", version: newer ?? screen.version });
  return (
    <>
      {message && (
        <Message className="w-full" severity={message.ok ? "success" : "error"} text={message.text} />
      )}
      <ExceptionPage
        id={id}
        title="Revision de Excepción"
        actions={
          <Button
            type="button"
            label="Aprobar / Rechazar"
            icon="pi pi-check-square"
            disabled={!reviewable}
            onClick={() => {
              setMessage(null);
              setOpen(true);
            }}
          />
        }
      />
      <DialogFrame
        visible={open}
        onClose={() =>
          setOpen(false)}
        busy={review.busy}
        header="Aprobar / Rechazar Excepción"
        width="28rem"
        maxWidth="94vw"
        footer={
          <Button type="button" label="Guardar" icon="pi pi-check" loading={review.busy} onClick={save} />
        }
      >
        <div className="review-option">
          <span>Rechazar</span>
          <InputSwitch
            inputId="exc-approve"
            checked={approve}
            onChange={(e) => setApprove(!!e.value)}
            aria-label="Aprobar la excepción"
          />
          <label htmlFor="exc-approve">Aprobar</label>
        </div>
        {!screen.acciones.exceptionReview && (
          <p className="muted">
            Su revisión no está pendiente para esta excepción; el servidor indicará el motivo.
          </p>
        )}
      </DialogFrame>
    </>
  );
}
