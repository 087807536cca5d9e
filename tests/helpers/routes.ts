// The app's own list of routes, so a hostile-input test covers a route added later without being edited.
import type { TestApp } from "./api.ts";

export interface Route {
  method: string;
  /** The path with every parameter set to `param`. */
  path: string;
}

/** Every /api route of the app but GET (no body), with its path parameters filled in. */
export function writeRoutes(app: TestApp["app"], param = "1"): Route[] {
  const seen = new Set<string>();
  const routes: Route[] = [];
  for (const r of app.routes) {
    if (r.method === "ALL" || r.method === "GET" || !r.path.startsWith("/api/") || r.path.includes("*")) {
      continue;
    }
    const path = r.path.replace(/:[^/]+/g, param);
    const key = `${r.method} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push({ method: r.method, path });
  }
  return routes;
}
