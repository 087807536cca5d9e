// The app's own list of routes, so a hostile-input test covers a route added later without being edited.
import { JSON_BODY } from "../../routes/validate.ts";
import type { TestApp } from "./api.ts";

export interface Route {
  method: string;
  /** The path with every parameter set to `param`. */
  path: string;
  /** Whether one of its handlers validates a JSON body (routes/validate.ts's mark). */
  json: boolean;
}

/** Every /api route of the app but GET (no body), with its path parameters filled in. */
export function writeRoutes(app: TestApp["app"], param = "1"): Route[] {
  const found = new Map<string, Route>();
  for (const r of app.routes) {
    if (r.method === "ALL" || r.method === "GET" || !r.path.startsWith("/api/") || r.path.includes("*")) {
      continue;
    }
    const path = r.path.replace(/:[^/]+/g, param);
    const key = `${r.method} ${path}`;
    const route = found.get(key) ?? { method: r.method, path, json: false };
    if ((r.handler as unknown as Record<symbol, boolean>)[JSON_BODY]) route.json = true;
    found.set(key, route);
  }
  return [...found.values()];
}
