/**
 * Per-provider limits (PROVIDER_LIMITS) for a surge: a call over a provider's rate waits its turn,
 * first come first served, and goes when its turn comes (not an error); a call that waits past its
 * own timeout fails as a timeout; a call over the day's budget is not sent and fails at once as
 * `over_budget` (the steps' fallback paths treat it as the provider being away), and the budget
 * starts again on India's next calendar day.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { configureProviderCalls, fetchJson, ProviderError, type ProviderFailure } from '../src/providers/http.ts';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  istDay,
  OverBudgetError,
  parseProviderLimits,
  ProviderLimits,
  RedisDailyCounter,
} from '../src/providers/limits.ts';

describe('PROVIDER_LIMITS', () => {
  it('reads rates and daily budgets per provider, and refuses a malformed setting naming it', () => {
    expect(parseProviderLimits('msg91=50/s:200000/d,pan=20/s,esign=5000/d')).toEqual({
      msg91: { perSecond: 50, perDay: 200000 },
      pan: { perSecond: 20 },
      esign: { perDay: 5000 },
    });
    expect(loadConfig({ PROVIDER_LIMITS: 'pan=3/s:10/d' }).providerLimits).toEqual({
      pan: { perSecond: 3, perDay: 10 },
    });
    expect(() => loadConfig({ PROVIDER_LIMITS: 'pan=fast' })).toThrow(/PROVIDER_LIMITS/);
  });
});

describe('a provider over its rate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('queues the calls over the rate and lets them go in order as the rate allows', async () => {
    const limits = new ProviderLimits({ pan: { perSecond: 2 } });
    const went: number[] = [];
    const calls = [0, 1, 2, 3, 4].map((i) => limits.admit('pan').then(() => went.push(i)));
    await vi.advanceTimersByTimeAsync(0);
    expect(went).toEqual([0, 1]);
    expect(limits.waiting('pan')).toBe(3);
    await vi.advanceTimersByTimeAsync(500);
    expect(went).toEqual([0, 1, 2]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(went).toEqual([0, 1, 2, 3, 4]);
    await Promise.all(calls);
    expect(limits.waiting('pan')).toBe(0);
    // another provider is not held up by this one's queue
    await expect(limits.admit('kra')).resolves.toBeUndefined();
  });

  it('a call whose own timeout ends while it waits fails, and leaves the queue', async () => {
    const limits = new ProviderLimits({ pan: { perSecond: 1 } });
    await limits.admit('pan');
    const timeout = new AbortController();
    const waiting = limits.admit('pan', timeout.signal);
    const next = limits.admit('pan');
    expect(limits.waiting('pan')).toBe(2);
    timeout.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    await expect(waiting).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(limits.waiting('pan')).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(next).resolves.toBeUndefined();
  });
});

// on Redis (the server-mode suite): processes share one day's budget of a provider
describe.skipIf(!process.env.TEST_REDIS_URL)('two processes spending one budget in Redis', () => {
  it('refuse the call past the budget whichever process makes it', async () => {
    const prefix = `limits-test:${randomUUID()}:`;
    const connections = [new Redis(process.env.TEST_REDIS_URL!), new Redis(process.env.TEST_REDIS_URL!)];
    try {
      const now = () => Date.parse('2026-12-04T10:00:00Z');
      const [a, b] = connections.map(
        (redis) => new ProviderLimits({ esign: { perDay: 3 } }, new RedisDailyCounter(redis, prefix), now),
      );
      await a!.admit('esign');
      await b!.admit('esign');
      await a!.admit('esign');
      // each process made at most two calls: alone, either would have one left
      await expect(b!.admit('esign')).rejects.toBeInstanceOf(OverBudgetError);
      await expect(a!.admit('esign')).rejects.toBeInstanceOf(OverBudgetError);
      // either process sees the budget spent without spending a call (DigiLocker's consent asks so)
      expect([await a!.spent('esign'), await b!.spent('esign')]).toEqual([true, true]);
      // the day's key expires by itself, after the day is over
      const ttl = await connections[0]!.ttl(`${prefix}provider-budget:esign:2026-12-04`);
      expect(ttl).toBeGreaterThan(86_400);
    } finally {
      connections.forEach((c) => c.disconnect());
    }
  });
});

describe('a provider over its daily budget', () => {
  it('refuses the calls past the budget until India’s next day', async () => {
    let now = Date.parse('2026-12-04T18:00:00Z'); // 23:30 in India
    const limits = new ProviderLimits({ esign: { perDay: 2 } }, undefined, () => now);
    await limits.admit('esign');
    // asking whether it is spent spends nothing
    expect(await limits.spent('esign')).toBe(false);
    expect(await limits.spent('esign')).toBe(false);
    await limits.admit('esign');
    expect(await limits.spent('esign')).toBe(true);
    await expect(limits.admit('esign')).rejects.toBeInstanceOf(OverBudgetError);
    // a provider without a budget is never spent
    expect(await limits.spent('pan')).toBe(false);
    now = Date.parse('2026-12-04T18:31:00Z'); // 00:01 on the 5th in India
    expect(istDay(now)).toBe('2026-12-05');
    expect(await limits.spent('esign')).toBe(false);
    await expect(limits.admit('esign')).resolves.toBeUndefined();
  });

  it('a provider call over budget is not sent and fails as over_budget, counted and logged as a failure', async () => {
    const failures: ProviderFailure[] = [];
    let sent = 0;
    const fetch = async () => {
      sent += 1;
      return new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } });
    };
    configureProviderCalls({
      limits: new ProviderLimits({ pan: { perDay: 1 } }),
      onFailure: (f) => failures.push(f),
    });
    try {
      await expect(fetchJson('http://sandbox.internal/sandbox/pan/verify', { fetch })).resolves.toEqual({ ok: true });
      const refused = await fetchJson('http://sandbox.internal/sandbox/pan/verify', { fetch }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ProviderError);
      expect((refused as ProviderError).reason).toBe('over_budget');
      expect(sent).toBe(1);
      expect(failures).toMatchObject([{ provider: 'pan', cause: 'over_budget' }]);
    } finally {
      configureProviderCalls({ limits: undefined, onFailure: () => undefined });
    }
  });
});
