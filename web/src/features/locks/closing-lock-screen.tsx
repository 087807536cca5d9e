// 'Bloquear Cierres' (spec 3 section 2.2): locks every closing through today; once locked, the last closing
// date and 'Se ha finalizado el cierre, intente la proxima fecha.', the button disabled.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import { Message } from "primereact/message";
import { useState } from "react";
import { ALREADY_LOCKED, LOCK_DONE } from "../../../../contract/closing_locks.ts";
import { formatDate } from "../../lib/format.ts";
import { closingLockQuery, lockClosings, LOCKS_KEY } from "./api.ts";
import "./locks.css";

export function ClosingLockScreen() {
  const queryClient = useQueryClient();
  const { data } = useQuery(closingLockQuery);
  const [done, setDone] = useState(false);
  const lock = useMutation({
    mutationFn: lockClosings,
    onSuccess: (status) => {
      queryClient.setQueryData(closingLockQuery.queryKey, status);
      setDone(true);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: LOCKS_KEY }),
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
      <div className="lock-row">
        <Button
          type="button"
          label="Bloquear"
          icon="pi pi-lock"
          disabled={data.cierreBloqueado || lock.isPending}
          loading={lock.isPending}
          onClick={() => lock.mutate({ fecha: data.hoy })}
        />
      </div>
      <Dialog
        visible={done}
        onHide={() => setDone(false)}
        header={LOCK_DONE}
        style={{ width: "26rem", maxWidth: "92vw" }}
        draggable={false}
        resizable={false}
        modal
        footer={<Button type="button" label="Aceptar" autoFocus onClick={() => setDone(false)} />}
      >
        <div className="lock-done">
          <i className="pi pi-lock" aria-hidden="true" />
          <p>Los cierres de ventas quedaron bloqueados hasta el {formatDate(data.hoy)}.</p>
        </div>
      </Dialog>
    </section>
  );
}
