import { queryOptions } from "@tanstack/react-query";
import { LINK_EXPIRED, LINK_INVALID, NOT_FOUND, VALIDATION_ERROR } from "#contract/errors.ts";
import type { z } from "zod";
import {
  AUTH_API,
  type forgotPasswordBody,
  type loginBody,
  type SessionView,
  type setPasswordBody,
  type TokenKind,
  type TokenStatus,
} from "#contract/auth.ts";
import type { Done } from "#contract/envelope.ts";
import { ApiError, post } from "../../lib/api.ts";

export type { TokenKind };

/** A mailed link as its screen sees it: still good, for this account, or why not (433 expired, else 434). */
export type LinkStatus = ({ valid: true } & TokenStatus) | {
  valid: false;
  errorId: typeof LINK_EXPIRED | typeof LINK_INVALID;
};

// Expired (433) and unknown or used (434) links are answers the screen shows, not error dialogs.
const LINK_FAILURES = [LINK_EXPIRED, LINK_INVALID, VALIDATION_ERROR, NOT_FOUND];

/** Whether a reset or activation link is still good. */
export const tokenStatusQueryOptions = (token: string, kind: TokenKind) =>
  queryOptions({
    queryKey: ["token-status", kind, token],
    queryFn: async (): Promise<LinkStatus> => {
      if (!token) return { valid: false, errorId: LINK_INVALID };
      try {
        const d = await post<TokenStatus>(
          AUTH_API.tokenStatus,
          { token, kind },
          { quiet: LINK_FAILURES, anonymous: true, confirm: false },
        );
        return { valid: true, ...d };
      } catch (e) {
        if (e instanceof ApiError && LINK_FAILURES.includes(e.errorId)) {
          return { valid: false, errorId: e.errorId === LINK_EXPIRED ? LINK_EXPIRED : LINK_INVALID };
        }
        throw e;
      }
    },
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export const signIn = (body: z.output<typeof loginBody>) =>
  post<SessionView>(AUTH_API.login, body, { anonymous: true });

/** Message 104 (check your e-mail) is shown by the success dialog; the same answer for any address. */
export const requestPasswordReset = (body: z.output<typeof forgotPasswordBody>) =>
  post<Done>(AUTH_API.forgotPassword, body, { anonymous: true });

/** Sets the password from a reset or activation link; message 101 is shown by the success dialog. */
export const setPasswordWithLink = (kind: TokenKind, body: z.output<typeof setPasswordBody>) =>
  post<Done>(kind === "reset" ? AUTH_API.resetPassword : AUTH_API.activate, body, { anonymous: true });

/** Revokes the session; quiet, since the screen signs out locally whatever the answer. */
export const signOut = () =>
  post<null>(AUTH_API.logout, undefined, { quiet: true, anonymous: true, confirm: false });
