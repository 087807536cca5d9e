// Bitácora's 'Agregar Evento' for one mall: date (up to today) and name (required), checked as the server
// checks them; 'Guardado Exitoso' then 'Aceptar' reads the events again (the list and the chart's marks).

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Calendar } from "primereact/calendar";
import { Dialog } from "primereact/dialog";
import { InputText } from "primereact/inputtext";
import { type FormEvent, useState } from "react";
import { eventBody } from "#contract/events.ts";
import { SavedDialog } from "../../components/dialogs/dialog-frame.tsx";
import { fieldAria, FormField } from "../../components/form-field.tsx";
import { addEvent, EVENTS_KEY } from "../../features/events/api.ts";
import { type FieldErrors, serverFieldErrors, validate } from "../../lib/forms.ts";
import { toDate } from "../shared/filters.tsx";

const dmy = (d: Date) =>
  `${String(d.getDate()).padStart(2, "0")}/${String(d.getMonth() + 1).padStart(2, "0")}/${d.getFullYear()}`;

/** 'Agregar Evento': date (up to today) and name (required); 'Guardado Exitoso' then 'Aceptar' reloads. */
export function AddEventDialog(
  props: { mall: number; mallName: string; today: string; onClose: () => void },
) {
  const qc = useQueryClient();
  const [fecha, setFecha] = useState<Date>(toDate(props.today));
  const [evento, setEvento] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: addEvent,
    onSuccess: () => setSaved(true),
    onError: (e) => setErrors(serverFieldErrors(e)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { fecha: dmy(fecha), evento, unidadEconomicaId: props.mall };
    const v = validate(eventBody, body);
    if (!v.ok) return setErrors(v.errors);
    setErrors({});
    save.mutate(body);
  };
  const accept = async () => {
    // 'Aceptar' reloads the screen's data: the events (list and marks) are read again.
    await qc.invalidateQueries({ queryKey: EVENTS_KEY });
    props.onClose();
  };
  if (saved) return <SavedDialog visible message="El evento fue registrado." onAccept={accept} />;
  return (
    <Dialog
      visible
      header={`Agregar Evento · ${props.mallName}`}
      onHide={props.onClose}
      style={{ width: "30rem", maxWidth: "94vw" }}
      modal
      draggable={false}
    >
      <form className="dialog-form" onSubmit={submit} noValidate>
        <FormField id="evento-fecha" label="Fecha" error={errors.fecha}>
          <Calendar
            inputId="evento-fecha"
            dateFormat="dd/mm/yy"
            value={fecha}
            maxDate={toDate(props.today)}
            minDate={new Date(2017, 0, 1)}
            readOnlyInput
            onChange={(e) => e.value && setFecha(e.value as Date)}
          />
        </FormField>
        <FormField id="evento-nombre" label="Nombre de Evento" error={errors.evento}>
          <InputText
            {...fieldAria("evento-nombre", errors.evento)}
            value={evento}
            maxLength={150}
            onChange={(e) => {
              setEvento(e.target.value);
              setErrors((x) => ({ ...x, evento: undefined }));
            }}
          />
        </FormField>
        <div className="dialog-footer">
          <Button type="button" label="Cancelar" outlined onClick={props.onClose} />
          <Button type="submit" label="Guardar" icon="pi pi-save" loading={save.isPending} />
        </div>
      </form>
    </Dialog>
  );
}
