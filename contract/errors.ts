// The error catalogue (spec 1 section 8): ids and the Spanish texts a person reads, the same on both sides.

export const GENERIC_ERROR = "Error, contactese con el administrador.";

// ---- Error ids (issue 40): one name and one meaning each; the code names them, never the number ----------

/** The network or the server failed (also the database away for a moment, HTTP 503). */
export const NETWORK_ERROR = 400;
export const SESSION_EXPIRED = 401;
export const NOT_FOUND = 404;
/** Validation failures: one id for all, with the field messages in data. */
export const VALIDATION_ERROR = 422;
export const EMAIL_NOT_REGISTERED = 432;
/** A mailed link (password reset, activation) past its time. */
export const LINK_EXPIRED = 433;
/** A mailed link unknown or already used. */
export const LINK_INVALID = 434;
export const PASSWORD_PROCESS_EXPIRED = 435;
export const ACCOUNT_SUSPENDED = 436;
export const THROTTLED = 437;
export const BAD_CREDENTIALS = 438;
/** No data for the user: a tenant session without a contract. */
export const NO_USER_DATA = 439;
/** The request itself is refused: another origin, no CSRF token, a contract not the session's. */
export const REQUEST_REFUSED = 440;
/** The spec's 'no permission for this action': a person may not take this action on this record. */
export const ACTION_NOT_PERMITTED = 441;
/** The spec's 'customer already registered': a duplicate e-mail, name or registration. */
export const ALREADY_REGISTERED = 442;
export const SAP_CODE_UNKNOWN = 443;
/** A save over a record changed since the form read it (contract/versions.ts). */
export const STALE_EDIT = 448;
/**
 * Refused by the record's state, with its reason (a locked period, a closing already registered, a step of
 * the guarantee cycle not allowed now): split from 441 (docs/decisions.md, issue 40).
 */
export const STATE_CONFLICT = 449;
/** Refused by role: the user lacks the permission. */
export const FORBIDDEN = 600;
/** The message of id 400 when the server is up but its database is not (answered with HTTP 503). */
export const SERVICE_UNAVAILABLE =
  "El servicio no está disponible en este momento. Intente nuevamente en unos segundos.";

export const ERROR_MESSAGES: Record<number, string> = {
  [NETWORK_ERROR]: "Error en la conexión con el servicio.",
  [SESSION_EXPIRED]: "Su sesión ha expirado, por favor inicie sesión nuevamente.",
  [NOT_FOUND]: "Página no encontrada.",
  [VALIDATION_ERROR]: "Los datos ingresados no son válidos.",
  [EMAIL_NOT_REGISTERED]: "La cuenta de correo no se encuentra registrada.",
  [LINK_EXPIRED]: "Su proceso de cambio de contraseña expiró, por favor, solicítelo nuevamente.",
  [LINK_INVALID]: "Ha ocurrido un error, por favor, vuelva a solicitar un cambio de contraseña.",
  [PASSWORD_PROCESS_EXPIRED]: "Su proceso de cambio de contraseña expiró, por favor, solicítelo nuevamente.",
  [ACCOUNT_SUSPENDED]: "Su cuenta se encuentra suspendida. Contáctese con el administrador.",
  [THROTTLED]: "Demasiados intentos fallidos. Espere 15 minutos e intente nuevamente.",
  [BAD_CREDENTIALS]: "Cuenta o contraseña inválida.",
  [NO_USER_DATA]: "No se encontraron datos para el usuario.",
  [REQUEST_REFUSED]: "No tiene permisos para realizar esta solicitud.",
  [ACTION_NOT_PERMITTED]: "No tiene permisos para realizar esta acción.",
  [ALREADY_REGISTERED]: "El cliente ya se encuentra registrado.",
  [SAP_CODE_UNKNOWN]: "El código SAP no existe.",
  // The spec's other ids of the same texts (its legacy screens'): kept readable, never sent by this server.
  444: "No tiene permisos para realizar esta acción.",
  445: "El cliente ya se encuentra registrado.",
  446: "El código SAP no existe.",
  447: "El código SAP no existe.",
  [STALE_EDIT]: "El registro fue modificado por otra persona después de que usted lo abrió.",
  [STATE_CONFLICT]: "La acción no está permitida en el estado actual del registro.",
  [FORBIDDEN]: "El usuario no cuenta con los permisos necesarios.",
};

export const SUCCESS_MESSAGES = {
  100: "Creación Exitosa.",
  101: "Los cambios fueron guardados con exito.",
  102: "La solicitud fue enviada exitosamente.",
  104: "La solicitud de cambio de contraseña fue enviada, revise su correo electrónico.",
  301: "Se eliminó exitosamente.",
} as const;

export type SuccessId = keyof typeof SUCCESS_MESSAGES;

/** The Spanish meaning of an error id of the catalogue. */
export function errorMessage(errorId: number | null | undefined): string {
  return (errorId != null && ERROR_MESSAGES[errorId]) || GENERIC_ERROR;
}

// ---- What kind of dialog an answer opens (issue 38) ----------------------------------------------------

/**
 * The kinds of the global dialog, each with its own title and icon: the spec's 'Alerta de Seguridad' for the
 * session, sign-in and permission refusals; a warning for a refusal the person can act on (data to correct,
 * a locked period, a duplicate, a record changed meanwhile); an error for a failure (network, server, a
 * missing page); the spec's 'Información' for a success or a notice.
 */
export type DialogKind = "security" | "warning" | "error" | "info" | "success";

export const DIALOG_TITLES: Record<DialogKind, string> = {
  security: "Alerta de Seguridad",
  warning: "Advertencia",
  error: "Error",
  info: "Información",
  success: "Información",
};

const SECURITY_IDS = new Set([
  SESSION_EXPIRED,
  LINK_EXPIRED,
  LINK_INVALID,
  PASSWORD_PROCESS_EXPIRED,
  ACCOUNT_SUSPENDED,
  THROTTLED,
  BAD_CREDENTIALS,
  NO_USER_DATA,
  REQUEST_REFUSED,
  444,
  FORBIDDEN,
]);
const WARNING_IDS = new Set([
  VALIDATION_ERROR,
  ACTION_NOT_PERMITTED,
  ALREADY_REGISTERED,
  SAP_CODE_UNKNOWN,
  445,
  446,
  447,
  STALE_EDIT,
  STATE_CONFLICT,
]);

/** The dialog kind of a failure's error id. */
export function errorKind(errorId: number): DialogKind {
  if (SECURITY_IDS.has(errorId)) return "security";
  if (WARNING_IDS.has(errorId)) return "warning";
  return "error";
}
