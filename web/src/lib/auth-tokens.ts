import { queryOptions } from "@tanstack/react-query";
import { ApiError, post } from "./api.ts";

export type TokenKind = "reset" | "activation";

export type TokenStatus = { valid: true; email: string; expiresAt: string } | {
  valid: false;
  errorId: number;
};

/** Whether a reset or activation link is still good; 433 (expired) and 434 (unknown, used) are answers. */
export const tokenStatusQueryOptions = (token: string, kind: TokenKind) =>
  queryOptions({
    queryKey: ["token-status", kind, token],
    queryFn: async (): Promise<TokenStatus> => {
      if (!token) return { valid: false, errorId: 434 };
      try {
        const d = await post<{ email: string; expiresAt: string }>(
          "/api/auth/token-status",
          { token, kind },
          { quiet: [433, 434, 422, 404], anonymous: true, confirm: false },
        );
        return { valid: true, ...d };
      } catch (e) {
        if (e instanceof ApiError && [433, 434, 422, 404].includes(e.errorId)) {
          return { valid: false, errorId: e.errorId === 433 ? 433 : 434 };
        }
        throw e;
      }
    },
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
