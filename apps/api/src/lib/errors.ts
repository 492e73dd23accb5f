/** One error type with a closed list of codes; the error handler maps each to HTTP. */
import { MSG } from '@ekyc/contracts/messages';

export const ERROR_HTTP = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A step asked for at another stage (often a retry of a step already done): a handled outcome, 200. */
  STAGE_MOVED: 200,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_HTTP;

const DEFAULT_MESSAGE: Record<ErrorCode, string> = {
  VALIDATION: MSG.fieldRequired,
  UNAUTHORIZED: MSG.unauthorized,
  FORBIDDEN: MSG.unauthorized,
  NOT_FOUND: MSG.notFound,
  CONFLICT: MSG.somethingWrong,
  STAGE_MOVED: MSG.somethingWrong,
  PAYLOAD_TOO_LARGE: MSG.payloadTooLarge,
  RATE_LIMITED: MSG.rateLimited,
  UNAVAILABLE: MSG.serviceUnavailable,
  INTERNAL: MSG.somethingWrong,
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly data: Record<string, unknown>;
  constructor(code: ErrorCode, message?: string, data: Record<string, unknown> = {}) {
    super(message ?? DEFAULT_MESSAGE[code]);
    this.code = code;
    this.data = data;
  }
  get httpStatus(): number {
    return ERROR_HTTP[this.code];
  }
}

/** A 400 naming the field, as the contract asks. */
export function invalidField(field: string, message: string): AppError {
  return new AppError('VALIDATION', `${field}: ${message}`, { field, errors: [{ field, message }] });
}
