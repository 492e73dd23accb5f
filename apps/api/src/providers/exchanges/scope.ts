/**
 * Who a provider call is made for, and the raw HTTP exchanges it made. A request carries an
 * applicant scope (the signed-in applicant, or one named later: an e-sign answer names its
 * application only once read); a recorded port call (recorder.ts) collects the exchanges its
 * transport reports (http.ts calls `exchanged`). Outside a recorded port call nothing is collected.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { isTextual, keptHeaders, redactBody, redactUrl } from './redact.ts';

/** One HTTP request and its answer as kept: secrets redacted (redact.ts), binary bodies base64. */
export interface HttpExchange {
  method: string;
  url: string;
  at: string;
  elapsed_ms: number;
  request: { headers: Record<string, string>; body: string | null; encoding: 'text' | 'base64' };
  response:
    | { status: number; headers: Record<string, string>; body: string | null; encoding: 'text' | 'base64' }
    | { error: string };
}

export interface ApplicantScope {
  /** The applicant the request is for, once known. */
  applicant(): string | undefined;
  /** Set when a use-case learns the applicant only from the provider's answer. */
  named?: string;
  /** Port calls finished before the applicant was known, stored once it is. */
  pending: (() => Promise<void>)[];
  /**
   * A request's recorded calls, held until it answers and then stored together (one statement);
   * null outside a request, and once it has answered (a call after that, made by work the request
   * left running, is stored at once).
   */
  held: unknown[] | null;
}

const scopes = new AsyncLocalStorage<ApplicantScope>();
const collectors = new AsyncLocalStorage<HttpExchange[]>();

/**
 * Runs `fn` in an applicant scope: its recorded calls are stored as they finish, or, for a request
 * (`holding`), when it answers (the scope is given to `holding` for that: takeHeld).
 */
export const runInApplicantScope = <T>(
  applicant: () => string | undefined,
  fn: () => T,
  holding?: (scope: ApplicantScope) => void,
): T => {
  const scope: ApplicantScope = { applicant, pending: [], held: holding ? [] : null };
  holding?.(scope);
  return scopes.run(scope, fn);
};

/** The calls a request's scope held, and from now on none: later ones are stored at once. */
export function takeHeld<T>(scope: ApplicantScope): T[] {
  const held = (scope.held ?? []) as T[];
  scope.held = null;
  return held;
}

export const currentScope = (): ApplicantScope | undefined => scopes.getStore();

/** The applicant of the current scope, if known. */
export const scopeApplicant = (): string | undefined => {
  const s = scopes.getStore();
  return s?.named ?? s?.applicant();
};

/**
 * A use-case learnt the applicant from a provider's answer (an e-sign response names its
 * transaction): the recorded calls of this request so far, and those after, are theirs.
 */
export async function attributeExchanges(applicantId: string): Promise<void> {
  const scope = scopes.getStore();
  if (!scope) return;
  scope.named = applicantId;
  for (const store of scope.pending.splice(0)) await store();
}

/** Runs one port call collecting the HTTP exchanges its transport makes. */
export async function collectExchanges<T>(
  fn: () => Promise<T>,
): Promise<{ exchanges: HttpExchange[]; run: Promise<T> }> {
  const exchanges: HttpExchange[] = [];
  const run = collectors.run(exchanges, fn);
  await run.catch(() => undefined);
  return { exchanges, run };
}

const MAX_BODY = 4 * 1024 * 1024;

function keptBody(
  bytes: Uint8Array | null,
  contentType: string | null,
): Pick<HttpExchange['request'], 'body' | 'encoding'> {
  if (!bytes || bytes.length === 0) return { body: null, encoding: 'text' };
  const cut = bytes.length > MAX_BODY ? bytes.subarray(0, MAX_BODY) : bytes;
  if (!isTextual(contentType)) return { body: Buffer.from(cut).toString('base64'), encoding: 'base64' };
  return { body: redactBody(Buffer.from(cut).toString('utf8'), contentType), encoding: 'text' };
}

function requestBytes(body: RequestInit['body']): Uint8Array | null {
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof Uint8Array) return body;
  if (body instanceof URLSearchParams) return Buffer.from(body.toString(), 'utf8');
  return body ? Buffer.from('[a multipart body]') : null;
}

/**
 * The transport's hook: sends the request, and when a recorded port call is running reports the
 * exchange (the answer's body is read from a clone, the caller reads its own).
 */
export async function exchanged(url: string, init: RequestInit, send: () => Promise<Response>): Promise<Response> {
  const into = collectors.getStore();
  if (!into) return send();
  const started = Date.now();
  const headers = new Headers(init.headers);
  const entry = (response: HttpExchange['response']): HttpExchange => ({
    method: init.method ?? 'GET',
    url: redactUrl(url),
    at: new Date(started).toISOString(),
    elapsed_ms: Date.now() - started,
    request: { headers: keptHeaders(headers), ...keptBody(requestBytes(init.body), headers.get('content-type')) },
    response,
  });
  try {
    const res = await send();
    const bytes = new Uint8Array(await res.clone().arrayBuffer());
    const type = res.headers.get('content-type');
    into.push(entry({ status: res.status, headers: keptHeaders(res.headers), ...keptBody(bytes, type) }));
    return res;
  } catch (err) {
    into.push(entry({ error: (err as Error).name || 'Error' }));
    throw err;
  }
}
