/**
 * The one HTTP client of the production adapters: JSON in and out, a timeout per provider, no
 * retries hidden here. Every failure is logged (provider, call, cause; never a body or a query)
 * and counted.
 */
import type { Dispatcher } from 'undici';
import type { SandboxFault } from '../config.ts';
import { inSpan } from '../telemetry/spans.ts';
import { exchanged } from './exchanges/scope.ts';
import { OverBudgetError, type ProviderLimits } from './limits.ts';

/** `over_budget`: not sent, the day's budget of calls to the provider is spent (PROVIDER_LIMITS). */
export type ProviderFailureCause = 'timeout' | 'unreachable' | 'server_error' | 'refused' | 'over_budget';

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly body?: unknown,
    /** Why the call failed, when the transport knows it. */
    readonly reason?: ProviderFailureCause,
  ) {
    super(message);
  }
}

/** The provider is down or slow (timeout, unreachable, 5xx), as opposed to refusing the request. */
export const isProviderOutage = (err: unknown): boolean =>
  err instanceof ProviderError && err.reason !== undefined && err.reason !== 'refused';

type CallObserver = (provider: string, outcome: 'ok' | 'failed', seconds: number) => void;
let observer: CallObserver = () => undefined;
/** Metrics see every provider call, its outcome and how long it took. */
export const observeProviderCalls = (fn: CallObserver) => {
  observer = fn;
};

export interface ProviderFailure {
  provider: string;
  /** Method and path, with identifiers replaced by :id. */
  call: string;
  cause: ProviderFailureCause;
  status?: number;
  elapsedMs: number;
}

export interface ProviderCallSettings {
  timeouts: { defaultMs: number; byProvider: Record<string, number> };
  /** Production hosts named after their settings (PAN_BASE_URL's host is "pan"). */
  hostNames: Record<string, string>;
  onFailure: (failure: ProviderFailure) => void;
  /** Rates and daily budgets per provider (PROVIDER_LIMITS), or none. */
  limits?: ProviderLimits;
}

let settings: ProviderCallSettings = {
  timeouts: { defaultMs: 5000, byProvider: {} },
  hostNames: {},
  onFailure: () => undefined,
};

/** Set once at start-up from the configuration (timeouts) and the app (log and metrics). */
export const configureProviderCalls = (s: Partial<ProviderCallSettings>) => {
  settings = { ...settings, ...s };
};

/** Settings whose prefix is not the sandbox's name for the provider. */
const SETTING_NAMES: Record<string, string> = {
  AA: 'account-aggregator',
  HYPERVERGE: 'liveness',
  CASHFREE: 'bank',
  SETU_UPI: 'upi',
};

/** Names the hosts of the *_BASE_URL / *_URL provider settings after the setting. */
export function providerHostNames(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const names: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) {
    const m = /^([A-Z0-9]+(?:_[A-Z0-9]+)*?)_(?:BASE_|MODULE_|ESP_|WEBVIEW_)?URL$/.exec(k);
    if (!m || !v || k === 'DATABASE_URL' || k === 'REDIS_URL' || k === 'PUBLIC_URL') continue;
    try {
      names[new URL(v).host] ??= SETTING_NAMES[m[1]!] ?? m[1]!.toLowerCase().replace(/_/g, '-');
    } catch {
      // not a URL: not a provider host
    }
  }
  return names;
}

/** A provider's label: the sandbox capability, or the production host (named after its setting). */
export function providerOf(url: string): string {
  const u = new URL(url);
  const m = /^\/sandbox\/([^/]+)/.exec(u.pathname);
  return m ? m[1]! : (settings.hostNames[u.host] ?? u.hostname);
}

/** Method and path without identifiers or query: safe to log and to use as a metric label. */
function callOf(method: string, url: string): string {
  const path = new URL(url).pathname
    .split('/')
    .map((seg) => (/[\d@%]/.test(seg) || seg.length > 24 ? ':id' : seg))
    .join('/');
  return `${method} ${path}`;
}

