// The guarantee screens' action dialogs (reception, vault, notarial letters, returns, renewals): the kit's frame
// with 'Cancelar' and a save button in its footer, the answer once done, and a refused call's messages kept
// in the dialog (its field messages under the inputs, its own message on top as 'Error: …').
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { type ReactNode, useState } from "react";
import { DialogFrame, NoticeDialog } from "../../components/dialogs/dialog-frame.tsx";
import { LeaveGuard } from "../../components/leave-guard.tsx";
import { ApiError } from "../../lib/api.ts";
import { useSave, useVersion } from "../../lib/save.ts";
import { GUARANTEES_KEY } from "./api.ts";
import { SaveButton } from "../../components/save-button.tsx";

/** A refused call's field messages and, under '_', its message (or `fallback` when it never answered). */
export function failureErrors(e: unknown, fallback: string): Record<string, string> {
  const fields = e instanceof ApiError ? (e.data as Record<string, string> | null) : null;
  const message = e instanceof ApiError ? e.message : fallback;
  return fields && typeof fields === "object" && !Array.isArray(fields)
    ? { ...fields, _: message }
    : { _: message };
}

/**
 * A guarantee action's save (reception, vault): it sends the version the list read (after a 448 the newer
 * one, so that saving again replaces the other change knowingly), reads the guarantees again before the
 * answer shows, and keeps a refusal's messages for the dialog (`errors`, its own message under '_').
 */
export function useActionSave<B extends { version: number }, R>(
  { read, send, done, failure }: {
    /** The version the list read. */
    read: number;
    send: (body: B) => Promise<R>;
    /** The answer's text once saved. */
    done: (result: R, body: B) => string;
    /** The message when the call never answered. */
    failure: string;
  },
) {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const { version, onStale } = useVersion(read);
  const action = useSave({
    send: async (body: B) => {
      const result = await send(body);
      await queryClient.invalidateQueries({ queryKey: GUARANTEES_KEY });
      return result;
    },
    onSaved: (result, body) => setSaved(done(result, body)),
    onStale,
    onFailed: (e) => setErrors(failureErrors(e, failure)),
  });
  return {
    errors,
    setErrors,
    saved,
    busy: action.busy,
    /** Sends the fields with the version. */
    save: (fields: Omit<B, "version">) => {
      setErrors({});
      action.save({ ...fields, version } as B);
    },
  };
}

/**
 * A dialog with 'Cancelar' and a save button; it cannot be closed while `busy`. With `lead` it draws the
 * action's form: the lead paragraph, the refusal's own message (`error`) and the fields (`children`) in the
 * form grid; with `dirty` leaving the page asks first; once `done` is set, its answer (`doneTitle`) instead.
 */
export function ActionDialog(
  {
    header,
    width,
    maxWidth = "94vw",
    busy,
    onClose,
    onSave,
    canSave,
    saveLabel = "Guardar",
    children,
    ...form
  }: {
    header: ReactNode;
    width: string;
    maxWidth?: string;
    busy: boolean;
    onClose: () => void;
    onSave: () => void;
    canSave: boolean;
    saveLabel?: string;
    children: ReactNode;
    lead?: ReactNode;
    error?: string;
    dirty?: boolean;
    done?: string | null;
    doneTitle?: string;
  },
) {
  if (form.done) {
    return (
      <DoneDialog title={form.doneTitle ?? ""} onClose={onClose}>
        <DoneMessage>{form.done}</DoneMessage>
      </DoneDialog>
    );
  }
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
          <SaveButton label={saveLabel} busy={busy} ready={canSave} onClick={onSave} />
        </>
      }
    >
      {form.dirty !== undefined && <LeaveGuard when={form.dirty} />}
      {form.lead === undefined ? children : (
        <>
          <p>{form.lead}</p>
          {form.error && <p className="p-error" role="alert">Error: {form.error}</p>}
          <div className="form-grid reception-form">{children}</div>
        </>
      )}
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
