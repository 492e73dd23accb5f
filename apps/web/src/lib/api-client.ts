/**
 * The one API client, for the applicant (/api/v1/ekyc) and the back office (/api/v1/backoffice):
 * every call carries the bearer token when one exists, every reply is the { status, message, code,
 * data } envelope. Business failures come back as status false (not thrown); transport errors throw
 * ApiError with the body's message and code (section 8).
 *
 * Each call names the Zod schema of its reply's data (from the contracts): a successful reply is
 * parsed with it, a refused one (status false) with the stage-action shape ({ screen? }). A reply
 * that does not match is an ApiError with the generic message, never a crash further on.
 *
 * On a phone the network comes and goes: a call made offline waits until the browser is online
 * again and then goes on by itself (the page tells the person they are offline), and every call
 * has a time limit, after which it fails with a message asking to try again.
 *
 * Nothing else in the web calls fetch (a lint rule): a file the server links to (a PDF to preview)
 * comes through downloadBytes, an authenticated export through a client's file().
 */
import { refusalReadingSchema } from '@ekyc/contracts/screen';
import { MSG } from '@ekyc/contracts/messages';
import * as z from 'zod/mini';
import { whenOnline } from './network';
import { session } from './session';

export const API_BASE = '/api/v1/ekyc';

/**
 * How long a call may take before the person is asked to try again: longer than the slowest wait
 * the server makes on a provider (the penny drop's 30 s); uploads may take longer still.
 */
export const REQUEST_TIMEOUT_MS = 45_000;
export const UPLOAD_TIMEOUT_MS = 120_000;

/** What the data of a refused reply may carry: the route to go to (spec section 4) and what else its call names. */
const refusedDataSchema = refusalReadingSchema;
export type RefusedData = z.infer<typeof refusedDataSchema>;

/** A reply: its data parsed with the call's schema when status is true. */
export type Envelope<T> =
  | { status: true; message: string; code?: string; data: T }
  | { status: false; message: string; code?: string; data: RefusedData };

/** Any Zod schema (classic or mini) of a reply's data. */
export type DataSchema = z.core.$ZodType;
export type DataOf<S extends DataSchema> = z.output<S>;

/** For a call whose reply carries no data the page reads. */
export const noData = z.unknown();

export type Query = Record<string, unknown>;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
    readonly data: Record<string, unknown> = {},
    /** The message's key in the contracts' MSG (the reply's code), when the server named it. */
    readonly code?: string,
    /** A failure of the server's (5xx): its X-Request-Id, shown so support can find it in the log. */
    readonly requestId?: string,
  ) {
    super(message);
  }
}

/** The untyped envelope as it arrives, before its data is checked. */
const rawEnvelopeSchema = z.object({
  status: z.optional(z.unknown()),
  message: z.optional(z.string()),
  code: z.optional(z.string()),
  data: z.optional(z.unknown()),
});

export interface RequestOptions {
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export interface ClientSettings {
  /** e.g. /api/v1/ekyc */
  base: string;
  /** The bearer token to send, read at each call. */
  token: () => string | null | undefined;
  /** Called on 401: the session is over. */
  onUnauthorized: () => void;
}

/** 128 random bits as hex (crypto.randomUUID exists only on HTTPS and localhost). */
function idempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Sends one request within its time limit: a call made offline waits until the browser is online
 * again, a timed-out call is an ApiError asking to try again, a dropped connection is the generic one.
 */
async function send(url: string, init: RequestInit, timeoutMs: number, signal?: AbortSignal): Promise<Response> {
  for (;;) {
    await whenOnline();
    signal?.throwIfAborted();
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutMs);
    const cancel = () => timeout.abort();
    signal?.addEventListener('abort', cancel);
    try {
      return await fetch(url, { ...init, signal: timeout.signal });
    } catch (err) {
      if (signal?.aborted) throw err;
      if (timeout.signal.aborted) throw new ApiError(MSG.requestTimeout, 0, {}, 'requestTimeout');
      // the connection dropped before the call went out: send it again once the browser is back online
      if (typeof navigator !== 'undefined' && navigator.onLine === false) continue;
      throw new ApiError(MSG.somethingWrong, 0, {}, 'somethingWrong');
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
    }
  }
}

/**
 * The bytes at a signed link the server gave (a PDF to preview), within a file's time limit and
 * with the calls' errors (an ApiError with the generic message). The link is its own credential
 * (exp, sid, sig): no token goes with it, and its 401 (an expired link) does not end the session.
 */
