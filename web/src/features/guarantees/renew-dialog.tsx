// Renewing a letter (spec 3 section 4): confirm, then in progress, then done.
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { useState } from "react";
import type { Done } from "#contract/envelope.ts";
import { GUARANTEE_API, type GuaranteeRenewed } from "#contract/guarantees/guarantees.ts";
import { ApiError, post } from "../../lib/api.ts";
import { GUARANTEES_KEY } from "./api.ts";
import { useSave } from "../../lib/save.ts";
import { DialogFrame } from "../../components/dialogs/dialog-frame.tsx";

type Step = { kind: "confirm" } | { kind: "busy" } | { kind: "done"; id: number } | {
  kind: "error";
  message: string;
};

export function RenewDialog(
  { id, number, onClose }: { id: number; number: string | null; onClose: () => void },
) {
  const [answer, setAnswer] = useState<Exclude<Step, { kind: "busy" }>>({ kind: "confirm" });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const renewing = useSave({
    // The list read again before the dialog offers the renewal (its spinner meanwhile).
    send: async () => {
      const r = await post<Done<GuaranteeRenewed>>(GUARANTEE_API.renew(id), undefined, {
        quiet: true,
        confirm: false,
      });
      await queryClient.invalidateQueries({ queryKey: GUARANTEES_KEY });
      return r;
    },
    onSaved: (r) => setAnswer({ kind: "done", id: r.id }),
    onFailed: (e) =>
      setAnswer({
        kind: "error",
        message: e instanceof ApiError ? e.message : "No se pudo generar la renovación.",
      }),
  });
  const step: Step = renewing.busy ? { kind: "busy" } : answer;
  const renew = () => renewing.save(undefined);
  const footer = step.kind === "confirm"
    ? (
      <>
        <Button type="button" label="Cancelar" severity="secondary" text onClick={onClose} />
        <Button type="button" label="Renovar" icon="pi pi-replay" onClick={renew} autoFocus />
      </>
    )
    : step.kind === "done"
    ? (
      <>
        <Button type="button" label="Cerrar" severity="secondary" text onClick={onClose} />
        <Button
          type="button"
          label="Ingresar la renovación"
          icon="pi pi-pencil"
          onClick={() => navigate({ to: "/actualizar_garantia/$id", params: { id: step.id } })}
        />
      </>
    )
    : step.kind === "error"
    ? <Button type="button" label="Cerrar" onClick={onClose} />
    : null;
  return (
    <DialogFrame
      busy={step.kind === "busy"}
      onClose={onClose}
      header="Renovar Carta Fianza"
      width="30rem"
      maxWidth="94vw"
      closable={step.kind !== "busy"}
      footer={footer}
    >
      <div className="dialog-center" role="status">
        {step.kind === "confirm" && (
          <>
            <i className="pi pi-question-circle" aria-hidden="true" />
            <p>¿Está seguro de generar la renovación de la Carta Fianza {number ? `N° ${number}` : ""}?</p>
          </>
        )}
        {step.kind === "busy" && (
          <>
            <i className="pi pi-spin pi-spinner" aria-hidden="true" />
            <p>Generando la renovación de la Carta Fianza...</p>
          </>
        )}
        {step.kind === "done" && (
          <>
            <i className="pi pi-check-circle" style={{ color: "#1f9d55" }} aria-hidden="true" />
            <p>La renovación fue generada exitosamente. Ingrese los datos de la nueva Carta Fianza.</p>
          </>
        )}
        {step.kind === "error" && (
          <>
            <i className="pi pi-times-circle" style={{ color: "#d62f2f" }} aria-hidden="true" />
            <p>{step.message}</p>
          </>
        )}
      </div>
    </DialogFrame>
  );
}
