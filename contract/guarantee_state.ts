// update_estado (spec 3 section 3): the state editor's direct move of a guarantee's state. Pure: zod.
import { z } from "zod";
import { INT_MAX } from "./fields.ts";
import { STATES } from "./guarantees.ts";

/** PUT /api/guarantees/update_estado (spec 3 section 3: id_detalle_garantia, codigo_estado_detalle_garantia). */
export const updateStateBody = z.object({
  id_detalle_garantia: z.number({ error: "Garantía inválida." }).int("Garantía inválida.").positive(
    "Garantía inválida.",
  ).max(INT_MAX, "Garantía inválida."),
  codigo_estado_detalle_garantia: z.enum(STATES, { error: "Estado inválido." }),
});
export type UpdateStateBody = z.infer<typeof updateStateBody>;

export const STATE_UPDATED = "Se actualizó el estado de la garantía.";
