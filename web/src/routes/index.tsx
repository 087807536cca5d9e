import { createFileRoute, redirect } from "@tanstack/react-router";
import { lastPathFor, sessionQueryOptions } from "../lib/session.ts";

/** '/': the last visited screen of this user, else the role's landing screen; signed out, the login. */
export const Route = createFileRoute("/")({
  beforeLoad: async ({ context }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions);
    if (!session) throw redirect({ to: "/auth/login" });
    throw redirect({ href: lastPathFor(session.email) ?? session.landing, replace: true });
  },
});
