/**
 * One synthetic applicant's whole API journey, with the same driver the crash and canary tests
 * use (apps/api/test/support/full-journey.ts): every call a browser makes, timed by the client.
 * The client speaks HTTP/1.1 over kept-alive connections with node:http, the cheapest client
 * Node has: it shares the two cores with the server, so its own cost is kept small.
 */
import { Agent, request } from 'node:http';
import { runFullJourney } from '../apps/api/test/support/full-journey.ts';
import { newApplicant } from '../apps/api/test/support/journey-applicant.ts';
import { type JourneyClient } from '../apps/api/test/support/journey-client.ts';
import { journeyAssets } from '../apps/api/test/support/journey-assets.ts';

export type CallTimer = (name: string, ms: number) => void;

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

/** Calls made so far: with several processes, spread per request takes the next one each time. */
let calls = 0;

/**
 * A client for one process, or for several taking turns call by call (a load balancer without
 * affinity); with `providersUrl`, the sandbox pages (/sandbox/) are the providers' process's.
 */
function httpClient(baseUrls: string[], providersUrl?: string, timeoutMs = 30_000): JourneyClient {
  const bases = baseUrls.map((u) => new URL(u));
  const providers = providersUrl ? new URL(providersUrl) : null;
  return {
    request: (req) =>
      new Promise((resolve, reject) => {
        const base = providers && req.url.startsWith('/sandbox/') ? providers : bases[calls++ % bases.length]!;
        const r = request(
          {
            agent,
            host: base.hostname,
            port: base.port,
            method: req.method,
            path: req.url,
            headers: {
              ...req.headers,
              ...(req.body !== undefined && { 'content-length': Buffer.byteLength(req.body) }),
            },
            timeout: timeoutMs,
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const headers: Record<string, string> = {};
              for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = String(v);
              resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('utf8') });
            });
            res.on('error', reject);
          },
        );
        r.on('timeout', () => r.destroy(new Error('timed out')));
        r.on('error', reject);
        r.end(req.body);
      }),
  };
}

let assets: Awaited<ReturnType<typeof journeyAssets>> | null = null;

/**
 * One applicant's journey against one process, or spread call by call over several; the sandbox
 * pages on `providersUrl` when the sandbox providers run in a process of their own.
 */
export async function runJourney(baseUrl: string | string[], seed: string, timer: CallTimer, providersUrl?: string) {
  assets ??= await journeyAssets();
  const result = await runFullJourney(httpClient(typeof baseUrl === 'string' ? [baseUrl] : baseUrl, providersUrl), {
    applicant: newApplicant(seed),
    assets,
    onCall: (t) => timer(`${t.method} ${t.path.replace('/api/v1/ekyc/', '')}`, t.ms),
  });
  if (result.stage !== 220) throw new Error(`journey ended at stage ${result.stage}`);
  return result;
}
