// 'Validar con banco': confirm, then sending, then the success or error message (spec 3 section 8).
import { Button } from "primereact/button";
import { useState } from "react";
import {
  BANK_VALIDATION_SENT,
  type BankValidationSent,
  GUARANTEE_API,
} from "#contract/guarantees/guarantees.ts";
import { ApiError, post } from "../../lib/api.ts";
import { useSave } from "../../lib/save.ts";
import { DialogFrame } from "../../components/dialogs/dialog-frame.tsx";

export const BANK_CONFIRM = "Está seguro de enviar la garantia al Banco para su validación?";
export const BANK_ERROR = "Error: No se puedo enviar el correo de validación al banco.";

type Step = "confirm" | "busy" | "ok" | "error";

export function BankValidationDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const [answer, setAnswer] = useState<Exclude<Step, "busy">>("confirm");
  const [detail, setDetail] = useState("");
  const sending = useSave({
    send: () => post<BankValidationSent>(GUARANTEE_API.bankValidation(id), undefined, { quiet: true }),
    onSaved: () => setAnswer("ok"),
    onFailed: (e) => {
      setDetail(e instanceof ApiError ? e.message : "");
      setAnswer("error");
    },
  });
  const step: Step = sending.busy ? "busy" : answer;
  const send = () => sending.save(undefined);
  return (
    <DialogFrame
      busy={step === "busy"}
      onClose={onClose}
      header="Validar con banco"
      width="30rem"
      maxWidth="94vw"
      closable={step !== "busy"}
      footer={step === "confirm"
        ? (
          <>
            <Button type="button" label="No" severity="secondary" text onClick={onClose} />
            <Button type="button" label="Sí" icon="pi pi-send" onClick={send} autoFocus />
          </>
        )
        : step === "busy"
        ? null
        : <Button type="button" label="Aceptar" onClick={onClose} autoFocus />}
    >
      <div className="dialog-center" role="status">
        {step === "confirm" && <p>{BANK_CONFIRM}</p>}
        {step === "busy" && (
          <>
            <i className="pi pi-spin pi-spinner" aria-hidden="true" />
            <p>Enviando el correo de validación…</p>
          </>
        )}
        {step === "ok" && (
          <>
            <i className="pi pi-check-circle" style={{ color: "#1f9d55" }} aria-hidden="true" />
            <p>{BANK_VALIDATION_SENT}</p>
          </>
        )}
        {step === "error" && (
          <>
            <i className="pi pi-times-circle" style={{ color: "#d62f2f" }} aria-hidden="true" />
            <p>
              {BANK_ERROR}
              {detail && <small className="muted" style={{ display: "block" }}>{detail}</small>}
            </p>
          </>
        )}
      </div>
    </DialogFrame>
  );
}
