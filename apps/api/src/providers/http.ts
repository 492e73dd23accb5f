/** The one HTTP client of the production adapters: JSON in and out, a timeout, no retries hidden here. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

type CallObserver = (provider: string, outcome: 'ok' | 'failed') => void;
let observer: CallObserver = () => undefined;
/** Metrics see every provider call and its outcome. */
export const observeProviderCalls = (fn: CallObserver) => {
  observer = fn;
};

/** A provider's label: the sandbox capability, or the production host. */
function providerOf(url: string): string {
  const u = new URL(url);
  const m = /^\/sandbox\/([^/]+)/.exec(u.pathname);
  return m ? m[1]! : u.hostname;
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export async function fetchJson<T = unknown>(
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: unknown;
    form?: Record<string, string>;
    timeoutMs?: number;
    /** The transport: global fetch in production, the app itself for the in-process sandbox. */
    fetch?: FetchLike;
  } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  let body: string | undefined;
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  } else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const provider = providerOf(url);
  let res: Response;
  try {
    res = await (init.fetch ?? fetch)(url, {
      method: init.method ?? 'GET',
      headers,
      body,
      signal: AbortSignal.timeout(init.timeoutMs ?? 10_000),
    });
  } catch (err) {
    observer(provider, 'failed');
    throw new ProviderError(`${init.method ?? 'GET'} ${new URL(url).pathname} failed: ${(err as Error).name}`);
  }
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text for the error
  }
  observer(provider, res.ok ? 'ok' : 'failed');
  if (!res.ok)
    throw new ProviderError(
      `${init.method ?? 'GET'} ${new URL(url).pathname} answered ${res.status}`,
      res.status,
      parsed,
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
      body?: string;
    }) => Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>,
  ): void;
}

export const SANDBOX_ORIGIN = 'http://sandbox.internal';

export function createSelfFetch(): SelfFetch {
  let dispatch: Parameters<SelfFetch['bind']>[0] | null = null;
  const selfFetch = (async (url: string, init: RequestInit) => {
    if (!dispatch) throw new ProviderError('sandbox transport is not ready');
    const u = new URL(url);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const r = await dispatch({
      method: init.method ?? 'GET',
      url: u.pathname + u.search,
      headers,
      body: typeof init.body === 'string' ? init.body : undefined,
    });
    const outHeaders = new Headers();
    for (const [k, v] of Object.entries(r.headers)) if (typeof v === 'string') outHeaders.set(k, v);
    return new Response(r.body, { status: r.statusCode, headers: outHeaders });
  }) as SelfFetch;
  selfFetch.bind = (d) => {
    dispatch = d;
  };
  return selfFetch;
}
