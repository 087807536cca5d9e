import { createFileRoute, redirect } from "@tanstack/react-router";
import { z } from "zod";
import { LoginScreen } from "../../features/auth/login-screen.tsx";
import { sessionQueryOptions } from "../../lib/session.ts";

export const Route = createFileRoute("/auth/login")({
  validateSearch: z.object({ redirect: z.string().optional().catch(undefined) }),
  beforeLoad: async ({ context }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions);
    if (session) throw redirect({ to: "/", replace: true });
  },
  staticData: { title: "Iniciar sesión" },
  component: LoginScreen,
});
