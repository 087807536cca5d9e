// 'Configuración global', the closings' locks: the month close's panel (a month's lock state and its
// 'Bloquear' / 'Desbloquear', the same calls as 'Cierre de Mes'; a change confirms with the page's 'Guardado
// Exitoso') and the state of 'Bloquear Cierres', which its own screen keeps (spec 3 section 2.2). The route
// file hands them to the staff screen that shows them.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Message } from "primereact/message";
import { MONTH_LOCKED, MONTH_UNLOCKED } from "#contract/closing_locks.ts";
import { formatDate } from "../../lib/format.ts";
import { P } from "#contract/permissions.ts";
import { hasAnyPermission, useSession } from "../../lib/session.ts";
import { closingLockQuery } from "./api.ts";
import { MonthLockForm } from "./month-lock-form.tsx";

/** Both lock panels, 'Bloquear Cierres' for those who may lock closings. */
export function LockCards({ onSaved }: { onSaved: (message: string) => void }) {
  const session = useSession();
  return (
    <>
      <MonthLockCard onSaved={onSaved} />
      {hasAnyPermission(session, [P.BLOQUEAR_CIERRES]) && <ClosingLockCard />}
    </>
  );
}

function MonthLockCard({ onSaved }: { onSaved: (message: string) => void }) {
  return (
    <section className="card utility-card" aria-labelledby="cierre-mes-title">
      <h2 id="cierre-mes-title" className="section-title">Cierre de Mes</h2>
      <p className="muted">
        Un mes bloqueado no admite registrar ni modificar cierres de ventas de sus días.
      </p>
      <MonthLockForm
        inputId="global-cierre-mes"
        rowClassName="utility-row"
        onChanged={(locked) => onSaved(locked ? MONTH_LOCKED : MONTH_UNLOCKED)}
      />
    </section>
  );
}

/** 'Bloquear Cierres' as it stands: the last locked day, changed on its own screen. */
function ClosingLockCard() {
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
