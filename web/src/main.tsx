import "./lib/early-session.ts";
import "primereact/resources/themes/lara-light-blue/theme.css";
import "primeicons/primeicons.css";
import "./styles/layout.css";
import "./styles/navigation.css";
import "./styles/table.css";
import "./styles/forms.css";
import "./styles/pages.css";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { addLocale, locale, PrimeReactProvider } from "primereact/api";
import { es } from "primelocale/js/es.js";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouteError } from "./components/pages/status-pages.tsx";
import { ApiError, setCsrfToken, setSessionExpiredHandler } from "./lib/api.ts";
import { isForbidden } from "./lib/guard.ts";
import { routeTree } from "./routeTree.gen.ts";

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    /** The page title in the toolbar and the last breadcrumb, for a route the screens' registry does not title. */
    title?: string;
  }
}

// The full Spanish locale of PrimeReact (calendars, paginator, dialogs, aria labels).
addLocale("es", es);
locale("es");

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

// The theme's text face and the icon font load when first used: a face that finishes loading during a filter
// change makes Chromium lay out every text node again ('Fonts changed', 12 to 20 ms in traces of a change).
// Asked for now, they are in place before the first report.
for (const face of ['400 1em "Inter var"', "1em primeicons"]) document.fonts?.load(face).catch(() => {});

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: "intent",
  // The query cache decides freshness; the router always asks it.
  defaultPreloadStaleTime: 0,
  defaultErrorComponent: RouteError,
  defaultPendingComponent: () => (
    <div className="page-loading" aria-live="polite">
      <i className="pi pi-spin pi-spinner" aria-hidden="true" /> Cargando información ...
    </div>
  ),
  defaultPendingMs: 300,
  scrollRestoration: true,
});

// A 401 on any call: the session is gone; forget it and sign in again.
setSessionExpiredHandler(() => {
  setCsrfToken(null);
  const here = router.state.location.href;
  // Signing in or out: those screens end the session themselves.
  if (/^\/(auth\/|logout)/i.test(here)) return;
  try {
    sessionStorage.clear();
  } catch { /* storage disabled */ }
  // A full load rather than emptying the query cache under mounted screens (their queries would fail).
  globalThis.location.assign(router.buildLocation({ to: "/auth/login", search: { redirect: here } }).href);
});

// Dropdown's hidden native <select> only mirrors the value for forms: hide it from assistive technology
// (the visible combobox carries the label), for every dropdown of the portal.
const primeConfig = {
  locale: "es",
  ripple: false,
  // A dropdown's arrow is a button to assistive technology: it gets a name unless the screen gives a better one.
  pt: { dropdown: { select: { "aria-hidden": true }, trigger: { "aria-label": "Mostrar opciones" } } },
};

// Errors the screens already explain are not logged again: a permission gate's ForbiddenError ('Área no
// autorizada') and a failed call's ApiError (shown by the error dialog).
const onCaughtError = (error: unknown, info: { componentStack?: string }) => {
  if (!isForbidden(error) && !(error instanceof ApiError)) console.error(error, info.componentStack ?? "");
};

// The opened screen's code is fetched beside the session rather than after it: the router asks for a route's
// chunk once every beforeLoad of the match is done, and _app's waits for the session. A chunk that fails here
// is asked for again by the router, which shows the error.
for (const route of router.getMatchedRoutes(router.latestLocation.pathname)[0]) {
  router.loadRouteChunk(route)?.catch(() => {});
}

createRoot(document.getElementById("root")!, { onCaughtError }).render(
  <StrictMode>
    <PrimeReactProvider value={primeConfig}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </PrimeReactProvider>
  </StrictMode>,
);
