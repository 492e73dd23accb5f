/**
 * The API client: every call carries the bearer token when one exists, every reply is the
 * { status, message, data } envelope. Business failures come back as status false (not thrown);
 * transport errors throw ApiError with the body's message (section 8).
 *
 * On a phone the network comes and goes: a call made offline waits until the browser is online
 * again and then goes on by itself (the page tells the person they are offline), and every call
 * has a time limit, after which it fails with a message asking to try again.
 */
import { MSG } from '@ekyc/contracts/messages';
import { whenOnline } from './network';
import { session } from './session';

export const API_BASE = '/api/v1/ekyc';

/**
 * How long a call may take before the person is asked to try again: longer than the slowest wait
 * the server makes on a provider (the penny drop's 30 s); uploads may take longer still.
 */
export const REQUEST_TIMEOUT_MS = 45_000;
export const UPLOAD_TIMEOUT_MS = 120_000;

export interface Envelope<T = Record<string, unknown>> {
  status: boolean;
  message: string;
  data: T;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Called on 401: the session is over, the applicant goes back to the start. */
let onUnauthorized: () => void = () => undefined;
export const setUnauthorizedHandler = (fn: () => void) => {
  onUnauthorized = fn;
};

export async function apiRequest<T = Record<string, unknown>>(
  method: 'GET' | 'POST',
  path: string,
  options: {
    body?: unknown;
    query?: Record<string, string | boolean | undefined>;
    signal?: AbortSignal;
    headers?: Record<string, string>;
    timeoutMs?: number;
  } = {},
): Promise<Envelope<T>> {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) qs.set(k, String(v));
  const url = `${API_BASE}/${path}${qs.size ? `?${qs}` : ''}`;
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  // the language the person reads (the page's, as BCP 47): the server keeps it and writes messages in it
  const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (language && !headers['accept-language']) headers['accept-language'] = language;
  const token = session.get().token;
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  // a document or photo travels in the body as base64: give it the upload time on a slow network
  const timeoutMs = options.timeoutMs ?? ((payload?.length ?? 0) > 64 * 1024 ? UPLOAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS);
  let res: Response;
  for (;;) {
    await whenOnline();
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutMs);
    const cancel = () => timeout.abort();
    options.signal?.addEventListener('abort', cancel);
    try {
      res = await fetch(url, {
        method,
        headers,
        body: payload,
        signal: timeout.signal,
      });
      break;
    } catch (err) {
      if (options.signal?.aborted) throw err;
      if (timeout.signal.aborted) throw new ApiError(MSG.requestTimeout, 0);
      // the connection dropped before the call went out: send it again once the browser is back online
      if (typeof navigator !== 'undefined' && navigator.onLine === false) continue;
      throw new ApiError(MSG.somethingWrong, 0);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', cancel);
    }
  }
  let body: Partial<Envelope<T>> = {};
  try {
    body = (await res.json()) as Partial<Envelope<T>>;
  } catch {
    // not JSON: fall back to the generic message
  }
  if (res.status === 401) {
    onUnauthorized();
    throw new ApiError(body.message ?? MSG.unauthorized, 401);
  }
  if (!res.ok)
    throw new ApiError(body.message ?? MSG.somethingWrong, res.status, (body.data as Record<string, unknown>) ?? {});
  // A step of another stage (a retried step already done): raised so that pages go to data.screen.
  if (body.status === false && (body.data as { moved?: unknown } | undefined)?.moved === true)
    throw new ApiError(body.message ?? MSG.somethingWrong, res.status, body.data as Record<string, unknown>);
  return { status: Boolean(body.status), message: body.message ?? '', data: (body.data ?? {}) as T };
}

export const apiGet = <T = Record<string, unknown>>(
  path: string,
  query?: Record<string, string | boolean | undefined>,
) => apiRequest<T>('GET', path, { query });
export const apiPost = <T = Record<string, unknown>>(
  path: string,
  body?: unknown,
  query?: Record<string, string | boolean | undefined>,
) => apiRequest<T>('POST', path, { body, query });

/** Reads a File as a data URL (uploads travel as base64, section 7). */
export function fileToDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
