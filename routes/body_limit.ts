// Request body limits, set per mounted sub-app (routes/app.ts) or per call (the guarantee uploads).
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Envelope } from "../contract/envelope.ts";
import { VALIDATION_ERROR } from "../contract/errors.ts";

const TOO_LARGE = "La solicitud excede el tamaño permitido (1 MB).";

/** Every JSON call: 1 MB, refused with 413 and the validation envelope before the body is read. */
export const jsonBodyLimit: MiddlewareHandler = bodyLimit({
  maxSize: 1024 * 1024,
  onError: (c) =>
    c.json<Envelope<{ body: string }>>({
      success: false,
      message: TOO_LARGE,
      errorId: VALIDATION_ERROR,
      data: { body: TOO_LARGE },
    }, 413),
});
