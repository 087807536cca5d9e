// The error catalogue (spec 1 section 8): ids and the Spanish texts a person reads, the same on both sides.

export const GENERIC_ERROR = "Error, contactese con el administrador.";

/** Validation failures: one id for all, with the field messages in data. */
export const VALIDATION_ERROR = 422;
export const NETWORK_ERROR = 400;
export const SESSION_EXPIRED = 401;
export const NOT_FOUND = 404;
export const THROTTLED = 437;
export const FORBIDDEN = 600;
/** The message of id 400 when the server is up but its database is not (answered with HTTP 503). */
export const SERVICE_UNAVAILABLE =
  "El servicio no está disponible en este momento. Intente nuevamente en unos segundos.";

export const ERROR_MESSAGES: Record<number, string> = {
  400: "Error en la conexión con el servicio.",
  401: "Su sesión ha expirado, por favor inicie sesión nuevamente.",
  404: "Página no encontrada.",
  422: "Los datos ingresados no son válidos.",
  432: "La cuenta de correo no se encuentra registrada.",
  433: "Su proceso de cambio de contraseña expiró, por favor, solicítelo nuevamente.",
  434: "Ha ocurrido un error, por favor, vuelva a solicitar un cambio de contraseña.",
  435: "Su proceso de cambio de contraseña expiró, por favor, solicítelo nuevamente.",
  436: "Su cuenta se encuentra suspendida. Contáctese con el administrador.",
  437: "Demasiados intentos fallidos. Espere 15 minutos e intente nuevamente.",
  438: "Cuenta o contraseña inválida.",
  439: "No se encontraron datos para el usuario.",
  440: "No tiene permisos para realizar esta solicitud.",
  441: "No tiene permisos para realizar esta acción.",
  442: "El cliente ya se encuentra registrado.",
  443: "El código SAP no existe.",
  444: "No tiene permisos para realizar esta acción.",
  445: "El cliente ya se encuentra registrado.",
  446: "El código SAP no existe.",
  447: "El código SAP no existe.",
  448: "El registro fue modificado por otra persona después de que usted lo abrió.",
  600: "El usuario no cuenta con los permisos necesarios.",
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

const SECURITY_IDS = new Set([401, 433, 434, 435, 436, 437, 438, 439, 440, 444, 600]);
const WARNING_IDS = new Set([422, 441, 442, 443, 445, 446, 447, 448]);

/** The dialog kind of a failure's error id. */
export function errorKind(errorId: number): DialogKind {
  if (SECURITY_IDS.has(errorId)) return "security";
  if (WARNING_IDS.has(errorId)) return "warning";
  return "error";
}
