/** One error type with a closed list of codes; the error handler maps each to HTTP. */
import { isMessageKey, type MessageKey, messageKeyOfText } from '@ekyc/contracts/messages';
import { type Said, spoken } from './outcome.ts';

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

const DEFAULT_MESSAGE: Record<ErrorCode, MessageKey> = {
  VALIDATION: 'fieldRequired',
  UNAUTHORIZED: 'unauthorized',
  FORBIDDEN: 'unauthorized',
  NOT_FOUND: 'notFound',
  CONFLICT: 'somethingWrong',
  STAGE_MOVED: 'somethingWrong',
  PAYLOAD_TOO_LARGE: 'payloadTooLarge',
  RATE_LIMITED: 'rateLimited',
  UNAVAILABLE: 'serviceUnavailable',
  INTERNAL: 'somethingWrong',
};

export class AppError extends Error {
  readonly code: ErrorCode;
  /** The message's key in MSG when it comes from the catalogue: the reply's `code`. */
  messageKey: MessageKey | undefined;
  readonly data: Record<string, unknown>;
  /** `said`: a catalogue message by its MSG key (never its English text), or a plain text. */
  constructor(code: ErrorCode, said: string = DEFAULT_MESSAGE[code], data: Record<string, unknown> = {}) {
    const { message, code: key } = spoken(said);
    super(message);
    this.code = code;
    this.messageKey = key;
    this.data = data;
  }
  get httpStatus(): number {
    return ERROR_HTTP[this.code];
  }
}

/**
 * A 400 naming the field, as the contract asks: the message by its MSG key or as plain text, and the
 * key as the reply's code and the field's.
 */
export function invalidField<T extends string>(
  field: string,
  said: Said<T>,
  extra: Record<string, unknown> = {},
): AppError {
  const error = fieldError(field, spoken(said));
  Object.assign(error.data, extra);
  return error;
}

/**
 * A 400 for a shared schema's or rule's message, which carries the catalogue's English text (the
 * web shows it as it is): keyed back to MSG. A key or a plain text is taken as invalidField does.
 */
export function invalidFieldIssue(field: string, ruleMessage: string): AppError {
  if (isMessageKey(ruleMessage)) return fieldError(field, spoken(ruleMessage));
  const code = messageKeyOfText(ruleMessage);
  return fieldError(field, { message: ruleMessage, ...(code && { code }) });
}

function fieldError(field: string, said: { message: string; code?: MessageKey }): AppError {
  const error = new AppError('VALIDATION', `${field}: ${said.message}`, {
    field,
    errors: [{ field, message: said.message, ...(said.code && { code: said.code }) }],
  });
  error.messageKey = said.code;
  return error;
}
