import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { GlobalDialogs } from "../components/dialogs/global-dialogs.tsx";
import { NotFoundPage } from "../components/pages/status-pages.tsx";

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFoundPage,
});

function Root() {
  return (
    <>
      <Outlet />
      <GlobalDialogs />
    </>
  );
}
