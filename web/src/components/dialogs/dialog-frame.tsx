// The portal's one modal frame: every dialog of the feature screens opens through it, so that the defaults
// (modal, not draggable, a width that shrinks on a narrow screen, no closing while a save runs) are written
// once.
import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import { type ReactNode, useLayoutEffect, useRef } from "react";
import "./dialogs.css";

export interface DialogFrameProps {
  header: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Shown unless false (a dialog kept mounted while another answers in its place). */
  visible?: boolean;
  /** The width on a wide screen ('32rem'); `maxWidth` caps it on a narrow one. */
  width?: string;
  maxWidth?: string;
  /** While true, Escape, the mask and the close icon do nothing (a save is running). */
  busy?: boolean;
  closable?: boolean;
  resizable?: boolean;
  footer?: ReactNode;
  className?: string;
}

/** A modal dialog with the portal's defaults. */
export function DialogFrame(
  { header, onClose, children, visible = true, width = "32rem", maxWidth = "95vw", busy = false, ...rest }:
    DialogFrameProps,
) {
  useReturnFocus();
  return (
    <Dialog
      visible={visible}
      onHide={() => !busy && onClose()}
      header={header}
      style={{ width, maxWidth }}
      draggable={false}
      // PrimeReact merges props over its defaults with Object.assign: an undefined prop would override them.
      resizable={rest.resizable ?? true}
      closable={rest.closable ?? true}
      footer={rest.footer}
      className={rest.className}
      modal
    >
      {children}
    </Dialog>
  );
}

/**
 * The focused element of a dialog that replaced another in the same commit (the form's 'Guardado Exitoso'):
 * the one the first dialog was opened from, which the second gives the focus back to.
 */
let handedOver: Element | null = null;

/**
 * Gives the focus back to what opened the dialog (its button) when the dialog goes away with its component:
 * PrimeReact returns it only after its closing animation, which a dialog unmounted on close never plays, so
 * a keyboard user was left on the page's body, back at its top.
 */
function useReturnFocus() {
  const opener = useRef<Element | null>(null);
  useLayoutEffect(() => {
    const active = document.activeElement;
    opener.current = active && active !== document.body ? active : handedOver;
    handedOver = null;
    return () => {
      const back = opener.current;
      handedOver = back;
      setTimeout(() => {
        if (handedOver === back) handedOver = null;
        const now = document.activeElement;
        // Only when the focus went with the dialog: not when something else took it meanwhile.
        if (back instanceof HTMLElement && back.isConnected && (!now || now === document.body)) back.focus();
      });
    };
  }, []);
}

/** A dialog that only tells something: its one button, 'Aceptar', closes it. */
export function NoticeDialog(
  { onAccept, acceptIcon, acceptLabel = "Aceptar", ...frame }:
    & Omit<DialogFrameProps, "onClose" | "footer">
    & {
      onAccept: () => void;
      acceptLabel?: string;
      acceptIcon?: string;
    },
) {
  return (
    <DialogFrame
      {...frame}
      onClose={onAccept}
      footer={<Button type="button" label={acceptLabel} icon={acceptIcon} onClick={onAccept} autoFocus />}
    />
  );
}

/** 'Guardado Exitoso': shown after a save; 'Aceptar' closes it (and the caller reloads what changed). */
export function SavedDialog(
  { visible = true, message, onAccept }: { visible?: boolean; message: ReactNode; onAccept: () => void },
) {
  return (
    <NoticeDialog
      visible={visible}
      header="Guardado Exitoso"
      width="26rem"
      maxWidth="92vw"
      resizable={false}
      closable={false}
      acceptIcon="pi pi-check"
      onAccept={onAccept}
    >
      <div className="saved-body">
        <i className="pi pi-check-circle" aria-hidden="true" />
        <p>{message}</p>
      </div>
    </NoticeDialog>
  );
}

/** A dialog's 'Cerrar' link-button, under its content. */
export function CloseFooter({ onClose, label = "Cerrar" }: { onClose: () => void; label?: string }) {
  return (
    <div className="dialog-footer">
      <Button type="button" label={label} severity="secondary" text onClick={onClose} />
    </div>
  );
}
