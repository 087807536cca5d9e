// The month close (spec 2, admin utilities): an MM/yyyy picker and one button, 'Bloquear' or 'Desbloquear'
// by the month's state. Locked months refuse every closing write of their days. A month 'Bloquear Cierres'
// reaches into says so beside its own state: its closings are locked whatever the month's state.
import { Message } from "primereact/message";
import { closingLockInMonth, MONTH_LOCKED, MONTH_UNLOCKED } from "#contract/closing_locks.ts";
import { showSuccess } from "../../lib/dialogs.ts";
import { MonthLockForm } from "./month-lock-form.tsx";
import "./locks.css";

export function MonthCloseScreen() {
  return (
    <section className="card lock-card" aria-label="Cierre de Mes">
      <p className="muted">
        Un mes bloqueado no admite registrar ni modificar cierres de ventas de sus días (locatarios y
        personal).
      </p>
      <MonthLockForm
        inputId="cierre-mes"
        rowClassName="lock-row"
        onChanged={(locked) => showSuccess(101, locked ? MONTH_LOCKED : MONTH_UNLOCKED)}
        extra={(status) =>
          status.bloqueoCierres && (
            <div className="mt-3" data-testid="bloqueo-cierres">
              <Message
                severity="warn"
                text={closingLockInMonth(status.bloqueoCierres.hasta, status.bloqueoCierres.mesCompleto)}
              />
            </div>
          )}
      />
    </section>
  );
}
