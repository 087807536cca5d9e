import { createFileRoute, redirect } from "@tanstack/react-router";

/** Any unknown auth path goes to the login. */
export const Route = createFileRoute("/auth/$")({
  beforeLoad: () => {
    throw redirect({ to: "/auth/login", replace: true });
  },
});
