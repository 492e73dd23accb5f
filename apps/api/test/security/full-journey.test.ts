/** The full journey driver itself: a fresh applicant reaches the status screen through every step. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { JOURNEY_STEPS, runFullJourney, type CallTiming } from '../support/full-journey.ts';
import { injectClient } from '../support/journey-client.ts';
import { journeyAssets } from '../support/journey-assets.ts';
import { testApp } from '../support/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ SANDBOX_SKIP_HEAVY_CHECKS: 'true' });
}, 180_000);
afterAll(() => app.close());

it('takes a fresh applicant from the mobile OTP to the application status', { timeout: 120_000 }, async () => {
  const calls: CallTiming[] = [];
  const steps: string[] = [];
  const started = performance.now();
  const result = await runFullJourney(injectClient(app), {
    assets: await journeyAssets(),
    onCall: (c) => calls.push(c),
    onStep: (s) => steps.push(s),
  });
  expect(steps).toEqual(JOURNEY_STEPS);
  expect(result.stage).toBe(220);
  expect(result.finalStatus).toMatchObject({ status: true, data: { status: 'Pending' } });
  expect(calls.every((c) => c.status < 500)).toBe(true);
  console.log(
    `full journey: ${calls.length} calls in ${Math.round(performance.now() - started)} ms, stage ${result.stage}`,
  );
});
