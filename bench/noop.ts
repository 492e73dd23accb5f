/** The ceiling of the server: a bare route (GET /healthz) through every global hook, with autocannon. */
import autocannon from 'autocannon';
import { type Section, table } from './lib.ts';

export async function noopCeiling(
  baseUrl: string,
  seconds = 10,
  connections = 50,
): Promise<{ rps: number; p99: number }> {
  const result = await autocannon({ url: `${baseUrl}/healthz`, connections, duration: seconds, pipelining: 1 });
  return { rps: result.requests.average, p99: result.latency.p99 };
}

export async function noopSection(baseUrl: string): Promise<Section> {
  const r = await noopCeiling(baseUrl);
  console.log(`no-op ceiling: ${r.rps.toFixed(0)} req/s`);
  return {
    title: 'Ceiling of a bare route',
    body: `\`GET /healthz\` (no database work; security headers, metrics and idempotency hooks; exempt from the rate limit like the other health checks), 50 connections for 10 s with autocannon, embedded mode.\n\n${table(['requests/s', 'p99 latency'], [[r.rps.toFixed(0), `${r.p99} ms`]])}`,
  };
}
