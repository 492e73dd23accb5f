/**
 * The rate-limit counters: in Redis when it is configured (shared by every process), in this
 * process otherwise. While Redis is unreachable each limit degrades as configured:
 * 'open' lets requests through, 'local' counts in this process alone (each process then allows the
 * limit), 'closed' refuses with 503. A call never waits on an unreachable Redis: its client has no
 * offline queue and a short command timeout.
 */
import type { Redis } from 'ioredis';
import type { RedisDownMode } from '../config.ts';
import { AppError } from '../lib/errors.ts';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

const SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {current, ttl}
`;
const LOCAL_MAX_KEYS = 50_000;

/** Fixed-window counters in memory. */
export class LocalCounters {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly now: () => number = Date.now) {}

  incr(key: string, timeWindow: number): Result {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      if (this.windows.size >= LOCAL_MAX_KEYS)
        for (const [k, v] of this.windows)
          if (v.resetAt <= now || this.windows.size >= LOCAL_MAX_KEYS) this.windows.delete(k);
      w = { count: 0, resetAt: now + timeWindow };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { current: w.count, ttl: w.resetAt - now };
  }
}

interface StoreParams {
  whenRedisDown?: RedisDownMode;
}

/** Builds the store class @fastify/rate-limit instantiates (once, then a child per route limit). */
export function rateLimitStore(options: {
  redis?: Redis;
  nameSpace: string;
  whenRedisDown: RedisDownMode;
  onRedisDown?: () => void;
}) {
  const local = new LocalCounters();
  const redis = options.redis;
  redis?.defineCommand('ekycRateLimit', { numberOfKeys: 1, lua: SCRIPT });
  const run = redis as unknown as
    | { ekycRateLimit(key: string, windowMs: number, cb: (err: Error | null, r?: [number, number]) => void): void }
    | undefined;

  class Store {
    private readonly mode: RedisDownMode;
    constructor(params: object) {
      this.mode = (params as StoreParams).whenRedisDown ?? options.whenRedisDown;
    }

    child(params: object) {
      return new Store({ whenRedisDown: (params as StoreParams).whenRedisDown ?? this.mode });
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number) {
      if (!redis || !run) return cb(null, local.incr(key, timeWindow));
      if (redis.status !== 'ready') return this.degraded(key, cb, timeWindow, max);
      run.ekycRateLimit(options.nameSpace + key, timeWindow, (err, r) => {
        if (err || !r) return this.degraded(key, cb, timeWindow, max);
        cb(null, { current: Number(r[0]), ttl: Number(r[1]) });
      });
    }

    private degraded(key: string, cb: Callback, timeWindow: number, max: number) {
      options.onRedisDown?.();
      if (this.mode === 'local') return cb(null, local.incr(key, timeWindow));
      if (this.mode === 'closed') return cb(new AppError('UNAVAILABLE'));
      return cb(null, { current: Math.min(1, max), ttl: timeWindow });
    }
  }
  return Store;
}
