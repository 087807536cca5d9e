// Pieces the tenant screens share: the permission-and-contract gate, the 'Guardado Exitoso' dialog, the
// sales inputs' parsing (the server's rules and messages), the indicator card and the mood face.
import { redirect } from "@tanstack/react-router";
import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import { requirePermission } from "../../../lib/guard.ts";
import type { Session } from "../../../lib/session.ts";
import { formatNumber, formatPercent } from "../../../lib/format.ts";
import type { Figure } from "./api.ts";
import "./tenant.css";

export const SELECT_CONTRACT = "/locatario/seleccionar-contrato";

/** A tenant screen's beforeLoad: its permission, then a contract in the session (else the selection). */
export function tenantScreen(permission: string) {
  return (opts: { context: { session: Session } }) => {
    requirePermission(permission)(opts);
    if (!opts.context.session.tenant) throw redirect({ to: SELECT_CONTRACT as never, replace: true });
  };
}

/** 'Guardado Exitoso': shown after a closing is saved; 'Aceptar' reloads the screen's data. */
export function SavedDialog(
  { visible, message, onAccept }: { visible: boolean; message: string; onAccept: () => void },
) {
  return (
    <Dialog
      visible={visible}
      onHide={onAccept}
      header="Guardado Exitoso"
      style={{ width: "26rem", maxWidth: "92vw" }}
      draggable={false}
      resizable={false}
      closable={false}
      modal
      footer={<Button type="button" label="Aceptar" icon="pi pi-check" autoFocus onClick={onAccept} />}
    >
      <div className="saved-body">
        <i className="pi pi-check-circle" aria-hidden="true" />
        <p>{message}</p>
      </div>
    </Dialog>
  );
}

/** Upper bounds the server applies per supply point and day (docs/decisions.md). */
export const MAX_SALE = 10_000_000;
export const MAX_TRANSACTIONS = 100_000;

type Parsed = { value: number; error?: undefined } | { value?: undefined; error: string };

/** A sale typed by a person: digits, optional thousands commas, at most 2 decimals, 0 to 10,000,000. */
export function parseSale(text: string): Parsed {
  const t = text.trim().replace(/,/g, "");
  if (t === "") return { error: "Ingresar la venta." };
  if (/^-\d/.test(t)) return { error: "La venta no puede ser negativa." };
  if (/^\d+\.\d{3,}$/.test(t)) return { error: "La venta admite como máximo 2 decimales." };
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return { error: "Ingresar la venta." };
  const value = Number(t);
  if (value > MAX_SALE) return { error: "La venta no puede superar S/ 10,000,000.00 por suministro y día." };
  return { value };
}

/** A number of transactions: a whole number from 0 to 100,000. */
export function parseTransactions(text: string): Parsed {
  const t = text.trim().replace(/,/g, "");
  if (t === "") return { error: "Ingresar el número de transacciones." };
  if (/^-\d/.test(t)) return { error: "El número de transacciones no puede ser negativo." };
  if (/^\d+\.\d+$/.test(t)) return { error: "El número de transacciones debe ser un número entero." };
  if (!/^\d+$/.test(t)) return { error: "Ingresar el número de transacciones." };
  const value = Number(t);
  if (value > MAX_TRANSACTIONS) {
    return { error: "El número de transacciones no puede superar 100,000 por suministro y día." };
  }
  return { value };
}

/** An indicator card: value, and its change versus the previous day with an arrow. */
export function FigureCard(
  { label, figure, prefix = "S/", note }: { label: string; figure: Figure; prefix?: string; note?: string },
) {
  const v = figure.value, d = figure.variation;
  const trend = d == null ? "" : d > 0 ? "up" : d < 0 ? "down" : "flat";
  return (
    <section className="figure-card" aria-label={label}>
      <h3>{label}</h3>
      <div className="figure-value" data-value={v ?? ""}>
        {v == null ? "—" : `${v < 0 ? "-" : ""}${prefix} ${formatNumber(Math.abs(v))}`}
      </div>
      <div className={`figure-variation ${trend}`} data-variation={d ?? ""}>
        {d == null ? <span>Sin variación disponible</span> : (
          <>
            <i
              className={`pi ${d > 0 ? "pi-arrow-up" : d < 0 ? "pi-arrow-down" : "pi-minus"}`}
              aria-hidden="true"
            />{" "}
            {d > 0 ? "+" : ""}
            {formatPercent(d)} vs. día anterior
          </>
        )}
      </div>
      {note && v == null && <p className="figure-note">{note}</p>}
    </section>
  );
}

export type Mood = "feliz" | "alerta" | "triste";

/** The oldest debt's mood: 0 days late happy, 1 to 30 warning, over 30 sad (spec 2). */
export const moodOf = (days: number): Mood => (days <= 0 ? "feliz" : days <= 30 ? "alerta" : "triste");

const MOOD_TEXT: Record<Mood, string> = {
  feliz: "Al día: sin deudas vencidas",
  alerta: "Atención: deuda vencida de 1 a 30 días",
  triste: "Deuda vencida de más de 30 días",
};
const MOOD_COLOR: Record<Mood, string> = { feliz: "#2e9d5b", alerta: "#f2a900", triste: "#d32f2f" };

/** A face drawn in SVG: smiling, straight or sad, in green, amber or red. */
export function MoodFace({ days, size = 96 }: { days: number; size?: number }) {
  const mood = moodOf(days);
  const color = MOOD_COLOR[mood];
  const mouth = mood === "feliz"
    ? "M30 60 Q48 76 66 60"
    : mood === "alerta"
    ? "M32 64 L64 64"
    : "M30 68 Q48 52 66 68";
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 96 96"
      role="img"
      aria-label={MOOD_TEXT[mood]}
      data-mood={mood}
      className="mood-face"
    >
      <circle cx="48" cy="48" r="44" fill={color} opacity="0.15" />
      <circle cx="48" cy="48" r="44" fill="none" stroke={color} strokeWidth="4" />
      <circle cx="34" cy="38" r="5" fill={color} />
      <circle cx="62" cy="38" r="5" fill={color} />
      <path d={mouth} fill="none" stroke={color} strokeWidth="5" strokeLinecap="round" />
    </svg>
  );
}

/** Today in Lima as 'YYYY-MM-DD' (the browser may be elsewhere). */
export function limaToday(): string {
  return new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' → a local Date at noon (safe for date pickers in any zone). */
export const dateOfIso = (iso: string) => new Date(`${iso}T12:00:00`);
