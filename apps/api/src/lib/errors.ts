/** One error type with a closed list of codes; the error handler maps each to HTTP. */
import { ACK, type AckKey } from '@ekyc/contracts/acknowledgements';
import { type CatalogueText, type MessageKey, MSG } from '@ekyc/contracts/messages';
import { keyOfIssue } from '@ekyc/contracts/said';
import { type ReplyKey, type Said, spoken } from './outcome.ts';

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

/**
 * The catalogue keys a failure of each kind may carry as the reply's `code` (besides none, for a
 * plain text): the OpenAPI document lists them per HTTP status as an enum, and the constructor
 * below refuses any other key, so the list stays what the server sends.
 */
export const ERROR_MESSAGE_KEYS = {
  // a shared rule's message, for any field, or a refusal of ours (ACK)
  VALIDATION: [...Object.keys(MSG), ...Object.keys(ACK)] as ReplyKey[],
  UNAUTHORIZED: ['unauthorized'],
  FORBIDDEN: ['unauthorized'],
  NOT_FOUND: ['notFound', 'requestNotFound'],
  CONFLICT: [
    'somethingWrong',
    // the journey's steps: a page out of date, a step before its turn or done already
    'formNotCurrent',
    'panVerifyFirst',
    'livenessSessionEnded',
    'ddpiNotChosen',
    'ddpiFormFirst',
    'ddpiSignedAlready',
    // the client area: a request under way or in another state, a service already in that state
    'accountNotOpen',
    'accessFrozenAlready',
    'accessNotFrozen',
    'requestSignedAlready',
    'requestNotSignable',
    'requestNotReady',
    'requestChanged',
    'requestNoAaConsent',
    'notRekycRequest',
    'addressRequestUnderWay',
    'bankRequestUnderWay',
    'closureRequestUnderWay',
    'contactRequestUnderWay',
    'ddpiRequestUnderWay',
    'nominationRequestUnderWay',
    'rekycRequestUnderWay',
    'segmentRequestUnderWay',
    'ddpiGivenAlready',
    'upiPaymentUsed',
    'noEmailOnRecord',
  ],
  // stepNotAvailable: a step outside its stage window (records/stage-moves.ts)
  STAGE_MOVED: ['somethingWrong', 'stepNotAvailable'],
  PAYLOAD_TOO_LARGE: ['payloadTooLarge'],
  RATE_LIMITED: ['rateLimited', 'otpResendTooSoon', 'otpSendLimit'],
  // providerUnavailable: an outside provider failed (the error handler's ProviderError)
  // waitingRoom: a new sign-up while the service is saturated (plugins/waiting-room.ts)
  // providerQueue: every provider of a service is over its budget: the applicant waits in a queue (records/provider-queue.ts)
  // upiNotOffered … backOfficeUnavailable: a service of the client area away (modules/servicing)
  UNAVAILABLE: [
    'serviceUnavailable',
    'providerUnavailable',
    'storageFull',
    'waitingRoom',
    'providerQueue',
    'upiNotOffered',
    'upiStartFailed',
    'aaUnavailable',
    'kraUnavailable',
    'backOfficeUnavailable',
  ],
  INTERNAL: ['somethingWrong'],
} as const satisfies Record<ErrorCode, readonly ReplyKey[]>;

/** The catalogue keys a failure answered with this HTTP status may carry as its code (the document's enum, the reply check's). */
export function failureCodesOf(status: number): [string, ...string[]] {
  const codes = new Set<string>();
  for (const code of Object.keys(ERROR_HTTP) as ErrorCode[])
    if (ERROR_HTTP[code] === status) for (const key of ERROR_MESSAGE_KEYS[code]) codes.add(key);
  const list = [...codes].sort();
  if (!list.length) throw new Error(`no failure answers HTTP ${status}`);
  return list as [string, ...string[]];
}

/** A catalogue key a failure of this kind may carry. */
export type ErrorMessageKey<C extends ErrorCode> = (typeof ERROR_MESSAGE_KEYS)[C][number];
/** A text of the failure's own: neither a catalogue key nor a catalogue text (those go by their key). */
type OwnText<T extends string> = T extends MessageKey | AckKey | CatalogueText ? never : T;

const DEFAULT_MESSAGE: { [C in ErrorCode]: ErrorMessageKey<C> } = {
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

/**
 * The sign-up waiting room's answer: wait `retrySeconds` and try again (the sign-up page counts it
 * down and asks again by itself). Given while the process is saturated (plugins/waiting-room.ts)
 * and while every SMS gateway has spent its day's budget (send-otp).
 */
export const waitingRoom = (retrySeconds: number) =>
  new AppError('UNAVAILABLE', 'waitingRoom', { retry_after: retrySeconds, waiting_room: true });

export class AppError<C extends ErrorCode = ErrorCode, T extends string = string> extends Error {
  readonly code: C;
  /** The message's key in MSG or ACK when it comes from the catalogue: the reply's `code`. */
  messageKey: ReplyKey | undefined;
  readonly data: Record<string, unknown>;
  /**
   * `said`: a catalogue message by its MSG key (one of ERROR_MESSAGE_KEYS for this kind, never its
   * English text), or a plain text.
   */
  constructor(code: C, said?: ErrorMessageKey<C> | OwnText<T>, data: Record<string, unknown> = {}) {
    const { message, code: key } = spoken(said ?? DEFAULT_MESSAGE[code]);
    super(message);
    this.code = code;
    this.messageKey = key;
    this.data = data;
  }
  get httpStatus(): number {
    return ERROR_HTTP[this.code];
  }
}

/** Retry-After of a message that names a longer wait than its kind's. */
const RETRY_AFTER_OF_MESSAGE: Partial<Record<ReplyKey, number>> = { otpSendLimit: 3600 };

/**
 * Seconds a client waits before trying again after a 429 or a 503 (the reply's Retry-After): what
 * the failure names (resend_after, retry_after), else what its message or kind implies.
 */
export function retryAfterSeconds(error: AppError): number | undefined {
  if (error.code !== 'RATE_LIMITED' && error.code !== 'UNAVAILABLE') return undefined;
  const named = error.data.retry_after ?? error.data.resend_after;
  if (typeof named === 'number' && named > 0) return Math.ceil(named);
  const ofMessage = error.messageKey && RETRY_AFTER_OF_MESSAGE[error.messageKey];
  return ofMessage ?? (error.code === 'RATE_LIMITED' ? 60 : 5);
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
 * A 400 whose English says more than the catalogue message it is translated by (which file type
 * was found): the text as given, `key` as the reply's code and the field's.
 */
export function invalidFieldAs(field: string, key: ReplyKey, text: string): AppError {
  return fieldError(field, { message: text, code: key });
}

/**
 * A 400 for a shared schema's issue: its message as the rule gave it (the catalogue's English), and
 * the key the rule stamped on it (said/saying in @ekyc/contracts/said) as the reply's code and the
 * field's. An issue without a key answers its text alone.
 */
export function invalidFieldIssue(field: string, issue: { message: string; params?: unknown }): AppError {
  const code = keyOfIssue(issue);
  return fieldError(field, { message: issue.message, ...(code && { code }) });
}

function fieldError(field: string, said: { message: string; code?: ReplyKey }): AppError {
  const error = new AppError('VALIDATION', `${field}: ${said.message}`, {
    field,
    errors: [{ field, message: said.message, ...(said.code && { code: said.code }) }],
  });
  error.messageKey = said.code;
  return error;
}
