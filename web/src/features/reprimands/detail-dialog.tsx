// 'Detalle de Amonestación': the facts, the pictures and the three observation boxes; the caller writes only
// its own box, then 'Aprobar' or 'Desaprobar'.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { InputTextarea } from "primereact/inputtextarea";
import { useState } from "react";
import {
  BOX_LABELS,
  BOXES,
  type DecisionBody,
  decisionBody,
  type ReprimandDetail,
} from "#contract/reprimands.ts";
import { fieldAria, FormField } from "../../components/form-field.tsx";
import { formatDateTime, formatMoney } from "../../lib/format.ts";
import type { FieldErrors } from "../../lib/forms.ts";
import { useSave } from "../../lib/save.ts";
import { LEAVE_QUESTION } from "../../lib/leave-guard.ts";
import { DialogFrame, SavedDialog } from "../../components/dialogs/dialog-frame.tsx";
import { decideReprimand, detailQuery, REPRIMANDS_KEY } from "./api.ts";
import { DecisionBadge } from "./decision-badge.tsx";
import "./reprimands.css";

export function DetailDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { data } = useQuery(detailQuery(id));
  const [observacion, setObservacion] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSave({
    schema: decisionBody,
    setErrors,
    send: (body: DecisionBody) => decideReprimand(id, body),
  });
  const decide = (accion: boolean) => {
    const body = save.check({ accion, observacion });
    if (body) save.save(body);
  };
  const accept = () => {
    queryClient.invalidateQueries({ queryKey: REPRIMANDS_KEY });
    onClose();
  };
  const closeAsking = () => {
    if (observacion.trim() && !globalThis.confirm(LEAVE_QUESTION)) return;
    onClose();
  };

  return (
    <>
      <DialogFrame
        visible={!save.saved}
        onClose={closeAsking}
        header="Detalle de Amonestación"
        width="52rem"
        maxWidth="96vw"
        footer={data?.puedeDecidir && (
          <div className="reprimand-actions">
            <Button
              type="button"
              label="Desaprobar"
              icon="pi pi-times"
              outlined
              loading={save.sending?.accion === false}
              disabled={save.busy}
              onClick={() => decide(false)}
            />
            <Button
              type="button"
              label="Aprobar"
              icon="pi pi-check"
              loading={save.sending?.accion === true}
              disabled={save.busy}
              onClick={() => decide(true)}
            />
          </div>
        )}
      >
        {data && <Facts d={data} />}
        {data && (
          <div className="reprimand-boxes">
            {BOXES.map((box) => {
              const mine = data.puedeDecidir && data.miCasilla === box;
              const id = `obs-${box}`;
              return (
                <section key={box} aria-label={`Observación ${BOX_LABELS[box]}`}>
                  <FormField id={id} label={BOX_LABELS[box]} error={mine ? errors.observacion : undefined}>
                    <DecisionBadge value={data[`aprobacion_${box}`]} />
                    <InputTextarea
                      {...fieldAria(id, mine ? errors.observacion : undefined)}
                      rows={3}
                      maxLength={1000}
                      readOnly={!mine}
                      value={mine ? observacion : data[`observacion_${box}`] ?? ""}
                      placeholder={mine ? "Ingrese su observación" : undefined}
                      onChange={(e) => {
                        setObservacion(e.target.value);
                        setErrors({});
                      }}
                    />
                  </FormField>
                </section>
              );
            })}
          </div>
        )}
      </DialogFrame>
      <SavedDialog
        visible={save.saved}
        message="Se guardó su decisión sobre la amonestación."
        onAccept={accept}
      />
    </>
  );
}

function Facts({ d }: { d: ReprimandDetail }) {
  return (
    <>
      <dl className="reprimand-facts">
        <dt>Motivo</dt>
        <dd>{d.tipoMotivo} · {d.motivo}</dd>
        <dt>Locatario</dt>
        <dd>{d.locatario} ({d.contrato}{d.local ? ` · Local ${d.local}` : ""}, {d.mall})</dd>
        <dt>Encargado</dt>
        <dd>{d.encargado ?? "—"}</dd>
        <dt>DNI</dt>
        <dd>{d.dni ?? "—"}</dd>
        <dt>Descuento</dt>
        <dd>{d.descuentoPorcentaje}% · {formatMoney(d.montoBase)} → {formatMoney(d.montoFinal)}</dd>
        <dt>Fecha</dt>
        <dd>{formatDateTime(d.fecha)}</dd>
        <dt>Detalle</dt>
        <dd>{d.detalle}</dd>
      </dl>
      {d.imagenes.length > 0 && (
        <ul className="reprimand-pictures" aria-label="Imágenes">
          {d.imagenes.map((i) => (
            <li key={i.id}>
              <a href={i.url} target="_blank" rel="noreferrer">
                <img src={i.url} alt={i.nombre} />
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