function causeOf(err: unknown): ProviderFailureCause {
  const e = err as { name?: string };
  return e.name === 'TimeoutError' || e.name === 'AbortError' ? 'timeout' : 'unreachable';
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/**
 * undici with kept-alive connections per origin, redirects followed as fetch follows them: loaded
 * with the first call over HTTP (the sandbox's providers answer in process and never need it).
 */
let transport: Promise<{ request: typeof import('undici').request; dispatcher: Dispatcher }> | undefined;
const httpTransport = () =>
  (transport ??= import('undici').then(({ Agent, interceptors, request }) => ({
    request,
    dispatcher: new Agent({ keepAliveTimeout: 10_000 }).compose(interceptors.redirect({ maxRedirections: 20 })),
  })));
/** Answers without a body (fetch's null-body statuses). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * The production transport, with fetch's interface: undici's `request`, Node's own HTTP client
 * without the WHATWG fetch layer, which cost about four times its CPU per call here (BENCHMARKS.md).
 * It sends what fetch sent (its default `accept` and `user-agent`, a multipart or other body
 * encoded by fetch's own rules) and answers with a Response. Inside a recorded port call the
 * exchange is reported (exchanges/scope.ts).
 */
export const providerFetch: FetchLike = (url, init) => exchanged(url, init, () => sendOverHttp(url, init));

const sendOverHttp: FetchLike = async (url, init) => {
  let headers = new Headers(init.headers);
  let body: string | Uint8Array | undefined;
  if (typeof init.body === 'string' || init.body instanceof Uint8Array) body = init.body;
  else if (init.body !== undefined && init.body !== null) {
    // FormData, Blob, URLSearchParams: encoded as fetch encodes them, with their content type
    const encoded = new Request(url, { method: init.method, headers, body: init.body });
    body = new Uint8Array(await encoded.arrayBuffer());
    headers = encoded.headers;
  }
  if (!headers.has('accept')) headers.set('accept', '*/*');
  if (!headers.has('user-agent')) headers.set('user-agent', 'node');
  const { request, dispatcher } = await httpTransport();
  const res = await request(url, {
    method: (init.method ?? 'GET') as Dispatcher.HttpMethod,
    headers: Object.fromEntries(headers.entries()),
    body,
    signal: init.signal ?? undefined,
    dispatcher,
  });
  const bytes = await res.body.arrayBuffer();
  const out = new Headers();
  for (const [name, value] of Object.entries(res.headers))
    for (const one of [value ?? []].flat()) out.append(name, one);
  return new Response(NULL_BODY.has(res.statusCode) ? null : bytes, { status: res.statusCode, headers: out });
};

/**
 * Admits one call to `provider` under its rate and daily budget (PROVIDER_LIMITS) for a call that
 * does not go through fetchJson (the applicant's browser posts to an e-sign service's page): it
 * spends the same budget, and a spent budget fails as fetchJson's does (cause `over_budget`).
 */
export async function admitProviderCall(provider: string, call: string): Promise<void> {
  const started = Date.now();
  try {
    await settings.limits?.admit(provider, AbortSignal.timeout(settings.timeouts.defaultMs));
  } catch (err) {
    const cause = err instanceof OverBudgetError ? 'over_budget' : causeOf(err);
    observer(provider, 'failed', (Date.now() - started) / 1000);
    settings.onFailure({ provider, call, cause, elapsedMs: Date.now() - started });
    throw new ProviderError(`${call} not sent: ${cause}`, undefined, undefined, cause);
  }
}

/**
 * Fails as a call over budget would (cause `over_budget`) when the day's budget of `provider` is
 * spent, without spending one: for a step that sends the applicant on to the provider's own page.
 */
export async function checkBudget(provider: string): Promise<void> {
  if (await settings.limits?.spent(provider))
    throw new ProviderError(`${provider}: the day's budget of calls is spent`, undefined, undefined, 'over_budget');
}

export async function fetchJson<T = unknown>(
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: unknown;
    form?: Record<string, string>;
    /** A body in another format (a CSV file, an XML document), sent as it is. */
    text?: { contentType: string; body: string };
    timeoutMs?: number;
    /** The transport: providerFetch in production, the app itself for the in-process sandbox. */
    fetch?: FetchLike;
    /**
     * Checks the answer as received (its exact text and headers: a signature over the body), for
     * every status; throws a ProviderError when it is not genuine.
     */
    verify?: (text: string, headers: Headers) => Promise<void>;
    /** The provider's name in metrics, limits and logs, when the host alone does not say it. */
    provider?: string;
  } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  let body: string | undefined;
  if (init.text) {
    headers['content-type'] = init.text.contentType;
    body = init.text.body;
  } else if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  } else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const provider = init.provider ?? providerOf(url);
  const method = init.method ?? 'GET';
  const timeoutMs = settings.timeouts.byProvider[provider] ?? init.timeoutMs ?? settings.timeouts.defaultMs;
  const started = Date.now();
  const failed = (cause: ProviderFailureCause, status?: number) => {
    observer(provider, 'failed', (Date.now() - started) / 1000);
    settings.onFailure({ provider, call, cause, status, elapsedMs: Date.now() - started });
  };
  let res: Response;
  let text: string;
  const call = callOf(method, url);
  // a call over the provider's rate waits its turn within its own timeout
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    await settings.limits?.admit(provider, signal);
  } catch (err) {
    const cause = err instanceof OverBudgetError ? 'over_budget' : causeOf(err);
    failed(cause);
    throw new ProviderError(`${method} ${new URL(url).pathname} not sent: ${cause}`, undefined, undefined, cause);
  }
  try {
    [res, text] = await inSpan(
      `provider ${provider}`,
      { 'ekyc.provider': provider, 'ekyc.provider.call': call },
      async () => {
        const answer = await (init.fetch ?? providerFetch)(url, {
          method,
          headers,
          body,
          signal,
        });
        return [answer, await answer.text()] as const;
      },
    );
  } catch (err) {
    const cause = causeOf(err);
    failed(cause);
    throw new ProviderError(
      `${method} ${new URL(url).pathname} failed: ${(err as Error).name}`,
      undefined,
      undefined,
      cause,
    );
  }
  if (init.verify)
    await init.verify(text, res.headers).catch((err: unknown) => {
      failed('refused', res.status);
      throw err;
    });
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text for the error
  }
  if (res.ok) observer(provider, 'ok', (Date.now() - started) / 1000);
  else failed(res.status >= 500 ? 'server_error' : 'refused', res.status);
  if (!res.ok)
    throw new ProviderError(
      `${method} ${new URL(url).pathname} answered ${res.status}`,
      res.status,
      parsed,
      res.status >= 500 ? 'server_error' : 'refused',
    );
  return parsed as T;
}

