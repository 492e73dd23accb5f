/**
 * How the journey (full-journey.ts) reaches the API: through Fastify's inject or over HTTP with
 * fetch, one request at a time, redirects not followed; and the reading of a sandbox page's form.
 */

export interface JourneyRequest {
  method: 'GET' | 'POST';
  /** path and query, e.g. /api/v1/ekyc/send-otp */
  url: string;
  headers?: Record<string, string>;
  body?: string;
}
export interface JourneyResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}
/** How the journey reaches the API: one request at a time, redirects not followed. */
export interface JourneyClient {
  request(req: JourneyRequest): Promise<JourneyResponse>;
}

/** Anything with Fastify's inject (kept structural so this file imports nothing). */
interface Injectable {
  inject(opts: {
    method: 'GET' | 'POST';
    url: string;
    headers?: Record<string, string>;
    payload?: string;
  }): Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>;
}

const flatHeaders = (h: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v.join(', ') : String(v)]));

export function injectClient(app: Injectable): JourneyClient {
  return {
    async request(req) {
      const res = await app.inject({ method: req.method, url: req.url, headers: req.headers, payload: req.body });
      return { status: res.statusCode, headers: flatHeaders(res.headers), body: res.body };
    },
  };
}

export function fetchClient(baseUrl: string, timeoutMs = 30_000): JourneyClient {
  return {
    async request(req) {
      const res = await fetch(new URL(req.url, baseUrl), {
        method: req.method,
        headers: req.headers,
        body: req.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const headers: Record<string, string> = {};
      res.headers.forEach((v, k) => (headers[k] = v));
      return { status: res.status, headers, body: await res.text() };
    },
  };
}

export const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The action and hidden fields of the first form (or the form with `id`) in a page. */
export function formOf(html: string, id?: string): { action: string; fields: Record<string, string> } {
  const form = id
    ? new RegExp(`<form[^>]*id="${id}"[\\s\\S]*?</form>`).exec(html)?.[0]
    : /<form[\s\S]*?<\/form>/.exec(html)?.[0];
  if (!form) throw new Error('no form in the page');
  const action = decode(/action="([^"]*)"/.exec(form)?.[1] ?? '');
  const fields: Record<string, string> = {};
  for (const m of form.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(m[0])?.[1];
    const value = /value="([^"]*)"/.exec(m[0])?.[1];
    if (name !== undefined) fields[decode(name)] = decode(value ?? '');
  }
  return { action, fields };
}
