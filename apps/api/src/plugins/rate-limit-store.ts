/**
 * The rate-limit counters. The general per-client limit is counted in this process: it costs no
 * round trip, and behind a load balancer spreading requests over N processes a client gets up to N
 * times the limit, which is still a flood guard. The limits set on a route (OTP sends and checks per
 * client and per mobile number, staff sign-in) must hold across processes: they are counted in Redis
 * when it is configured. While Redis is unreachable each of those degrades as configured: 'open'
 * lets requests through, 'local' counts in this process alone (each process then allows the limit),
 * 'closed' refuses with 503. A call never waits on an unreachable Redis: its client has no offline
 * queue and a short command timeout.
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
  /** @fastify/rate-limit's route group: its routes share one counter (the key carries the group). */
  groupId?: string;
  routeInfo?: { method?: string | string[]; url?: string };
}

/** Where a route limit counts: its group's, or its route's own counter. */
function scopeOf(params: StoreParams): string {
  if (params.groupId) return 'group';
  const { method, url } = params.routeInfo ?? {};
  return url ? `${[method ?? ''].flat().join(',')} ${url}` : 'limit';
}

/** Builds the store class @fastify/rate-limit instantiates (once, then a child per route limit). */
export function rateLimitStore(options: {
  redis?: Redis;
  nameSpace: string;
  /** The route limits' behaviour while Redis is unreachable, unless a route says otherwise. */
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
    /** null: the general limit, in this process; otherwise the route limit's counter name. */
    private readonly scope: string | null;

    constructor(params: object, scope: string | null = null) {
      this.mode = (params as StoreParams).whenRedisDown ?? options.whenRedisDown;
      this.scope = scope;
    }

    child(params: object) {
      const p = params as StoreParams;
      return new Store({ whenRedisDown: p.whenRedisDown ?? this.mode }, scopeOf(p));
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number) {
      if (this.scope === null) return cb(null, local.incr(`general:${key}`, timeWindow));
      const scoped = `${this.scope}:${key}`;
      if (!redis || !run) return cb(null, local.incr(scoped, timeWindow));
      if (redis.status !== 'ready') return this.degraded(scoped, cb, timeWindow, max);
      run.ekycRateLimit(options.nameSpace + scoped, timeWindow, (err, r) => {
        if (err || !r) return this.degraded(scoped, cb, timeWindow, max);
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
