// The portal's form dialog: the frame, the form, 'Cancelar' and 'Guardar' under it, and in its place once
// saved the 'Guardado Exitoso' answer (a refused save keeps the form open with the messages under the inputs,
// see lib/save.ts).
import { Button } from "primereact/button";
import type { FormEvent, ReactNode } from "react";
import { LeaveGuard } from "../leave-guard.tsx";
import { DialogFrame, SavedDialog } from "./dialog-frame.tsx";

/** What the dialog needs of a useSave (lib/save.ts). */
export interface FormSave {
  submit: (e?: FormEvent) => void;
  busy: boolean;
  saved?: boolean;
}

/** The form and its 'Cancelar' / 'Guardar' footer, inside a frame the caller draws (a dialog that loads first). */
export function DialogForm(
  { id, onClose, save, guard, submitLabel = "Guardar", extra, children }: {
    id: string;
    onClose: () => void;
    save: FormSave;
    /** While true (unsaved changes), leaving the page asks first (LeaveGuard). */
    guard?: boolean;
    submitLabel?: string;
    extra?: ReactNode;
    children: ReactNode;
  },
) {
  return (
    <>
      <form id={id} className="dialog-form" onSubmit={save.submit} noValidate>
        {guard !== undefined && <LeaveGuard when={guard} />}
        {children}
      </form>
      {extra}
      <div className="dialog-footer">
        <Button type="button" label="Cancelar" severity="secondary" text onClick={onClose} />
        <Button type="submit" form={id} label={submitLabel} icon="pi pi-check" loading={save.busy} />
      </div>
    </>
  );
}

/** The frame around a DialogForm; once saved, 'Guardado Exitoso' in its place when `savedMessage` is given. */
export function FormDialog(
  { header, width, maxWidth, savedMessage, onSavedAccept, ...form }: Parameters<typeof DialogForm>[0] & {
    header: ReactNode;
    width?: string;
    maxWidth?: string;
    /** When given, a save answers with 'Guardado Exitoso' and this message; its 'Aceptar' closes. */
    savedMessage?: ReactNode;
    onSavedAccept?: () => void;
  },
) {
  if (form.save.saved && savedMessage != null) {
    return <SavedDialog message={savedMessage} onAccept={onSavedAccept ?? form.onClose} />;
  }
  return (
    <DialogFrame header={header} width={width} maxWidth={maxWidth} onClose={form.onClose}>
      <DialogForm {...form} />
    </DialogFrame>
  );
}
