import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";
import { AppLayout } from "../components/layout/app-layout.tsx";
import { sessionQueryOptions, useSession } from "../lib/session.ts";

/** Every signed-in screen: without a session the login opens, then comes back here. */
export const Route = createFileRoute("/_app")({
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions);
    if (!session) throw redirect({ to: "/auth/login", search: { redirect: location.href } });
    return { session };
  },
  component: AppFrame,
});

function AppFrame() {
  const session = useSession();
  return (
    <AppLayout session={session}>
      <Outlet />
    </AppLayout>
  );
}
