// 'Configuración global', the closings' locks: the month close's panel (a month's lock state and its
// 'Bloquear' / 'Desbloquear', the same calls as 'Cierre de Mes'; a change confirms with the page's 'Guardado
// Exitoso') and the state of 'Bloquear Cierres', which its own screen keeps (spec 3 section 2.2).
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { Calendar } from "primereact/calendar";
import { Message } from "primereact/message";
import { useState } from "react";
import { MONTH_LOCKED, MONTH_UNLOCKED } from "../../../../contract/closing_locks.ts";
import { useStableDates } from "../../components/stable-date.ts";
import { formatDate, formatDateTime } from "../../lib/format.ts";
import { closingLockQuery, monthLockQuery, setMonthLock } from "../locks/api.ts";

const pad = (n: number) => String(n).padStart(2, "0");
const mmYyyy = (d: Date) => `${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
const MIN = new Date(2017, 0, 1);

export function MonthLockCard({ onSaved }: { onSaved: (message: string) => void }) {
  const [month, setMonth] = useState(() => new Date());
  const value = useStableDates(month);
  const cierreMes = mmYyyy(month);
  const { data } = useQuery(monthLockQuery(cierreMes));
  const toggle = useMutation({
    mutationFn: setMonthLock,
    onSuccess: (_, body) => onSaved(body.bloquear ? MONTH_LOCKED : MONTH_UNLOCKED),
  });
  return (
    <section className="card utility-card" aria-labelledby="cierre-mes-title">
      <h2 id="cierre-mes-title" className="section-title">Cierre de Mes</h2>
      <p className="muted">
        Un mes bloqueado no admite registrar ni modificar cierres de ventas de sus días.
      </p>
      <div className="utility-row">
        <div className="field">
          <label htmlFor="global-cierre-mes">Mes</label>
          <Calendar
            inputId="global-cierre-mes"
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
    </section>
  );
}

/** 'Bloquear Cierres' as it stands: the last locked day, changed on its own screen. */
export function ClosingLockCard() {
  const { data } = useQuery(closingLockQuery);
  return (
    <section className="card utility-card" aria-labelledby="bloqueo-cierres-title">
      <h2 id="bloqueo-cierres-title" className="section-title">Bloquear Cierres</h2>
      {data && (
        <Message
          severity={data.cierreBloqueado ? "warn" : "info"}
          text={data.ultimaFechaCierre
            ? `Cierres bloqueados hasta el ${formatDate(data.ultimaFechaCierre)}.`
            : "Ningún cierre bloqueado."}
        />
      )}
      <p className="mt-3">
        <Link to="/Bloqueo/Index">Ir a Bloquear Cierres</Link>
      </p>
    </section>
  );
}
