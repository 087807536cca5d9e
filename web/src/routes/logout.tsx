import { useQueryClient } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useEffect } from "react";
import { clearStored } from "../analytics/store.ts";
import { post } from "../lib/api.ts";
import { sessionQueryOptions } from "../lib/session.ts";

/** /logout: revokes the session, clears local and session storage and reloads at the login. */
export const Route = createFileRoute("/logout")({
  component: Logout,
});

function Logout() {
  const queryClient = useQueryClient();
  useEffect(() => {
    // The session's CSRF token is needed to revoke it, also when /logout is the first page opened.
    queryClient.ensureQueryData(sessionQueryOptions)
      .then((s) => s && post("/api/auth/logout", undefined, { quiet: true, anonymous: true, confirm: false }))
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