export async function downloadBytes(
  url: string,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<ArrayBuffer> {
  const res = await send(url, {}, options.timeoutMs ?? UPLOAD_TIMEOUT_MS, options.signal);
  if (!res.ok) throw new ApiError(MSG.somethingWrong, res.status, {}, 'somethingWrong');
  return res.arrayBuffer();
}

export function createApiClient(settings: ClientSettings) {
  async function request<S extends DataSchema>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    schema: S,
    options: RequestOptions = {},
  ): Promise<Envelope<DataOf<S>>> {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined && v !== '') qs.set(k, String(v));
    const url = `${settings.base}/${path}${qs.size ? `?${qs}` : ''}`;
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    // the language the person reads (the page's, as BCP 47): the server keeps it and writes messages in it
    const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
    if (language && !headers['accept-language']) headers['accept-language'] = language;
    const token = settings.token();
    if (token) headers.authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    // one key for this call, sent again with it when the connection drops and it goes out once more:
    // the server answers a repeat with the first answer instead of acting twice
    if (method === 'POST') headers['idempotency-key'] ??= idempotencyKey();
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    // a document or photo travels in the body as base64: give it the upload time on a slow network
    const timeoutMs =
      options.timeoutMs ?? ((payload?.length ?? 0) > 64 * 1024 ? UPLOAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS);
    const res = await send(url, { method, headers, body: payload }, timeoutMs, options.signal);
    let json: unknown = undefined;
    try {
      json = await res.json();
    } catch {
      // not JSON: fall back to the generic message
    }
    const envelope = rawEnvelopeSchema.safeParse(json);
    const body = envelope.success ? envelope.data : {};
    const refused = z.safeParse(refusedDataSchema, body.data);
    const extra: RefusedData = refused.success ? refused.data : {};
    // a 400 says which field first ('body.ifsc: …'): the message is what follows
    const text = res.status === 400 ? body.message?.replace(/^[\w.]+: /, '') : body.message;
    const requestId = res.status >= 500 ? (res.headers.get('x-request-id') ?? undefined) : undefined;
    const fail = (fallback: keyof typeof MSG, data: Record<string, unknown> = {}) =>
      new ApiError(text ?? MSG[fallback], res.status, data, text ? body.code : fallback, requestId);
    if (res.status === 401) {
      settings.onUnauthorized();
      throw fail('unauthorized');
    }
    if (!res.ok) throw fail('somethingWrong', extra);
    if (!envelope.success || typeof body.status !== 'boolean') throw fail('somethingWrong');
    const message = body.message ?? '';
    const code = body.code;
    if (body.status === false) {
      // A step of another stage (a retried step already done): raised so that pages go to data.screen.
      if (extra.moved === true) throw fail('somethingWrong', extra);
      return { status: false, message, code, data: extra };
    }
    const data = z.safeParse(schema, body.data ?? {});
    // a reply the page cannot read: the generic error, not a crash further on
    if (!data.success) throw new ApiError(MSG.somethingWrong, res.status, {}, 'somethingWrong');
    return { status: true, message, code, data: data.data };
  }

  /** A call that must succeed: its parsed data, or an ApiError with the refusal's message. */
  async function data<S extends DataSchema>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    schema: S,
    options?: RequestOptions,
  ): Promise<DataOf<S>> {
    const reply = await request(method, path, schema, options);
    if (!reply.status) throw new ApiError(reply.message, 200, reply.data, reply.code);
    return reply.data;
  }

  /**
   * A reply that is a file rather than the envelope (an export, a bundle): its bytes, with the same
   * token and 401 handling as every call; a failure is an ApiError with `failure` as its message.
   */
  async function file(path: string, failure: string): Promise<Blob> {
    const headers: Record<string, string> = {};
    const token = settings.token();
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await send(`${settings.base}/${path}`, { headers }, UPLOAD_TIMEOUT_MS).catch(() => {
      throw new ApiError(failure, 0);
    });
    if (res.status === 401) settings.onUnauthorized();
    if (!res.ok) throw new ApiError(failure, res.status);
    return res.blob();
  }

  return {
    request,
    data,
    file,
    get: <S extends DataSchema>(path: string, schema: S, query?: Query) => request('GET', path, schema, { query }),
    post: <S extends DataSchema>(path: string, schema: S, body?: unknown, query?: Query) =>
      request('POST', path, schema, { body, query }),
  };
}

/** Called on 401: the session is over, the applicant goes back to the start. */
let onUnauthorized: () => void = () => undefined;
export const setUnauthorizedHandler = (fn: () => void) => {
  onUnauthorized = fn;
};

/** The applicant's client: /api/v1/ekyc with the session's token. */
export const applicantApi = createApiClient({
  base: API_BASE,
  token: () => session.get().token,
  onUnauthorized: () => onUnauthorized(),
});

/** The public site's client: /api/v1/public, no sign-in. */
export const publicApi = createApiClient({
  base: '/api/v1/public',
  token: () => null,
  onUnauthorized: () => undefined,
});
export const apiGet = applicantApi.get;
export const apiPost = applicantApi.post;
