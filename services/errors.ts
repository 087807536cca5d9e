import { ERROR_MESSAGES, GENERIC_ERROR } from "#contract/errors.ts";

export {
  ERROR_MESSAGES,
  GENERIC_ERROR,
  NOT_FOUND,
  SUCCESS_MESSAGES,
  THROTTLED,
  VALIDATION_ERROR,
} from "#contract/errors.ts";

/** A failure a person should see: an errorId of the catalogue (spec 1, section 8) and a Spanish message. */
export class AppError extends Error {
  constructor(readonly errorId: number, message?: string, readonly data: unknown = null) {
    super(message ?? ERROR_MESSAGES[errorId] ?? GENERIC_ERROR);
  }
}
