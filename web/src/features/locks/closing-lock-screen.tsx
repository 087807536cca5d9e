// 'Bloquear Cierres' (spec 3 section 2.2): locks every closing through today; once locked, the last closing
// date and 'Se ha finalizado el cierre, intente la proxima fecha.', the button disabled. It touches every
// tenant of every mall, so 'Bloquear' asks first, naming the date; the months 'Cierre de Mes' closed after
// that date are named too, so the two lock screens tell the same story.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Message } from "primereact/message";
import { useState } from "react";
import { ALREADY_LOCKED, closedMonthsNote, LOCK_DONE, lockQuestion } from "#contract/closing_locks.ts";
import { formatDate, formatDateTime } from "../../lib/format.ts";
import { closingLockQuery, lockClosings, LOCKS_KEY } from "./api.ts";
import { NoticeDialog } from "../../components/dialogs/dialog-frame.tsx";
import { ConfirmAsk } from "../../components/dialogs/confirm-ask.tsx";
import { useSave } from "../../lib/save.ts";
import "./locks.css";

export function ClosingLockScreen() {
  const queryClient = useQueryClient();
  const { data } = useQuery(closingLockQuery);
  const [done, setDone] = useState(false);
  const [asking, setAsking] = useState(false);
  const lock = useSave({
    send: lockClosings,
    onSaved: (status) => {
      queryClient.setQueryData(closingLockQuery.queryKey, status);
      setDone(true);
    },
    onFailed: () => queryClient.invalidateQueries({ queryKey: LOCKS_KEY }),
  });
  if (!data) return null;
  return (
    <section className="card lock-card" aria-label="Bloquear Cierres">
      {data.cierreBloqueado
        ? (
          <>
            <p>
              Último cierre:{" "}
              <strong data-testid="ultima-fecha-cierre">{formatDate(data.ultimaFechaCierre)}</strong>
              {data.bloqueadoEl && (
                <span className="muted">
                  {` (bloqueado el ${formatDateTime(data.bloqueadoEl)} por ${data.bloqueadoPor ?? "—"})`}
                </span>
              )}
            </p>
            <Message severity="info" text={ALREADY_LOCKED} />
          </>
        )
        : (
          <>
            <h2>Bloquear Cierres al {formatDate(data.hoy)}</h2>
            {data.ultimaFechaCierre && (
              <p className="muted">Último cierre: {formatDate(data.ultimaFechaCierre)}</p>
            )}
          </>
        )}
      {data.mesesCerrados.length > 0 && (
        <div className="lock-other" data-testid="meses-cerrados">
          <Message severity="warn" text={closedMonthsNote(data.mesesCerrados)} />
        </div>
      )}
      <div className="lock-row">
        <Button
          type="button"
          label="Bloquear"
          icon="pi pi-lock"
          disabled={data.cierreBloqueado || lock.busy}
          loading={lock.busy}
          onClick={() => setAsking(true)}
        />
      </div>
      <ConfirmAsk
        visible={asking}
        onClose={() => setAsking(false)}
        header="Bloquear Cierres"
        style={{ width: "32rem", maxWidth: "92vw" }}
        message={lockQuestion(data.hoy)}
        acceptLabel="Bloquear"
        rejectLabel="Cancelar"
        onAccept={() => lock.save({ fecha: data.hoy })}
      />
      <NoticeDialog
        visible={done}
        onAccept={() => setDone(false)}
        header={LOCK_DONE}
        width="26rem"
        maxWidth="92vw"
        resizable={false}
      >
        <div className="lock-done">
          <i className="pi pi-lock" aria-hidden="true" />
          <p>Los cierres de ventas quedaron bloqueados hasta el {formatDate(data.hoy)}.</p>
        </div>
      </NoticeDialog>
    </section>
  );
}
