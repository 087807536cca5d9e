import type { Ctx } from "../services/context.ts";
import type { Session } from "../services/sessions.ts";

export type AppEnv = {
  Bindings: { remoteAddr?: { hostname?: string } };
  Variables: {
    ctx: Ctx;
    /** Set when the request carries a live session cookie. */
    session: Session | null;
    ip: string;
  };
};

/** c.var after requireSession: the session is there. */
export type AuthedEnv = AppEnv & { Variables: AppEnv["Variables"] & { session: Session } };
