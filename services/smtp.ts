// @ts-types="npm:@types/nodemailer@7"
import nodemailer from "nodemailer";
import type { Deliver } from "./mail.ts";

/** Delivery over SMTP (smtp://user:pass@host:port or smtps://…); the sender is MAIL_FROM. */
export function smtpDeliver(url: string): Deliver {
  const transport = nodemailer.createTransport(url);
  const from = Deno.env.get("MAIL_FROM") ?? "Portal de Centros Comerciales <no-responder@portal.pe>";
  return async (m) => {
    await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
  };
}
