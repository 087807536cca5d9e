// Bitácora's 'Agregar Evento' for one mall: date (up to today) and name (required), checked as the server
// checks them; 'Guardado Exitoso' then 'Aceptar' reads the events again (the list and the chart's marks).

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { eventBody } from "#contract/events.ts";
import { FormDialog } from "../../components/dialogs/form-dialog.tsx";
import { DateField, TextField } from "../../components/fields.tsx";
import { addEvent, EVENTS_KEY } from "../../features/events/api.ts";
import type { FieldErrors } from "../../lib/forms.ts";
import { useSave } from "../../lib/save.ts";
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
  const body = { fecha: dmy(fecha), evento, unidadEconomicaId: props.mall };
  // Checked with the server's schema, sent as typed: the schema's output has the date as ISO already, and the
  // server reads 'dd/MM/yyyy'.
  const save = useSave({ schema: eventBody, values: body, setErrors, send: () => addEvent(body) });
  const accept = async () => {
    // 'Aceptar' reloads the screen's data: the events (list and marks) are read again.
    await qc.invalidateQueries({ queryKey: EVENTS_KEY });
    props.onClose();
  };
  return (
    <FormDialog
      id="event-form"
      header={`Agregar Evento · ${props.mallName}`}
      width="30rem"
      maxWidth="94vw"
      onClose={props.onClose}
      save={save}
      savedMessage="El evento fue registrado."
      onSavedAccept={accept}
    >
      <DateField
        id="evento-fecha"
        label="Fecha"
        error={errors.fecha}
        value={fecha}
        maxDate={toDate(props.today)}
        minDate={new Date(2017, 0, 1)}
        showIcon={false}
        readOnlyInput
        onChange={(d) => d && setFecha(d)}
      />
      <TextField
        id="evento-nombre"
        label="Nombre de Evento"
        error={errors.evento}
        value={evento}
        maxLength={150}
        // The name is what a person types; the date (today unless changed) would open its calendar over the form.
        autoFocus
        onChange={(text) => {
          setEvento(text);
          setErrors((x) => ({ ...x, evento: undefined }));
        }}
      />
    </FormDialog>
  );
}
