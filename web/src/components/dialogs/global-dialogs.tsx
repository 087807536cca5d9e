import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import { DIALOG_TITLES, type DialogKind } from "#contract/errors.ts";
import { closeDialog, useCurrentDialog } from "../../lib/dialogs.ts";

const ICONS: Record<DialogKind, string> = {
  security: "pi pi-shield dialog-icon error",
  warning: "pi pi-exclamation-triangle dialog-icon warning",
  error: "pi pi-times-circle dialog-icon error",
  info: "pi pi-info-circle dialog-icon info",
  success: "pi pi-check-circle dialog-icon ok",
};

/** The global dialog, one at a time, its title and icon by its kind (contract/errors.ts). */
export function GlobalDialogs() {
  const d = useCurrentDialog();
  return (
    <Dialog
      visible={d != null}
      onHide={closeDialog}
      header={d ? DIALOG_TITLES[d.kind] : ""}
      className="global-dialog"
      style={{ width: "28rem", maxWidth: "92vw" }}
      draggable={false}
      resizable={false}
      closable={false}
      modal
      footer={
        <Button type="button" label="De acuerdo" autoFocus onClick={closeDialog} data-testid="dialog-ok" />
      }
    >
      {d && (
        <div className="global-dialog-body" data-error-id={d.id} data-kind={d.kind}>
          <i aria-hidden="true" className={ICONS[d.kind]} />
          <div>
            <p className="global-dialog-message">{d.message}</p>
            {d.details.length > 0 && (
              <ul className="global-dialog-details">
                {d.details.map((t) => <li key={t}>{t}</li>)}
              </ul>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}
