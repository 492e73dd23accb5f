/**
 * A registration whose provider is down (a transient fault: unreachable, timeout, 5xx) is retried
 * by the job queue with a growing delay, and goes through once the provider answers; the request
 * keeps its id, so the depository sees one request.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../src/providers/http.ts';
import { approvedApplicant, panWithDigits, statusOf } from './support/registrations.ts';
import { testApp } from './support/test-app.ts';

// On the shared server-mode database every test app's workers share one queue: the flaky provider
// of this file would not be the only one to see its job.
describe.skipIf(process.env.TEST_DATABASE_URL)('Registrations, transient provider faults', () => {
  let app: FastifyInstance;
  const calls: { at: number; requestId: string }[] = [];
  beforeAll(async () => {
    app = await testApp(
      { REGISTRATIONS_SANDBOX_DELAY_MS: '200' },
      {
        registrars: (configured) => ({
          ...configured,
          depository: {
            kind: configured.depository.kind,
            check: (s, id, ref) => configured.depository.check(s, id, ref),
            submit: async (s, requestId) => {
              calls.push({ at: Date.now(), requestId });
              if (calls.length <= 2)
                throw new ProviderError('POST /bo/harmonised failed: TypeError', undefined, undefined, 'unreachable');
              return configured.depository.submit(s, requestId);
            },
          },
        }),
      },
    );
  }, 120_000);
  afterAll(() => app.close());

  it('retries the BO account with backoff until the depository answers, with one request id', async () => {
    const a = await approvedApplicant(app, { pan: panWithDigits('3141') });
    await expect
      .poll(async () => statusOf(await a.registrations(), 'bo_cdsl'), { timeout: 30_000, interval: 100 })
      .toBe('accepted');
    expect(calls).toHaveLength(3);
    // the same request each time, after a delay that grows (pg-boss retryBackoff from 1 s)
    expect(new Set(calls.map((c) => c.requestId)).size).toBe(1);
    const [first, second, third] = calls.map((c) => c.at);
    expect(second! - first!).toBeGreaterThanOrEqual(900);
    expect(third! - second!).toBeGreaterThanOrEqual(900);
    const bo = (await a.registrations()).find((r) => r.kind === 'bo_cdsl')!;
    expect(bo).toMatchObject({ attempts: 1, last_error: null });
    await expect.poll(async () => (await a.status()).status, { timeout: 20_000, interval: 100 }).toBe('Completed');
  }, 60_000);
});
