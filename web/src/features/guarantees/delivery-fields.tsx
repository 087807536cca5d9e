// A letter's delivery ('Fecha de Entrega', not after today, and 'Estado de Entrega'): the same two fields where
// a notarial letter's return is registered (requirement.tsx) and where an execution or desist letter's
// delivery is (letter-actions.tsx).
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { DELIVERY_DATE_FUTURE, type DeliveryBody } from "#contract/guarantees/requirements.ts";
import { FormField } from "../../components/form-field.tsx";
import type { FieldErrors } from "../../lib/forms.ts";
import { isoDate } from "../../lib/format.ts";
import { deliveryStatesQuery } from "./requirement-api.ts";
import { SelectField } from "./shared.tsx";

type DeliveryState = DeliveryBody["codigo_estado_entrega"];

/** Whether a delivery date (yyyy-mm-dd) is after today, which the fields refuse. */
export const isFutureDelivery = (fecha: string) => fecha !== "" && fecha > isoDate(new Date());

/** The two fields' values, from what was registered before, and whether they make a delivery to save. */
export function useDelivery(read?: { fecha: string | null; estado: DeliveryState | null }) {
  const [fecha, setFecha] = useState(read?.fecha ?? "");
  const [estado, setEstado] = useState<DeliveryState | null>(read?.estado ?? null);
  return {
    fecha,
    estado,
    ready: fecha !== "" && estado != null && !isFutureDelivery(fecha),
    /** What `DeliveryFields` shows and changes. */
    fields: { fecha, estado, onFecha: setFecha, onEstado: setEstado },
  };
}

export function DeliveryFields(
  { prefix, fecha, estado, errors, onFecha, onEstado }: {
    /** The inputs' ids: `${prefix}-fecha`, `${prefix}-estado`. */
    prefix: string;
    fecha: string;
    estado: DeliveryState | null;
    errors: FieldErrors;
    onFecha: (fecha: string) => void;
    onEstado: (estado: DeliveryState | null) => void;
  },
) {
  const { data: states } = useQuery(deliveryStatesQuery);
  return (
    <>
      <FormField
        id={`${prefix}-fecha`}
        label="Fecha de Entrega"
        error={errors.fecha_entrega ?? (isFutureDelivery(fecha) ? DELIVERY_DATE_FUTURE : undefined)}
      >
        <input
          id={`${prefix}-fecha`}
          type="date"
          className="p-inputtext"
          max={isoDate(new Date())}
          value={fecha}
          onChange={(e) => onFecha(e.target.value)}
        />
      </FormField>
      <SelectField
        id={`${prefix}-estado`}
        label="Estado de Entrega"
        error={errors.codigo_estado_entrega}
        value={estado}
        options={(states ?? []).map((s) => ({ label: s.nombre, value: s.codigo }))}
        onChange={onEstado}
      />
    </>
  );
}
