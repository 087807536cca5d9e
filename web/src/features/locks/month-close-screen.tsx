// The month close (spec 2, admin utilities): an MM/yyyy picker and one button, 'Bloquear' or 'Desbloquear'
// by the month's state. Locked months refuse every closing write of their days. A month 'Bloquear Cierres'
// reaches into says so beside its own state: its closings are locked whatever the month's state.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Calendar } from "primereact/calendar";
import { Message } from "primereact/message";
import { useState } from "react";
import { closingLockInMonth, MONTH_LOCKED, MONTH_UNLOCKED } from "../../../../contract/closing_locks.ts";
import { formatDateTime } from "../../lib/format.ts";
import { showSuccess } from "../../lib/dialogs.ts";
import { monthLockQuery, setMonthLock } from "./api.ts";
import "./locks.css";

const pad = (n: number) => String(n).padStart(2, "0");
const mmYyyy = (d: Date) => `${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
const MIN = new Date(2017, 0, 1);

export function MonthCloseScreen() {
  const queryClient = useQueryClient();
  const [month, setMonth] = useState(() => new Date());
  const cierreMes = mmYyyy(month);
  const { data } = useQuery(monthLockQuery(cierreMes));
  const toggle = useMutation({
    mutationFn: setMonthLock,
    onSuccess: (status, body) => {
      queryClient.setQueryData(monthLockQuery(cierreMes).queryKey, status);
      showSuccess(101, body.bloquear ? MONTH_LOCKED : MONTH_UNLOCKED);
    },
  });
  return (
    <section className="card lock-card" aria-label="Cierre de Mes">
      <p className="muted">
        Un mes bloqueado no admite registrar ni modificar cierres de ventas de sus días (locatarios y
        personal).
      </p>
      <div className="lock-row">
        <div className="field">
          <label htmlFor="cierre-mes">Mes</label>
          <Calendar
            inputId="cierre-mes"
            value={month}
            view="month"
            dateFormat="mm/yy"
            locale="es"
            showIcon
            minDate={MIN}
            maxDate={new Date()}
            onChange={(e) => e.value instanceof Date && setMonth(e.value)}
          />
        </div>
        {data && (
          <Button
            type="button"
            label={data.bloqueado ? "Desbloquear" : "Bloquear"}
            icon={data.bloqueado ? "pi pi-lock-open" : "pi pi-lock"}
            severity={data.bloqueado ? "warning" : undefined}
            loading={toggle.isPending}
            onClick={() => toggle.mutate({ cierreMes, bloquear: !data.bloqueado })}
          />
        )}
      </div>
      {data && (
        <Message
          className="mt-3"
          severity={data.bloqueado ? "warn" : "info"}
          text={`${cierreMes}: ${data.bloqueado ? "bloqueado" : "desbloqueado"}${
            data.actualizado
              ? ` (último cambio ${formatDateTime(data.actualizado)} por ${data.usuario ?? "—"})`
              : ""
          }`}
        />
      )}
      {data?.bloqueoCierres && (
        <div className="mt-3" data-testid="bloqueo-cierres">
          <Message
            severity="warn"
            text={closingLockInMonth(data.bloqueoCierres.hasta, data.bloqueoCierres.mesCompleto)}
          />
        </div>
      )}
    </section>
  );
}
