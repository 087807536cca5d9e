// The question before a listing removes a row: 'Eliminar' (red) removes it, 'Cancelar' or Escape keeps it.
// Every listing with a trash button (roles, categories, similar contracts) asks it the same way.
import { ConfirmDialog } from "primereact/confirmdialog";
import type { ReactNode } from "react";

export function ConfirmRemove<T>(
  { row, header = "Eliminar", message, onClose, onRemove }: {
    /** The row asked about; null while none is. */
    row: T | null;
    header?: string;
    message: ReactNode | ((row: T) => ReactNode);
    onClose: () => void;
    onRemove: (row: T) => void;
  },
) {
  return (
    <ConfirmDialog
      visible={row != null}
      onHide={onClose}
      header={header}
      icon="pi pi-exclamation-triangle"
      message={row == null ? "" : typeof message === "function" ? message(row) : message}
      acceptLabel="Eliminar"
      rejectLabel="Cancelar"
      acceptClassName="p-button-danger"
      accept={() => row != null && onRemove(row)}
      reject={onClose}
    />
  );
}
