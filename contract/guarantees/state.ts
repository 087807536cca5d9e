// update_estado (spec 3 section 3): the state editor's direct move of a guarantee's state. Pure: zod.
import { z } from "zod";
import { INT_MAX, strict } from "../fields.ts";
import { version } from "../versions.ts";
import { type StateCode, STATES } from "./guarantees.ts";

export const STATE_LABELS: Record<StateCode, string> = {
  PEN: "Pendiente",
  NEW: "Ingresado",
  ENV: "En Revisión",
  OBS: "Observado",
  REC: "Rechazado",
  IOK: "Aprobado",
  REQ: "En Requerimiento",
  RRE: "En Requerimiento de Renovación",
  NRE: "Ingresado Renovación",
};

/**
 * The steps of the review cycle the state machine itself takes (save PEN→NEW; send NEW, NRE, OBS, REC→ENV;
 * review ENV→IOK, OBS, REC). update_estado moves along one of them, either way; the requirement states and
 * what follows them (letters, execution, desistimiento) belong to their own actions.
 */
export const STATE_EDIT_STEPS: readonly [StateCode, StateCode][] = [
  ["PEN", "NEW"],
  ["NEW", "ENV"],
  ["NRE", "ENV"],
  ["OBS", "ENV"],
  ["REC", "ENV"],
  ["ENV", "IOK"],
];

/** The states update_estado may move a guarantee in `from` to (before the flags are checked). */
export const stateSteps = (from: StateCode): StateCode[] =>
  STATES.filter((to) =>
    STATE_EDIT_STEPS.some(([a, b]) => (a === from && b === to) || (a === to && b === from))
  );

/** PUT /api/guarantees/update_estado (spec 3 section 3: id_detalle_garantia, codigo_estado_detalle_garantia). */
export const updateStateBody = strict({
  id_detalle_garantia: z.number({ error: "Garantía inválida." }).int("Garantía inválida.").positive(
    "Garantía inválida.",
  ).max(INT_MAX, "Garantía inválida."),
  codigo_estado_detalle_garantia: z.enum(STATES, { error: "Estado inválido." }),
  /** The guarantee's version as the detail screen read it (contract/versions.ts). */
  version,
});
export type UpdateStateBody = z.infer<typeof updateStateBody>;

export const STATE_UPDATED = "Se actualizó el estado de la garantía.";
