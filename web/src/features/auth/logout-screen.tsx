import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { clearStored } from "../../analytics/store.ts";
import { sessionQueryOptions } from "../../lib/session.ts";
import { signOut } from "./api.ts";

/** Revokes the session, clears local and session storage and reloads at the login. */
export function LogoutScreen() {
  const queryClient = useQueryClient();
  useEffect(() => {
    // The session's CSRF token is needed to revoke it, also when /logout is the first page opened.
    queryClient.ensureQueryData(sessionQueryOptions)
      .then((s) => s && signOut())
      .catch(() => {})
      .then(() => clearStored()) // extracts and report rows kept in IndexedDB (web/src/analytics/store.ts)
      .finally(() => {
        try {
          localStorage.clear();
          sessionStorage.clear();
        } catch { /* storage disabled */ }
        // The full load empties every cache in memory; clearing the query cache here would fail the
        // queries of anything still mounted.
        globalThis.location.replace("/auth/login");
      });
  }, [queryClient]);
  return (
    <div className="status-page standalone" aria-live="polite">
      <i className="pi pi-spin pi-spinner status-icon" aria-hidden="true" />
      <p>Cerrando sesión...</p>
    </div>
  );
}
