import type { Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db.ts";

/** What every service call needs: the database, the time and the configuration. */
export interface Ctx {
  db: Db;
  clock: Clock;
  config: Config;
}

/** Who is acting, for authorisation and the audit log. */
export interface Actor {
  userId: number;
  ip?: string | null;
}
