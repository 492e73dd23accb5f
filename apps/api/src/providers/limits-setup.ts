/**
 * The provider limits of PROVIDER_LIMITS, built once at start-up: the daily budgets are counted in
 * Redis when it is configured (every process spends the same budget), else in this process.
 */
import type { FastifyInstance } from 'fastify';
import { redisClient } from '../lib/redis-client.ts';
import type { Config } from '../config.ts';
import { MemoryDailyCounter, ProviderLimits, RedisDailyCounter } from './limits.ts';

export function providerLimits(app: FastifyInstance, config: Config): ProviderLimits | undefined {
  const limits = config.providerLimits;
  if (Object.keys(limits).length === 0) return undefined;
  const shared = config.redisUrl && Object.values(limits).some((l) => l.perDay !== undefined);
  let counter = new MemoryDailyCounter() as MemoryDailyCounter | RedisDailyCounter;
  if (shared) {
    // no offline queue: while Redis is away a count fails at once and the call goes ahead
    const redis = redisClient(config.redisUrl!, { enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    redis.on('error', () => undefined);
    app.addHook('onClose', async () => void redis.disconnect());
    counter = new RedisDailyCounter(redis, config.redisKeyPrefix);
  }
  return new ProviderLimits(limits, counter, Date.now, (err) =>
    app.log.warn({ err: (err as Error).message }, 'provider budget not counted (Redis unavailable)'),
  );
}
