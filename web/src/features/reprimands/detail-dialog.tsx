// 'Detalle de Amonestación': the facts, the pictures and the three observation boxes; the caller writes only
// its own box, then 'Aprobar' or 'Desaprobar'.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import { InputTextarea } from "primereact/inputtextarea";
import { useState } from "react";
import {
  BOX_LABELS,
  BOXES,
  type DecisionBody,
  decisionBody,
  type ReprimandDetail,
} from "../../../../contract/reprimands.ts";
import { fieldAria, FormField } from "../../components/form-field.tsx";
import { formatDateTime, formatMoney } from "../../lib/format.ts";
import { type FieldErrors, serverFieldErrors, validate } from "../../lib/forms.ts";
import { LEAVE_QUESTION } from "../../lib/leave-guard.ts";
import { SavedDialog } from "../../components/dialogs/dialog-frame.tsx";
import { decideReprimand, detailQuery, REPRIMANDS_KEY } from "./api.ts";
import { DecisionBadge } from "./approval-screen.tsx";
import "./reprimands.css";

export function DetailDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { data } = useQuery(detailQuery(id));
  const [observacion, setObservacion] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (body: DecisionBody) => decideReprimand(id, body),
    onSuccess: () => setSaved(true),
    onError: (e) => setErrors(serverFieldErrors(e)),
  });
  const decide = (accion: boolean) => {
    const v = validate(decisionBody, { accion, observacion });
    setErrors(v.ok ? {} : v.errors);
    if (v.ok && !save.isPending) save.mutate(v.data);
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
      <Dialog
        visible={!saved}
        onHide={closeAsking}
        header="Detalle de Amonestación"
        style={{ width: "52rem", maxWidth: "96vw" }}
        draggable={false}
        modal
        footer={data?.puedeDecidir && (
          <div className="reprimand-actions">
            <Button
              type="button"
              label="Desaprobar"
              icon="pi pi-times"
              outlined
              loading={save.isPending && save.variables?.accion === false}
              disabled={save.isPending}
              onClick={() => decide(false)}
            />
            <Button
              type="button"
              label="Aprobar"
              icon="pi pi-check"
              loading={save.isPending && save.variables?.accion === true}
              disabled={save.isPending}
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
      </Dialog>
      <SavedDialog visible={saved} message="Se guardó su decisión sobre la amonestación." onAccept={accept} />
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
