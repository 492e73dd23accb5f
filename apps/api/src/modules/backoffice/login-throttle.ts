/**
 * Staff sign-in throttling per account (keyed by a keyed hash of the email, known or not, so the
 * answer never tells which emails exist). Each attempt is counted as a failure before the password
 * is checked, atomically, so parallel guesses cannot pass the lockout; a right password clears the
 * count. After a wrong password the next attempt waits STAFF_LOGIN_DELAY_SECONDS, doubled after each
 * (at most a minute; a few sign-ins at once from the same account are not held up); the
 * STAFF_LOGIN_MAX_FAILURES-th attempt locks the account for STAFF_LOGIN_LOCKOUT_SECONDS unless its
 * password is right (an admin can lift it sooner). With REDIS_URL the counts are shared by every process; without it
 * (or while Redis is unreachable) each process counts in memory. A lockout of a known account is
 * also kept in PostgreSQL (`LockoutKeeper`), so that it holds while Redis is unreachable, in every
 * process, even one that never saw it happen.
 */
import type { Redis } from 'ioredis';
import { redisClient } from '../../lib/redis-client.ts';
import type { Config } from '../../config.ts';
import type { Hasher } from '../../lib/crypto.ts';

export type LoginGate =
  /** go ahead and check the password; `locksOnFailure` when a wrong one locks the account */
  { allowed: true; locksOnFailure: boolean } | { allowed: false; locked: boolean; retryAfterSeconds: number };

interface Policy {
  maxFailures: number;
  lockoutMs: number;
  delayMs: number;
}

const DELAY_CAP_MS = 60_000;
const normalise = (email: string) => email.trim().toLowerCase();
const delayAfter = (failures: number, p: Policy) =>
  p.delayMs > 0 ? Math.min(p.delayMs * 2 ** Math.max(0, failures - 1), DELAY_CAP_MS) : 0;

interface Store {
  /** Counts an attempt if one is allowed now: [allowed, wait ms, failures, locked until]. */
  attempt(key: string, now: number, p: Policy): Promise<[number, number, number, number]>;
  /** A wrong password: the next attempt waits. */
  failed(key: string, now: number, p: Policy): Promise<void>;
  lockedUntil(key: string, now: number): Promise<number>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

interface Entry {
  failures: number;
  next: number;
  locked: number;
  last: number;
}

class MemoryStore implements Store {
  private readonly entries = new Map<string, Entry>();

  private current(key: string, now: number, p?: Policy): Entry {
    const e = this.entries.get(key);
    const expired = e && ((e.locked > 0 && e.locked <= now) || (p && e.locked === 0 && now - e.last > p.lockoutMs));
    if (!e || expired) return { failures: 0, next: 0, locked: 0, last: now };
    return e;
  }

  async attempt(key: string, now: number, p: Policy): Promise<[number, number, number, number]> {
    const e = this.current(key, now, p);
    if (e.locked > now) return [0, e.locked - now, e.failures, e.locked];
    if (e.next > now) return [0, e.next - now, e.failures, 0];
    const failures = e.failures + 1;
    const locked = failures >= p.maxFailures ? now + p.lockoutMs : 0;
    this.entries.set(key, { failures, next: e.next, locked, last: now });
    if (this.entries.size > 100_000) this.prune(now, p);
    return [1, 0, failures, locked];
  }

  async failed(key: string, now: number, p: Policy): Promise<void> {
    const e = this.entries.get(key);
    if (e) e.next = now + delayAfter(e.failures, p);
  }

  private prune(now: number, p: Policy) {
    for (const [key, e] of this.entries)
      if ((e.locked > 0 && e.locked <= now) || (e.locked === 0 && now - e.last > p.lockoutMs)) this.entries.delete(key);
  }

  async lockedUntil(key: string, now: number): Promise<number> {
    const e = this.current(key, now);
    return e.locked > now ? e.locked : 0;
  }

