// A month's lock, as 'Cierre de Mes' and the global configuration's panel both show it: an MM/yyyy picker,
// one button ('Bloquear' or 'Desbloquear' by the month's state) and the month's state with its last change.
// Each screen says the change its own way (`onChanged`) and may add a line under the state (`extra`).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Calendar } from "primereact/calendar";
import { Message } from "primereact/message";
import { type ReactNode, useState } from "react";
import type { MonthLockStatus } from "#contract/closing_locks.ts";
import { useStableDates } from "../../components/stable-date.ts";
import { formatDateTime } from "../../lib/format.ts";
import { useSave } from "../../lib/save.ts";
import { monthLockQuery, setMonthLock } from "./api.ts";

const pad = (n: number) => String(n).padStart(2, "0");
const mmYyyy = (d: Date) => `${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
const MIN = new Date(2017, 0, 1);

export function MonthLockForm(props: {
  inputId: string;
  rowClassName: string;
  onChanged: (locked: boolean) => void;
  extra?: (status: MonthLockStatus) => ReactNode;
}) {
  const queryClient = useQueryClient();
  const [month, setMonth] = useState(() => new Date());
  const value = useStableDates(month);
  const cierreMes = mmYyyy(month);
  const { data } = useQuery(monthLockQuery(cierreMes));
  const toggle = useSave({
    send: setMonthLock,
    onSaved: (status, body) => {
      queryClient.setQueryData(monthLockQuery(cierreMes).queryKey, status);
      props.onChanged(body.bloquear);
    },
  });
  return (
    <>
      <div className={props.rowClassName}>
        <div className="field">
          <label htmlFor={props.inputId}>Mes</label>
          <Calendar
            inputId={props.inputId}
            value={value}
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
            loading={toggle.busy}
            onClick={() => toggle.save({ cierreMes, bloquear: !data.bloqueado })}
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
      {data && props.extra?.(data)}
    </>
  );
}
