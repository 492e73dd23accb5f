/** Headers, rate limits and cache rules for every response. */
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

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
  await app.register(helmet, {
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
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  redis?.on('error', () => undefined);
  app.addHook('onClose', async () => redis?.disconnect());
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.perMinute,
    timeWindow: '1 minute',
    nameSpace: 'ekyc-rl:',
    ...(redis && { redis }),
    skipOnError: true,
    allowList: (req) => req.url === '/healthz' || req.url === '/readyz',
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/') || req.url.startsWith('/sandbox/')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
