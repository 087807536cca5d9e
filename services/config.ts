export interface Config {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  /** Origin used in links sent by mail (reset, activation). */
  publicUrl: string;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  secureCookies: boolean;
}

export function loadConfig(env: (k: string) => string | undefined = (k) => Deno.env.get(k)): Config {
  const port = Number(env("PORT") ?? 8000);
  return {
    port,
    dataDir: env("DATA_DIR") ?? "./data",
    databaseUrl: env("DATABASE_URL") || undefined,
    smtpUrl: env("SMTP_URL") || undefined,
    publicUrl: (env("PUBLIC_URL") ?? `http://localhost:${port}`).replace(/\/$/, ""),
    sessionIdleMinutes: Number(env("SESSION_IDLE_MINUTES") ?? 30),
    sessionAbsoluteHours: Number(env("SESSION_ABSOLUTE_HOURS") ?? 12),
    secureCookies: (env("PUBLIC_URL") ?? "").startsWith("https://"),
  };
}
