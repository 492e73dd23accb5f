/** Provider answers stored under test/fixtures/providers/<provider>/, each naming its published source. */
import { readFileSync } from 'node:fs';
import type { FetchLike } from '../../src/providers/http.ts';

const dir = new URL('../fixtures/providers/', import.meta.url);

export function fixture<T = { source: string; status?: number; body: unknown }>(path: string): T {
  const f = JSON.parse(readFileSync(new URL(path, dir), 'utf8')) as T & { source?: string };
  if (!f.source) throw new Error(`${path} names no source`);
  return f;
}

/** A transport that records each call and answers with the next of the given replies. */
export function replay(...replies: { status?: number; body: unknown; contentType?: string }[]) {
  const calls: { url: string; init: RequestInit; body: string }[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init, body: typeof init.body === 'string' ? init.body : '' });
    const r = replies[Math.min(calls.length - 1, replies.length - 1)]!;
    const text = typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
    return new Response(text, {
      status: r.status ?? 200,
      headers: { 'content-type': r.contentType ?? 'application/json' },
    });
  };
  const header = (i: number, name: string) => new Headers(calls[i]!.init.headers).get(name);
  return { calls, fetch, header };
}
