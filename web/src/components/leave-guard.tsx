import { ConfirmDialog } from "primereact/confirmdialog";
import { LEAVE_MESSAGE, LEAVE_TITLE, useLeaveGuard } from "../lib/forms.ts";

/** Put in a form with unsaved changes (`when`): leaving it for another page asks first. */
export function LeaveGuard({ when }: { when: boolean }) {
  const { asking, leave, stay } = useLeaveGuard(when);
  return (
    <ConfirmDialog
      visible={asking}
      // Closed by 'Salir sin guardar' the navigation goes on; any other way (Esc, the X) stays.
      onHide={(result) => result !== "accept" && stay()}
      header={LEAVE_TITLE}
      message={LEAVE_MESSAGE}
      icon="pi pi-exclamation-triangle"
      acceptLabel="Salir sin guardar"
      rejectLabel="Seguir editando"
      accept={leave}
    />
  );
}
