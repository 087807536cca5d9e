import { useQueryClient } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import { InputSwitch } from "primereact/inputswitch";
import { Message } from "primereact/message";
import { useState } from "react";
import { ApiError, post } from "../../../lib/api.ts";
import { requirePermission } from "../../../lib/guard.ts";
import { GUARANTEES_KEY } from "../-guarantees/api.ts";
import { detailId, loadException } from "../-guarantees/detail.tsx";
import { ExceptionPage, useExceptionScreen } from "../-guarantees/exception-screens.tsx";

const SAVED = "Guardado Exitoso: Se guardo la Revisión de la excepción.";

/** 'Revision de Excepción': the collections or treasury reviewer approves or rejects it. */
export const Route = createFileRoute("/_app/garantias_revision_excepcion/$id")({
  beforeLoad: requirePermission("GARANTIAS_EXCEPCION"),
  loader: ({ context, params }) => loadException(context.queryClient, params.id),
  component: ReviewException,
});

function ReviewException() {
  const id = detailId(Route.useParams().id);
  const screen = useExceptionScreen(id);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [approve, setApprove] = useState(true);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const state = screen.excepcion?.codigo_estado_excepcion;
  const reviewable = state === "ING" || state === "PEN";
  const save = async () => {
    setBusy(true);
    try {
      await post(`/api/guarantee-exceptions/${id}/review`, { estado: approve ? "APR" : "REC" }, {
        quiet: true,
      });
      setOpen(false);
      setMessage({ ok: true, text: SAVED });
      await queryClient.invalidateQueries({ queryKey: GUARANTEES_KEY });
    } catch (e) {
      setMessage({ ok: false, text: `Error: ${e instanceof ApiError ? e.message : "Server error."}` });
    } finally {
      setBusy(false);
    }
  };
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
      <Dialog
        visible={open}
        onHide={() =>
          setOpen(false)}
        header="Aprobar / Rechazar Excepción"
        style={{ width: "28rem", maxWidth: "94vw" }}
        draggable={false}
        modal
        footer={<Button type="button" label="Guardar" icon="pi pi-check" loading={busy} onClick={save} />}
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
      </Dialog>
    </>
  );
}
