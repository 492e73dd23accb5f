/**
 * Per-provider limits for a surge (an IPO day): a rate (calls a second, per process) and a daily
 * budget (calls a day, India time, shared by every process through Redis when it is configured).
 * A call over the rate waits its turn in a first-come queue instead of failing; it fails only when
 * its own timeout ends first (cause `timeout`). A call over the day's budget is not sent: it fails
 * at once with cause `over_budget`, which the steps treat as the provider being away (the fallback
 * path or the try-again message), and counts in `ekyc_provider_failures_total{cause="over_budget"}`.
 */
import type { Redis } from 'ioredis';

export interface ProviderLimit {
  /** Calls a second in this process (a token bucket of this size, refilled continuously). */
  perSecond?: number;
  /** Calls a day across processes (India's calendar day). */
  perDay?: number;
}

/** "pan=20/s,msg91=50/s:200000/d,esign=5000/d" → limits by provider name. */
export function parseProviderLimits(value: string): Record<string, ProviderLimit> {
  const limits: Record<string, ProviderLimit> = {};
  for (const entry of value.split(',').filter(Boolean)) {
    const [name, spec] = entry.split('=') as [string, string];
    const limit: ProviderLimit = {};
    for (const part of spec.split(':')) {
      const m = /^(\d+)\/(s|d)$/.exec(part);
      if (!m) throw new Error(`invalid provider limit "${entry}"`);
      if (m[2] === 's') limit.perSecond = Number(m[1]);
      else limit.perDay = Number(m[1]);
    }
    limits[name] = limit;
  }
  return limits;
}

/** Counts a provider's calls of a day; resolves to the count including this one. */
export interface DailyCounter {
  increment(provider: string, day: string): Promise<number>;
  /** The count so far, without counting a call. */
  read(provider: string, day: string): Promise<number>;
}

export class MemoryDailyCounter implements DailyCounter {
  private readonly counts = new Map<string, number>();
  async increment(provider: string, day: string) {
    const key = `${provider}:${day}`;
    const n = (this.counts.get(key) ?? 0) + 1;
    // yesterday's counts are not needed any more
    for (const k of this.counts.keys()) if (!k.endsWith(`:${day}`)) this.counts.delete(k);
    this.counts.set(key, n);
    return n;
  }
  async read(provider: string, day: string) {
    return this.counts.get(`${provider}:${day}`) ?? 0;
  }
}

/** One counter for every process: INCR on a key per provider and day, kept two days. */
export class RedisDailyCounter implements DailyCounter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}
  async increment(provider: string, day: string) {
    const key = `${this.prefix}provider-budget:${provider}:${day}`;
    const [[, n]] = (await this.redis
      .multi()
      .incr(key)
      .expire(key, 2 * 86_400)
      .exec()) as [[null, number], unknown];
    return n;
  }
  async read(provider: string, day: string) {
    return Number((await this.redis.get(`${this.prefix}provider-budget:${provider}:${day}`)) ?? 0);
  }
}

export class OverBudgetError extends Error {
  constructor(readonly provider: string) {
    super(`${provider}: the day's budget of calls is spent`);
  }
}

/** India's calendar day (UTC+5:30) of a moment: budgets reset at midnight IST. */
export const istDay = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 10);

interface Bucket {
  tokens: number;
  at: number;
  waiting: { resolve: () => void; reject: (err: unknown) => void; signal?: AbortSignal }[];
  timer: NodeJS.Timeout | null;
}

export class ProviderLimits {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly limits: Record<string, ProviderLimit>,
    private readonly counter: DailyCounter = new MemoryDailyCounter(),
    private readonly now: () => number = Date.now,
    /** Told when the shared counter cannot be reached: the call goes ahead (a budget is not worth an outage). */
    private readonly onCounterError: (err: unknown) => void = () => undefined,
  ) {}

  /** How many calls wait for their turn at `provider` in this process. */
  waiting(provider: string): number {
    return this.buckets.get(provider)?.waiting.length ?? 0;
  }

  /**
   * Resolves when the call may go: within the day's budget and its turn under the rate. Rejects
   * with OverBudgetError, or with the signal's reason when the caller's timeout ends first.
   */
  async admit(provider: string, signal?: AbortSignal): Promise<void> {
    const limit = this.limits[provider];
    if (!limit) return;
    if (limit.perDay !== undefined) {
      let n = 0;
      try {
        n = await this.counter.increment(provider, istDay(this.now()));
      } catch (err) {
        this.onCounterError(err);
      }
      if (n > limit.perDay) throw new OverBudgetError(provider);
    }
    if (limit.perSecond !== undefined) await this.turn(provider, limit.perSecond, signal);
  }

  /**
   * Whether the day's budget of `provider` is spent, without spending a call: a step that sends the
   * applicant to the provider (DigiLocker's consent) asks before they go. An unreadable counter
   * says not spent, as admit() lets the call go.
   */
  async spent(provider: string): Promise<boolean> {
    const perDay = this.limits[provider]?.perDay;
    if (perDay === undefined) return false;
    try {
      return (await this.counter.read(provider, istDay(this.now()))) >= perDay;
    } catch (err) {
      this.onCounterError(err);
      return false;
    }
  }

  private turn(provider: string, perSecond: number, signal?: AbortSignal): Promise<void> {
    let bucket = this.buckets.get(provider);
    if (!bucket) {
      bucket = { tokens: perSecond, at: this.now(), waiting: [], timer: null };
      this.buckets.set(provider, bucket);
    }
    this.refill(bucket, perSecond);
    if (bucket.waiting.length === 0 && bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason as Error);
      const entry = { resolve, reject, signal };
      bucket.waiting.push(entry);
      signal?.addEventListener('abort', () => {
        const i = bucket.waiting.indexOf(entry);
        if (i >= 0) bucket.waiting.splice(i, 1);
        reject(signal.reason as Error);
      });
      this.schedule(bucket, perSecond);
    });
  }

  private refill(bucket: Bucket, perSecond: number) {
    const now = this.now();
    bucket.tokens = Math.min(perSecond, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
  }

  /** Lets the first in the queue go as soon as a token is there, then the next. */
  private schedule(bucket: Bucket, perSecond: number) {
    if (bucket.timer) return;
    const release = () => {
      bucket.timer = null;
      this.refill(bucket, perSecond);
      while (bucket.tokens >= 1 && bucket.waiting.length > 0) {
        bucket.tokens -= 1;
        bucket.waiting.shift()!.resolve();
      }
      if (bucket.waiting.length > 0) this.schedule(bucket, perSecond);
    };
    bucket.timer = setTimeout(release, Math.ceil(((1 - bucket.tokens) / perSecond) * 1000));
  }
}
