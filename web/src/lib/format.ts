// Shared formatters (spec 1 section 9, spec 2 conventions): dd/MM/yyyy dates, comma thousands with a dot
// decimal, money with 2 decimals and S/ or $, area with 2 decimals for tenants and 4 for staff, percent
// with 1 decimal, K from 10,000 and M from 1,000,000 where a screen abbreviates.

export type Currency = "S/" | "$";

const numberFormats = new Map<string, Intl.NumberFormat>();

function nf(min: number, max: number): Intl.NumberFormat {
  const key = `${min}:${max}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat("en-US", { minimumFractionDigits: min, maximumFractionDigits: max });
    numberFormats.set(key, f);
  }
  return f;
}

const toNumber = (v: unknown): number | null => {
  if (v == null || v === "") return null;
  const n = typeof v === "number" ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};

/** 1234.5 → '1,234.50' (fixed decimals, default 2); '' for no value. */
export function formatNumber(v: unknown, decimals = 2): string {
  const n = toNumber(v);
  return n == null ? "" : nf(decimals, decimals).format(n);
}

/** Whole numbers: 12345 → '12,345'. */
export const formatInteger = (v: unknown) => formatNumber(v, 0);

/** 1234.5 → 'S/ 1,234.50'; -3 → '-S/ 3.00'; '$' for dollars. */
export function formatMoney(v: unknown, currency: Currency = "S/"): string {
  const n = toNumber(v);
  if (n == null) return "";
  return `${n < 0 ? "-" : ""}${currency} ${nf(2, 2).format(Math.abs(n))}`;
}

/**
 * Who reads a figure: the tenant area (spec 1 section 9: numbers with 2 decimals) or the staff analytics
 * (spec 2: areas with 4 decimals). The rule is in docs/decisions.md.
 */
export type Audience = "tenant" | "staff";
export const AREA_DECIMALS: Record<Audience, number> = { tenant: 2, staff: 4 };

/** Areas in m2 by audience: tenant 85.5 → '85.50', staff 85.5 → '85.5000'. */
export const formatArea = (v: unknown, audience: Audience) => formatNumber(v, AREA_DECIMALS[audience]);

/** Percent points with 1 decimal: 12.345 → '12.3%'. The value is already a percentage, not a fraction. */
export function formatPercent(v: unknown, decimals = 1): string {
  const n = toNumber(v);
  return n == null ? "" : `${nf(decimals, decimals).format(n)}%`;
}

/** Abbreviated figures: 'K' from 10,000 and 'M' from 1,000,000 (1 decimal at most); smaller values as is. */
export function formatCompact(v: unknown, currency?: Currency): string {
  const n = toNumber(v);
  if (n == null) return "";
  const abs = Math.abs(n);
  let text: string;
  if (abs >= 1_000_000) text = `${nf(0, 1).format(abs / 1_000_000)}M`;
  else if (abs >= 10_000) text = `${nf(0, 1).format(abs / 1_000)}K`;
  else text = nf(0, 2).format(abs);
  return `${n < 0 ? "-" : ""}${currency ? `${currency} ` : ""}${text}`;
}

const pad = (n: number) => String(n).padStart(2, "0");
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
// Made on first use: a formatter with a time zone costs Chromium some 15 ms (its zone data), paid by every page
// at start when made here, and most pages format only days.
let lima: Intl.DateTimeFormat | null = null;
const limaParts = () =>
  lima ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: "America/Lima",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });

function dateParts(v: unknown): Record<string, string> | null {
  if (v == null || v === "") return null;
  if (typeof v === "string") {
    const m = DATE_ONLY.exec(v);
    if (m) return { year: m[1], month: m[2], day: m[3], hour: "00", minute: "00" };
  }
  const d = v instanceof Date ? v : new Date(String(v));
  if (Number.isNaN(d.getTime())) return null;
  // Instants are shown in Peru's time (UTC-5), whatever the browser's zone.
  return Object.fromEntries(limaParts().formatToParts(d).map((p) => [p.type, p.value]));
}

/** '2026-03-05' or an ISO instant → '05/03/2026'. */
export function formatDate(v: unknown): string {
  const p = dateParts(v);
  return p ? `${p.day}/${p.month}/${p.year}` : "";
}

/** An ISO instant → '05/03/2026 14:07' (Lima time). */
export function formatDateTime(v: unknown): string {
  const p = dateParts(v);
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` : "";
}

/** A local Date → 'YYYY-MM-DD' (for dates sent to the API). */
export function isoDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export type AccountState = "Activo" | "Bloqueado" | "Pendiente de activación";

/**
 * A user's state as every screen shows it (the tenant's 'Administración de Usuarios' and the admin's
 * 'Usuarios'): blocked first, then an account whose activation link is still unused (no password yet, so it
 * cannot sign in), else active. The rule is in docs/decisions.md.
 */
export function accountState(user: { active: boolean; activated: boolean }): AccountState {
  if (!user.active) return "Bloqueado";
  return user.activated ? "Activo" : "Pendiente de activación";
}

/** The badge colour of each account state. */
export const ACCOUNT_STATE_SEVERITY = {
  "Activo": "success",
  "Bloqueado": "danger",
  "Pendiente de activación": "warning",
} as const satisfies Record<AccountState, string>;
