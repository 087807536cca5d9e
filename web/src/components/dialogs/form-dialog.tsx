// The portal's form dialog: the frame, the form, 'Cancelar' and 'Guardar' under it, and in its place once
// saved the 'Guardado Exitoso' answer (a refused save keeps the form open with the messages under the inputs,
// see lib/save.ts).
import { Button } from "primereact/button";
import type { FormEvent, ReactNode } from "react";
import { DialogFrame, SavedDialog } from "./dialog-frame.tsx";

/** What the dialog needs of a useSave (lib/save.ts). */
export interface FormSave {
  submit: (e?: FormEvent) => void;
  busy: boolean;
  saved?: boolean;
}

export function FormDialog(
  { id, header, width, onClose, save, savedMessage, onSavedAccept, submitLabel = "Guardar", extra, children }:
    {
      /** The form's id, which the footer's submit button names. */
      id: string;
      header: ReactNode;
      width?: string;
      onClose: () => void;
      save: FormSave;
      /** When given, a save answers with 'Guardado Exitoso' and this message; its 'Aceptar' closes. */
      savedMessage?: ReactNode;
      onSavedAccept?: () => void;
      submitLabel?: string;
      /** Anything shown between the form and its footer. */
      extra?: ReactNode;
      children: ReactNode;
    },
) {
  if (save.saved && savedMessage != null) {
    return <SavedDialog message={savedMessage} onAccept={onSavedAccept ?? onClose} />;
  }
  return (
    <DialogFrame header={header} width={width} onClose={onClose}>
      <form id={id} className="dialog-form" onSubmit={save.submit} noValidate>
        {children}
      </form>
      {extra}
      <div className="dialog-footer">
        <Button type="button" label="Cancelar" severity="secondary" text onClick={onClose} />
        <Button type="submit" form={id} label={submitLabel} icon="pi pi-check" loading={save.busy} />
      </div>
    </DialogFrame>
  );
}