  async clear(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async close(): Promise<void> {}
}

/** The same rules as MemoryStore, in one Lua script so that every process counts atomically. */
const ATTEMPT_SCRIPT = `
local now = tonumber(ARGV[1])
local maxFailures = tonumber(ARGV[2])
local lockoutMs = tonumber(ARGV[3])
local delayMs = tonumber(ARGV[4])
local capMs = tonumber(ARGV[5])
local s = redis.call('HMGET', KEYS[1], 'failures', 'next', 'locked', 'last')
local failures = tonumber(s[1]) or 0
local nextAt = tonumber(s[2]) or 0
local locked = tonumber(s[3]) or 0
local last = tonumber(s[4]) or now
if (locked > 0 and locked <= now) or (locked == 0 and now - last > lockoutMs) then
  failures = 0; nextAt = 0; locked = 0
end
if locked > now then return {0, locked - now, failures, locked} end
if nextAt > now then return {0, nextAt - now, failures, 0} end
failures = failures + 1
if failures >= maxFailures then locked = now + lockoutMs end
redis.call('HSET', KEYS[1], 'failures', failures, 'next', nextAt, 'locked', locked, 'last', now)
redis.call('PEXPIRE', KEYS[1], lockoutMs + capMs)
return {1, 0, failures, locked}
`;

class RedisStore implements Store {
  private readonly redis: Redis;
  constructor(
    url: string,
    private readonly fallback: MemoryStore,
    private readonly prefix: string,
  ) {
    this.redis = redisClient(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
    this.redis.on('error', () => undefined);
  }

  private async run<T>(redis: () => Promise<T>, memory: () => Promise<T>): Promise<T> {
    try {
      if (this.redis.status === 'wait') await this.redis.connect();
      return await redis();
    } catch {
      // Redis unreachable: this process keeps counting on its own until it is back
      return memory();
    }
  }

  attempt(key: string, now: number, p: Policy) {
    return this.run(
      async () => {
        const r = (await this.redis.eval(
          ATTEMPT_SCRIPT,
          1,
          `${this.prefix}ekyc-staff-login:${key}`,
          now,
          p.maxFailures,
          p.lockoutMs,
          p.delayMs,
          DELAY_CAP_MS,
        )) as number[];
        return r.map(Number) as [number, number, number, number];
      },
      () => this.fallback.attempt(key, now, p),
    );
  }

  failed(key: string, now: number, p: Policy) {
    return this.run(
      async () => {
        const failures = Number((await this.redis.hget(`${this.prefix}ekyc-staff-login:${key}`, 'failures')) ?? 0);
        if (failures > 0)
          await this.redis.hset(`${this.prefix}ekyc-staff-login:${key}`, 'next', now + delayAfter(failures, p));
      },
      () => this.fallback.failed(key, now, p),
    );
  }

  lockedUntil(key: string, now: number) {
    return this.run(
      async () => {
        const locked = Number((await this.redis.hget(`${this.prefix}ekyc-staff-login:${key}`, 'locked')) ?? 0);
        return locked > now ? locked : 0;
      },
      () => this.fallback.lockedUntil(key, now),
    );
  }

  async clear(key: string) {
    await this.fallback.clear(key);
    await this.run(
      async () => void (await this.redis.del(`${this.prefix}ekyc-staff-login:${key}`)),
      async () => undefined,
    );
  }

  async close() {
    this.redis.disconnect();
  }
}

/** Where lockouts of known accounts are kept beside the counts (the staff table); by email. */
export interface LockoutKeeper {
  lockedUntil(email: string): Promise<number>;
  keep(email: string, until: number | null): Promise<void>;
}

export class StaffLoginThrottle {
  private readonly store: Store;
  private readonly policy: Policy;

  constructor(
    config: Pick<Config, 'staffLogin' | 'redisUrl' | 'redisKeyPrefix'>,
    private readonly hasher: Hasher,
    private readonly now: () => number = Date.now,
    private readonly keeper: LockoutKeeper | null = null,
  ) {
    const memory = new MemoryStore();
    this.store = config.redisUrl ? new RedisStore(config.redisUrl, memory, config.redisKeyPrefix) : memory;
    this.policy = {
      maxFailures: config.staffLogin.maxFailures,
      lockoutMs: config.staffLogin.lockoutSeconds * 1000,
      delayMs: config.staffLogin.delaySeconds * 1000,
    };
  }

  private key(email: string) {
    return this.hasher.hash('staff-login', normalise(email));
  }

  /** Before the password is checked: may this attempt go ahead? (It is counted as a failure until `succeeded`.) */
  async begin(email: string): Promise<LoginGate> {
    const now = this.now();
    const kept = (await this.keeper?.lockedUntil(normalise(email))) ?? 0;
    if (kept > now)
      return { allowed: false, locked: true, retryAfterSeconds: Math.max(1, Math.ceil((kept - now) / 1000)) };
    const [allowed, waitMs, , locked] = await this.store.attempt(this.key(email), now, this.policy);
    if (!allowed)
      return { allowed: false, locked: locked > 0, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    // kept before the password is checked: a right one lifts it again (`succeeded`)
    if (locked > 0) await this.keeper?.keep(normalise(email), locked);
    return { allowed: true, locksOnFailure: locked > 0 };
  }

  /** The password was wrong: the next attempt waits. */
  async failed(email: string): Promise<void> {
    await this.store.failed(this.key(email), this.now(), this.policy);
  }

  async succeeded(email: string): Promise<void> {
    await this.store.clear(this.key(email));
    await this.keeper?.keep(normalise(email), null);
  }

  /** When the account's lockout ends, or null when it is not locked. */
  async lockedUntil(email: string): Promise<Date | null> {
    const now = this.now();
    const kept = (await this.keeper?.lockedUntil(normalise(email))) ?? 0;
    const until = Math.max(await this.store.lockedUntil(this.key(email), now), kept > now ? kept : 0);
    return until ? new Date(until) : null;
  }

  /** An admin lifts a lockout (and forgets the failures). */
  async unlock(email: string): Promise<void> {
    await this.store.clear(this.key(email));
    await this.keeper?.keep(normalise(email), null);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
