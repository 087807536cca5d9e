// The guarantee area's one sub-app (spec 3), mounted once under /api by routes/app.ts. It owns the area's
// paths as the web app and docs/api.md call them (/api/guarantees, /api/guarantee-exceptions, …): one
// Hono app per screen family in this folder, routed here, so the area reads like every other one.

import { Hono, type MiddlewareHandler } from "hono";
import { jsonBodyLimit } from "../body_limit.ts";
import type { AppEnv } from "../env.ts";
import { guaranteeDashboard } from "./dashboard.ts";
import { guaranteeExceptions } from "./exceptions.ts";
import { guarantees } from "./guarantees.ts";
import { guaranteeReception, guaranteeVault } from "./reception.ts";
import { guaranteeReports } from "./reports.ts";
import {
  guaranteeDeliverySupport,
  guaranteeLetters,
  guaranteeParameters,
  guaranteeRequirements,
} from "./requirements.ts";

/** Each path with its sub-app and its body limit (null: its calls take uploads and set their own). */
const PARTS: [string, Hono<AppEnv>, MiddlewareHandler | null][] = [
  ["/guarantees", guarantees, null],
  ["/guarantee-exceptions", guaranteeExceptions, null],
  ["/guarantee-reception", guaranteeReception, jsonBodyLimit],
  ["/guarantee-vault", guaranteeVault, jsonBodyLimit],
  ["/guarantee-dashboard", guaranteeDashboard, jsonBodyLimit],
  ["/guarantee-reports", guaranteeReports, jsonBodyLimit],
  ["/guarantee-requirements", guaranteeRequirements, jsonBodyLimit],
  ["/guarantee-parameters", guaranteeParameters, jsonBodyLimit],
  ["/guarantee-letters", guaranteeLetters, jsonBodyLimit],
  ["/guarantee-delivery-support", guaranteeDeliverySupport, null],
];

/** The body limits by path under the mount, for routes/app.ts to apply before the session is read. */
export const GUARANTEE_BODY_LIMITS: [string, MiddlewareHandler][] = PARTS.flatMap(([path, , limit]) =>
  limit ? [[path, limit] as [string, MiddlewareHandler]] : []
);

export const guaranteeArea = new Hono<AppEnv>();
for (const [path, part] of PARTS) guaranteeArea.route(path, part);