/**
 * A fetch that dispatches into this very app with inject: the sandbox serves each provider's wire
 * format under /sandbox/, and in sandbox mode the production adapter talks to it through this,
 * so going live changes only the base URL and the credentials.
 */
export interface SelfFetch extends FetchLike {
  bind(
    dispatch: (req: {
      method: string;
      url: string;
      headers: Record<string, string>;
      body?: string | Uint8Array;
    }) => Promise<{ statusCode: number; headers: Record<string, unknown>; body: string; rawPayload?: Buffer }>,
  ): void;
}

export const SANDBOX_ORIGIN = 'http://sandbox.internal';

/**
 * Waits for ms, or rejects with the signal's reason when it aborts first (ms = Infinity: never
 * answers; a caller without a signal gets the default provider timeout).
 */
function waitOrAbort(ms: number, given: AbortSignal | null | undefined): Promise<void> {
  const signal = given ?? AbortSignal.timeout(settings.timeouts.defaultMs);
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = Number.isFinite(ms) ? setTimeout(resolve, ms) : undefined;
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });
}

/**
 * The sandbox transport; SANDBOX_FAULTS makes a sandbox provider never answer (timeout), answer
 * 500, answer 500 to every other call (half), refuse connections (unreachable) or answer late
 * (slow), so those paths can be tried. With
 * `providersUrl` (SANDBOX_PROVIDERS_URL) the calls go over HTTP to the sandbox providers' own
 * process instead of into this app.
 */
export function createSelfFetch(faults: Record<string, SandboxFault> = {}, providersUrl?: string): SelfFetch {
  let dispatch: Parameters<SelfFetch['bind']>[0] | null = null;
  /** Calls so far to each provider with the `half` fault: the odd ones fail. */
  const halfCalls = new Map<string, number>();
  const send = async (url: string, init: RequestInit) => {
    const u = new URL(url);
    const name = /^\/sandbox\/([^/]+)/.exec(u.pathname)?.[1] ?? '';
    let fault = faults[name];
    if (fault?.kind === 'half') {
      const n = (halfCalls.get(name) ?? 0) + 1;
      halfCalls.set(name, n);
      fault = n % 2 === 1 ? { kind: '500' } : undefined;
    }
    if (fault?.kind === 'timeout') await waitOrAbort(Infinity, init.signal);
    if (fault?.kind === 'unreachable')
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error(`connect ECONNREFUSED ${u.host}`), { code: 'ECONNREFUSED' }),
      });
    if (fault?.kind === '500')
      return new Response('{"error":"sandbox fault"}', {
        status: 500,
        headers: { 'content-type': 'application/json' },
      });
    if (fault?.kind === 'slow') await waitOrAbort(fault.ms, init.signal);
    if (providersUrl) return sendOverHttp(`${providersUrl}${u.pathname}${u.search}`, init);
    if (!dispatch) throw new ProviderError('sandbox transport is not ready');
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const r = await dispatch({
      method: init.method ?? 'GET',
      url: u.pathname + u.search,
      headers,
      body:
        typeof init.body === 'string'
          ? init.body
          : init.body instanceof Uint8Array
            ? Buffer.from(init.body)
            : undefined,
    });
    const outHeaders = new Headers();
    for (const [k, v] of Object.entries(r.headers)) if (typeof v === 'string') outHeaders.set(k, v);
    return new Response(NULL_BODY.has(r.statusCode) ? null : (r.rawPayload ?? r.body), {
      status: r.statusCode,
      headers: outHeaders,
    });
  };
  const selfFetch = ((url: string, init: RequestInit) => exchanged(url, init, () => send(url, init))) as SelfFetch;
  selfFetch.bind = (d) => {
    dispatch = d;
  };
  return selfFetch;
}
