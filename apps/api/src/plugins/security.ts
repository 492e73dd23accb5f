/** Headers, rate limits and cache rules for every response. */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { redisClient } from '../lib/redis-client.ts';
import { routePath } from '../lib/route-path.ts';
import { rateLimitStore } from './rate-limit-store.ts';

/** Pages post forms to DigiLocker, the e-sign service and the account aggregator: their origins only. */
function formTargets(env: Readonly<Record<string, string | undefined>>): string[] {
  const origins = ['DIGILOCKER_BASE_URL', 'ESIGN_ESP_URL', 'AA_WEBVIEW_URL']
    .map((name) => env[name])
    .flatMap((url) => {
      try {
        return url ? [new URL(url).origin] : [];
      } catch {
        return [];
      }
    });
  return [...new Set(origins)];
}

/**
 * helmet's headers for these options, read once: every directive here is a fixed string, so every
 * response carries the same headers, and setting them as one object costs a fraction of running
 * helmet's middleware chain on each request.
 */
function staticHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const collect = {
    setHeader: (name: string, value: unknown) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => undefined,
  };
  let done = false;
  helmet(options)({} as IncomingMessage, collect as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

/** Paths the general rate limit lets through: the load balancer's and orchestrator's probes. */
export const RATE_LIMIT_EXEMPT: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

export async function registerSecurity(app: FastifyInstance) {
  const { config } = app.deps;
  const headers = staticHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...formTargets(config.providerEnv)],
        frameAncestors: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
  const redis = config.redisUrl
    ? redisClient(config.redisUrl, {
        maxRetriesPerRequest: 0,
        enableOfflineQueue: false,
        commandTimeout: config.redisDown.publishTimeoutMs,
        retryStrategy: (attempt) => Math.min(200 * attempt, 2000),
      })
    : undefined;
  redis?.on('error', () => undefined);
  app.addHook('onClose', async () => redis?.disconnect());
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.perMinute,
    timeWindow: '1 minute',
    // the key is the client address, an IPv6 one cut to its network prefix (a client holds a whole
    // /64 and could rotate through it) and an IPv4-mapped one as IPv4; route limits inherit it
    ipv6Subnet: config.rateLimit.ipv6Prefix,
    // the general limit in this process; the route limits (OTP, staff sign-in) in Redis when
    // configured, degrading as OTP_RATE_LIMIT_WITHOUT_REDIS says while it is unreachable
    store: rateLimitStore({
      redis,
      nameSpace: `${config.redisKeyPrefix}ekyc-rl:`,
      whenRedisDown: config.redisDown.otpRateLimit,
    }),
    skipOnError: false,
    allowList: (req) => RATE_LIMIT_EXEMPT.has(req.url),
  });
  // the route matched, not the raw URL: /%61pi/... is an API reply too
  app.addHook('onSend', async (req, reply, payload) => {
    const path = routePath(req);
    if (path.startsWith('/api/') || path.startsWith('/sandbox/')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
