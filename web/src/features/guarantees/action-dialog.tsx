// The guarantee screens' action dialogs (reception, vault, notarial letters, returns, renewals): the kit's frame
// with 'Cancelar' and a save button in its footer, the answer once done, and a refused call's messages kept
// in the dialog (its field messages under the inputs, its own message on top as 'Error: …').
import { Button } from "primereact/button";
import type { ReactNode } from "react";
import { DialogFrame, NoticeDialog } from "../../components/dialogs/dialog-frame.tsx";
import { ApiError } from "../../lib/api.ts";

/** A refused call's field messages and, under '_', its message (or `fallback` when it never answered). */
export function failureErrors(e: unknown, fallback: string): Record<string, string> {
  const fields = e instanceof ApiError ? (e.data as Record<string, string> | null) : null;
  const message = e instanceof ApiError ? e.message : fallback;
  return fields && typeof fields === "object" && !Array.isArray(fields)
    ? { ...fields, _: message }
    : { _: message };
}

/** A dialog with 'Cancelar' and a save button; it cannot be closed while `busy`. */
export function ActionDialog(
  { header, width, maxWidth = "94vw", busy, onClose, onSave, canSave, saveLabel = "Guardar", children }: {
    header: ReactNode;
    width: string;
    maxWidth?: string;
    busy: boolean;
    onClose: () => void;
    onSave: () => void;
    canSave: boolean;
    saveLabel?: string;
    children: ReactNode;
  },
) {
  return (
    <DialogFrame
      header={header}
      width={width}
      maxWidth={maxWidth}
      busy={busy}
      onClose={onClose}
      footer={
        <>
          <Button
            type="button"
            label="Cancelar"
            severity="secondary"
            text
            onClick={onClose}
            disabled={busy}
          />
          <Button
            type="button"
            label={saveLabel}
            icon="pi pi-save"
            onClick={onSave}
            disabled={!canSave || busy}
            loading={busy}
          />
        </>
      }
    >
      {children}
    </DialogFrame>
  );
}

/** The answer of a done action: its title, a check and what was done; 'Aceptar' closes. */
export function DoneDialog(
  { title, width = "32rem", onClose, children }: {
    title: string;
    width?: string;
    onClose: () => void;
    children: ReactNode;
  },
) {
  return (
    <NoticeDialog header={title} width={width} maxWidth="94vw" onAccept={onClose}>
      {children}
    </NoticeDialog>
  );
}

/** The done answer's body: a green check beside the message. */
export function DoneMessage({ children }: { children: ReactNode }) {
  return (
    <div className="dialog-center" role="status">
      <i className="pi pi-check-circle" style={{ color: "#1f9d55" }} aria-hidden="true" />
      <p>{children}</p>
    </div>
  );
}
