import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import { closeDialog, useCurrentDialog } from "../../lib/dialogs.ts";

/** The error dialog 'Alerta de Seguridad' and the success dialog 'Información', one at a time. */
export function GlobalDialogs() {
  const d = useCurrentDialog();
  const error = d?.kind === "error";
  return (
    <Dialog
      visible={d != null}
      onHide={closeDialog}
      header={error ? "Alerta de Seguridad" : "Información"}
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
        <div className="global-dialog-body" data-error-id={d.id}>
          <i
            aria-hidden="true"
            className={error
              ? "pi pi-exclamation-triangle dialog-icon error"
              : "pi pi-check-circle dialog-icon ok"}
          />
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
