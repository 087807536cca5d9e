import { createFileRoute, redirect } from "@tanstack/react-router";
import { sessionQueryOptions } from "../../lib/session.ts";

/** /auth: a signed-in user goes to /, anyone else to the login. */
export const Route = createFileRoute("/auth/")({
  beforeLoad: async ({ context }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions);
    throw redirect({ to: session ? "/" : "/auth/login", replace: true });
  },
});
