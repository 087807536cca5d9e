import type { Mail } from "./mail.ts";

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );

function mail(to: string, subject: string, lines: string[], link: { href: string; label: string }): Mail {
  const text = [...lines, "", `${link.label}: ${link.href}`, "", "Portal de Centros Comerciales"].join("\n");
  const html = `<div style="font-family:Arial,sans-serif;color:#1f2937">${
    lines.map((l) => `<p>${esc(l)}</p>`).join("")
  }<p><a href="${
    esc(link.href)
  }" style="background:#002e98;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">${
    esc(link.label)
  }</a></p><p style="color:#6b7280;font-size:12px">Portal de Centros Comerciales</p></div>`;
  return { to, subject, text, html };
}

export const resetPasswordMail = (to: string, name: string, href: string) =>
  mail(to, "Cambio de contraseña", [
    `Hola ${name},`,
    "Recibimos una solicitud para cambiar la contraseña de su cuenta.",
    "El enlace es válido por 2 horas y se puede usar una sola vez. Si usted no lo solicitó, ignore este correo.",
  ], { href, label: "Cambiar contraseña" });

export const activationMail = (to: string, name: string, href: string) =>
  mail(to, "Activación de su cuenta", [
    `Hola ${name},`,
    "Se creó una cuenta para usted en el Portal de Centros Comerciales.",
    "Para activarla, ingrese al enlace y defina su contraseña. El enlace es válido por 7 días.",
  ], { href, label: "Activar cuenta" });

/** A tenant's reminder of a missing closing (services/compliance.ts). */
export const closingReminderMail = (
  to: string,
  name: string,
  contract: string,
  missingFrom: string,
  yesterday: string,
  href: string,
) =>
  mail(to, "Recordatorio: cierre de ventas pendiente", [
    `Hola ${name},`,
    missingFrom === yesterday
      ? `El contrato ${contract} no tiene registrado el cierre de ventas del ${dmyOf(yesterday)}.`
      : `El contrato ${contract} tiene cierres de ventas pendientes desde el ${dmyOf(missingFrom)}.`,
    "Regístrelo en el portal para completar el cumplimiento de cierres del mes.",
  ], { href, label: "Registrar cierre" });

/** The weekly 'Lista Roja' summary to staff: one line per mall, then the missing contracts. */
export const weeklyComplianceMail = (to: string, name: string, lines: string[], href: string) =>
  mail(to, "Resumen semanal de cumplimiento de cierres (Lista Roja)", [
    `Hola ${name},`,
    "Este es el cumplimiento de cierres de ventas de los locatarios al día de ayer:",
    ...lines,
  ], { href, label: "Ver Lista Roja" });

const dmyOf = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** The guarantees' expiry notice (services/guarantees/expiry_job.ts): one line per letter nearing expiry. */
export const guaranteeExpiryMail = (
  to: string,
  name: string,
  lines: string[],
  link: { href: string; label: string },
) =>
  mail(to, "Aviso: cartas fianza por vencer", [
    `Hola ${name},`,
    "Las siguientes cartas fianza están por vencer:",
    ...lines,
    "Gestione su renovación antes de la fecha de vencimiento.",
  ], link);
