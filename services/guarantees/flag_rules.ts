// The flag rules of a required bank letter (spec 3 section 4), part of the one state machine (decide() hands
// these actions here): the desistimiento letter, the extension (prórroga), the execution letter, their
// deliveries, the cheque and the delivery moment. Pure: the snapshot, the action and the actor.

import { FORBIDDEN, STATE_CONFLICT } from "#contract/errors.ts";
import { LETTER } from "./rules.ts";
import type { Decision, MachineActor, Snapshot } from "./snapshot.ts";

export type FlagAction =
  | "desist_letter"
  | "extend"
  | "execution_letter"
  | "execution_delivery"
  | "cheque"
  | "desist_delivery"
  | "delivery_moment";

export const FLAG_ACTIONS: readonly FlagAction[] = [
  "desist_letter",
  "extend",
  "execution_letter",
  "execution_delivery",
  "cheque",
  "desist_delivery",
  "delivery_moment",
];

const NO_PERMISSION = "El usuario no cuenta con los permisos necesarios.";
const allow = (effect = {}): Decision => ({ ok: true, effect });
const refuse = (message: string): Decision => ({ ok: false, errorId: STATE_CONFLICT, message });

export const NOT_REQUIRED = "La carta fianza no ha sido requerida.";
export const ALREADY_RENEWED = "La carta fianza ya fue renovada.";
export const NO_EXECUTION_LETTER = "La carta fianza no tiene Carta de Ejecución.";

export function decideFlag(s: Snapshot, action: FlagAction, actor: MachineActor): Decision {
  if (!actor.requirer) return { ok: false, errorId: FORBIDDEN, message: NO_PERMISSION };
  const today = s.today ?? "";
  switch (action) {
    case "desist_letter":
      if (!s.isRequerida) return refuse(NOT_REQUIRED);
      if (s.isDesistida) return refuse("La Carta de Desistimiento ya fue generada.");
      return allow({ isDesistida: true });
    case "extend":
      if (!s.isRequerida) return refuse(NOT_REQUIRED);
      if (s.isRenovada) return refuse(ALREADY_RENEWED);
      if (!s.letterExpiry || s.letterExpiry <= today) {
        return refuse("La carta fianza ya venció: no se puede habilitar la prórroga.");
      }
      if (s.extensionExpiry) return refuse("La prórroga ya fue habilitada.");
      return allow({ extension: true });
    case "execution_letter": {
      if (!s.isRequerida) return refuse(NOT_REQUIRED);
      if (s.isRenovada) return refuse(ALREADY_RENEWED);
      if (s.executionLetter) return refuse("La Carta de Ejecución ya fue generada.");
      const until = s.extensionExpiry ?? s.letterExpiry;
      if (!until || today <= until) {
        return refuse(
          s.extensionExpiry
            ? "La Carta de Ejecución se genera después del vencimiento de la prórroga."
            : "La Carta de Ejecución se genera después del vencimiento de la carta fianza.",
        );
      }
      return allow({ isEjecutada: true });
    }
    case "execution_delivery":
    case "cheque":
      return s.executionLetter ? allow() : refuse(NO_EXECUTION_LETTER);
    case "desist_delivery":
      if (!s.executionLetter) return refuse(NO_EXECUTION_LETTER);
      if (!s.desistLetter) return refuse("La carta fianza no tiene Carta de Desistimiento.");
      return allow();
    case "delivery_moment":
      if (s.type !== LETTER) return refuse("El momento de entrega solo se registra para una carta fianza.");
      if (s.reviews.CO || s.reviews.TE) {
        return refuse("El momento de entrega solo se registra antes de la revisión de Cobranza y Tesorería.");
      }
      return allow();
  }
}

/** Which of the flag actions the detail offers this actor now. */
export function flagOffers(s: Snapshot, actor: MachineActor): Record<FlagAction, boolean> {
  return Object.fromEntries(FLAG_ACTIONS.map((a) => [a, decideFlag(s, a, actor).ok])) as Record<
    FlagAction,
    boolean
  >;
}
