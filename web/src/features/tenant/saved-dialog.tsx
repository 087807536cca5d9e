import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import "./tenant.css";

/** 'Guardado Exitoso': shown after a closing is saved; 'Aceptar' reloads the screen's data. */
export function SavedDialog(
  { visible, message, onAccept }: { visible: boolean; message: string; onAccept: () => void },
) {
  return (
    <Dialog
      visible={visible}
      onHide={onAccept}
      header="Guardado Exitoso"
      style={{ width: "26rem", maxWidth: "92vw" }}
      draggable={false}
      resizable={false}
      closable={false}
      modal
      footer={<Button type="button" label="Aceptar" icon="pi pi-check" autoFocus onClick={onAccept} />}
    >
      <div className="saved-body">
        <i className="pi pi-check-circle" aria-hidden="true" />
        <p>{message}</p>
      </div>
    </Dialog>
  );
}
