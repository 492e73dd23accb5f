/** Headers, rate limits and cache rules for every response. */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { Redis } from 'ioredis';
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

export async function registerSecurity(app: FastifyInstance) {
  const { config } = app.deps;
  // Built once: the security headers are the same for every response (a per-request build would
  // re-parse the policy on every call).
  const headers = helmet({
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
  app.addHook('onRequest', (req, reply, done) => headers(req.raw, reply.raw, (err) => done(err as Error | undefined)));
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
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
    // the general limit in this process; the route limits (OTP, staff sign-in) in Redis when
    // configured, degrading as OTP_RATE_LIMIT_WITHOUT_REDIS says while it is unreachable
    store: rateLimitStore({
      redis,
      nameSpace: `${config.redisKeyPrefix}ekyc-rl:`,
      whenRedisDown: config.redisDown.otpRateLimit,
    }),
    skipOnError: false,
    allowList: (req) => req.url === '/healthz' || req.url === '/readyz',
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/') || req.url.startsWith('/sandbox/')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
