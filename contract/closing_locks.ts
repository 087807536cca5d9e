// The closing locks' contract (spec 3 section 2.2 'Bloquear Cierres'; spec 2 admin utilities, the month
// close): the bodies with their Spanish messages, the answers and the paths. Pure: zod and types.
import { z } from "zod";
import { day, strict } from "./fields.ts";

export const CLOSING_LOCK_API = {
  /** GET the 'Bloquear Cierres' status, POST lock through today. */
  closings: "/api/closing-locks",
  /** GET ?cierreMes=MM/yyyy the month's status, POST set it. */
  month: "/api/closing-locks/month",
} as const;

// ---- Texts both sides show ---------------------------------------------------------------------------

export const ALREADY_LOCKED = "Se ha finalizado el cierre, intente la proxima fecha.";
export const LOCK_DONE = "Cierre Exitoso";
export const NOT_TODAY = "Solo se pueden bloquear los cierres al día de hoy.";
export const MONTH_INVALID = "Ingresar un mes válido (MM/yyyy).";
export const MONTH_LOCKED = "El periodo quedó bloqueado.";
export const MONTH_UNLOCKED = "El periodo quedó desbloqueado.";

/** 'dd/mm/yyyy' of a 'yyyy-mm-dd' day (the texts below are built the same on both sides). */
const dmy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/** The question 'Bloquear' asks first: the date and what it locks, for whom. */
export const lockQuestion = (hoy: string) =>
  `Se bloquearán los cierres de ventas de todos los locatarios de todos los malls hasta el ${
    dmy(hoy)
  } inclusive: nadie podrá registrar ni modificar ventas de esas fechas. ¿Desea continuar?`;

/** What 'Cierre de Mes' says when the 'Bloquear Cierres' lock reaches into the month shown. */
export const closingLockInMonth = (hasta: string, mesCompleto: boolean) =>
  mesCompleto
    ? `Todos los días de este mes están bloqueados por 'Bloquear Cierres' (hasta el ${dmy(hasta)}).`
    : `Los días hasta el ${dmy(hasta)} están bloqueados por 'Bloquear Cierres'.`;

/** What 'Bloquear Cierres' says of the months 'Cierre de Mes' closed after its own date. */
export const closedMonthsNote = (meses: string[]) =>
  meses.length === 1
    ? `El periodo ${meses[0]} está cerrado en 'Cierre de Mes': sus cierres tampoco se pueden modificar.`
    : `Los periodos ${
      meses.join(", ")
    } están cerrados en 'Cierre de Mes': sus cierres tampoco se pueden modificar.`;

// ---- Bodies ------------------------------------------------------------------------------------------

/** POST 'Bloquear Cierres': the day shown on the screen (today, yyyy-mm-dd); the server checks it is today. */
export const lockClosingsBody = strict({ fecha: day("Ingresar la fecha de cierre.") });
export type LockClosingsBody = z.infer<typeof lockClosingsBody>;

/** A month as the picker writes it, MM/yyyy, from 2017 on. */
export const monthField = z.string({ error: MONTH_INVALID }).trim()
  .regex(/^(0[1-9]|1[0-2])\/\d{4}$/, MONTH_INVALID)
  .refine((m) => Number(m.slice(3)) >= 2017 && Number(m.slice(3)) <= 2100, MONTH_INVALID);

export const monthQuery = strict({ cierreMes: monthField });
export const monthLockBody = strict({
  cierreMes: monthField,
  bloquear: z.boolean({ error: "Indicar si se bloquea o desbloquea el periodo." }),
});
export type MonthLockBody = z.infer<typeof monthLockBody>;

/** 'MM/yyyy' to the month's first day 'yyyy-mm-01'. */
export const monthStartOf = (mmYyyy: string) => `${mmYyyy.slice(3)}-${mmYyyy.slice(0, 2)}-01`;

// ---- Answers -----------------------------------------------------------------------------------------

/** 'Bloquear Cierres' (spec 3 section 3, Closing lock). */
export interface ClosingLockStatus {
  /** The latest locked day (yyyy-mm-dd), or null when nothing was ever locked. */
  ultimaFechaCierre: string | null;
  /** True when today is already locked. */
  cierreBloqueado: boolean;
  /** Today in Lima (yyyy-mm-dd): the day 'Bloquear' locks through. */
  hoy: string;
  /** Who set the latest lock and when (ISO timestamp), null when nothing was ever locked. */
  bloqueadoPor: string | null;
  bloqueadoEl: string | null;
  /**
   * The months closed by 'Cierre de Mes' (MM/yyyy, oldest first) with days after the latest lock: the days
   * this screen's lock does not cover but whose closings are locked all the same.
   */
  mesesCerrados: string[];
}

export interface MonthLockStatus {
  cierreMes: string;
  bloqueado: boolean;
  /** When and by whom it was last locked or unlocked (ISO timestamp, name), null when never. */
  actualizado: string | null;
  usuario: string | null;
  /**
   * The 'Bloquear Cierres' lock where it reaches into this month (its closings are locked through `hasta`,
   * yyyy-mm-dd, whatever the month's own state), or null when it does not.
   */
  bloqueoCierres: { hasta: string; mesCompleto: boolean } | null;
}
