import { createFileRoute } from "@tanstack/react-router";
import { LogoutScreen } from "../features/auth/logout-screen.tsx";

/** /logout: revokes the session, clears local and session storage and reloads at the login. */
export const Route = createFileRoute("/logout")({
  component: LogoutScreen,
});
