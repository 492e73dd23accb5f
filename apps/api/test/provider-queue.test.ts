/**
 * The queue while every provider of a service has spent its day's budget (PROVIDER_LIMITS): the
 * applicant is not refused but told their place (503, code providerQueue, queue_position,
 * Retry-After); the first in the queue is tried when it asks again, those behind wait without a
 * call, and the places move up as the first are served. A penny drop that waited is not counted
 * against the applicant's day's attempts. The e-sign consent and the PAN check wait the same way,
 * and so do DigiLocker's consent and the liveness module, before the applicant leaves for them.
 */
import path from 'node:path';
import { MSG } from '@ekyc/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { importIfscBranches } from '../src/modules/bank/import-ifsc-branches.ts';
import type { PennyDropService } from '../src/providers/bank-verification/port.ts';
import { configureProviderCalls } from '../src/providers/http.ts';
import { parseProviderLimits, ProviderLimits } from '../src/providers/limits.ts';
import type { PanVerifier } from '../src/providers/pan/port.ts';
import { fixtureApplicant } from './support/bank-applicant.ts';
import { ESIGN_IDENTITY } from './support/esign-applicant.ts';
import { acknowledgedDocuments, call, signUpWithEmail, testApp, uniqueMobile } from './support/test-app.ts';

/**
 * On the embedded database only: the queue is one for every process sharing a database, so on the
 * server-mode suite's shared database the other files' penny drops and e-sign starts would wait
 * behind this file's places.
 */
const shared = Boolean(process.env.TEST_DATABASE_URL);

const LIMITS = 'pan=0/d,bank=0/d,bank-payu=0/d,esign=0/d,esign-alt=0/d,digilocker=0/d,liveness=0/d';

let app: FastifyInstance;
beforeAll(async () => {
  if (shared) return;
  app = await testApp({
    PROVIDER_LIMITS: LIMITS,
    PROVIDER_QUEUE_RETRY_SECONDS: '7',
  });
  await importIfscBranches(app.deps.database, path.join(import.meta.dirname, 'fixtures/ifsc-sample.csv'));
}, 120_000);
afterAll(() => app?.close());

const verify = async (token: string) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/ekyc/bank-verification?is_vpa=false',
    headers: { authorization: `Bearer ${token}` },
    payload: { ifsc: 'HDFC0000001', account_number: '123456789012', account_type: 'Saving' },
  });
  return {
    statusCode: res.statusCode,
    headers: res.headers,
    body: res.json() as { status: boolean; code?: string; data: { queue_position?: number } },
  };
};

const placeOf = (res: Awaited<ReturnType<typeof verify>>) => {
  expect(res.statusCode).toBe(503);
  expect(res.body).toMatchObject({ status: false, code: 'providerQueue', message: MSG.providerQueue });
  expect(res.headers['retry-after']).toBe('7');
  return res.body.data.queue_position;
};

it.skipIf(shared)(
  'penny drops over budget wait in a queue with their places, and are served in turn when the budget frees',
  async () => {
    const first = (await fixtureApplicant(app)).token;
    const second = (await fixtureApplicant(app)).token;
    expect(placeOf(await verify(first))).toBe(1);
    expect(placeOf(await verify(second))).toBe(2);
    // asking again keeps the place; more than the day's five attempts, none of them counted (seven calls, each over budget)
    for (let i = 0; i < 6; i++) expect(placeOf(await verify(first))).toBe(1);

    // the budget frees (the next day): the provider answers again
    const reached: string[] = [];
    const pennyDrop: PennyDropService = {
      verify: async (r) => {
        reached.push(r.accountNumber);
        return { outcome: 'valid', nameAtBank: r.expectedName, reference: 'UTR1', provider: 'bank' };
      },
    };
    const spent = app.deps.bank.pennyDrop;
    app.deps.bank.pennyDrop = pennyDrop;
    try {
      // the second waits behind the first without a call
      expect(placeOf(await verify(second))).toBe(2);
      expect(reached).toHaveLength(0);
      expect((await verify(first)).body).toMatchObject({ status: true });
      // the first served, the second moves up and is served
      expect((await verify(second)).body).toMatchObject({ status: true });
      expect(reached).toHaveLength(2);
    } finally {
      app.deps.bank.pennyDrop = spent;
    }
    const metrics = await app.deps.metrics.registry.metrics();
    expect(metrics).toContain('ekyc_provider_queued_total{service="bank_verification"} 9');
    expect(metrics).toContain(
      'ekyc_provider_choices_total{service="bank_verification",provider="bank-payu",outcome="over_budget"} 7',
    );
  },
);

it.skipIf(shared)('the e-sign consent waits in its own queue while every e-sign service is over budget', async () => {
  const mobile = uniqueMobile();
  const seeded = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: {
      mobile,
      stage: 210,
      sections: {
        ...ESIGN_IDENTITY,
        pan_obj: { ...ESIGN_IDENTITY.pan_obj, pan_number: `ABCPQ${mobile.slice(-4)}K` },
        bank_obj: {
          ifsc: 'HDFC0000001',
          bank_name: 'HDFC Bank',
          account_number: '123456789012',
          account_type: 'Saving',
        },
        nominee_obj: { skip_nominee: true },
        segment_obj: { segment_list: [{ code: 'equity_1', name: 'Equity' }] },
      },
    },
  });
  const { token } = (seeded.json() as { data: { token: string } }).data;
  const initiated = await call<{ epro_id: string }>(app, 'GET', 'esign-initate', { token });
  expect(initiated.body.status).toBe(true);
  const consent = await call<{ queue_position?: number }>(app, 'GET', 'esign-consent', {
    token,
    query: { epro_id: initiated.body.data.epro_id, documents: await acknowledgedDocuments(app) },
  });
  expect(consent.statusCode).toBe(503);
  expect(consent.body).toMatchObject({ code: 'providerQueue', data: { queue_position: 1, retry_after: 7 } });
});

it.skipIf(shared)('PAN checks over budget wait in their own queue and go on to the next step once served', async () => {
  const check = (token: string, pan: string) =>
    call<{ queue_position?: number; full_name?: string; screen?: string }>(app, 'POST', 'pan-validation', {
      token,
      query: { is_ocr: 'false' },
      body: { pan, pan_name: 'SUNITA SHARMA', date_of_birth: '05/06/1985' },
    });
  const first = (await signUpWithEmail(app)).token;
  const second = (await signUpWithEmail(app)).token;
  const waiting = await check(first, 'BCDPS4321K');
  expect(waiting.statusCode).toBe(503);
  expect(waiting.body).toMatchObject({ code: 'providerQueue', data: { queue_position: 1, retry_after: 7 } });
  expect((await check(second, 'BCDPQ4321K')).body).toMatchObject({ data: { queue_position: 2 } });

  // the budget frees: the first is checked and goes on, the second moves up
  const asked: string[] = [];
  const pan: PanVerifier = {
    verify: async (input) => {
      asked.push(input.pan);
      return { found: true, status: 'E', valid: true, nameMatches: true, dobMatches: true, aadhaarSeeding: 'Y' };
    },
  };
  const spent = app.deps.pan;
  app.deps.pan = pan;
  try {
    expect((await check(second, 'BCDPQ4321K')).body).toMatchObject({ data: { queue_position: 2 } });
    expect(asked).toEqual([]);
    const served = await check(first, 'BCDPS4321K');
    expect(served.body).toMatchObject({ status: true, data: { full_name: 'SUNITA SHARMA' } });
    expect((await check(second, 'BCDPQ4321K')).body).toMatchObject({ status: true });
    expect(asked).toEqual(['BCDPS4321K', 'BCDPQ4321K']);
  } finally {
    app.deps.pan = spent;
  }
  expect(await app.deps.metrics.registry.metrics()).toContain('ekyc_provider_queued_total{service="pan_validation"} 3');
});

it.skipIf(shared)(
  "DigiLocker's consent and the liveness module wait in queues of their own, and send the applicant on once served",
  async () => {
    const at = async (stage: number) => {
      const res = await app.inject({
        method: 'POST',
        url: '/sandbox/fixtures/applicant',
        payload: { mobile: uniqueMobile(), stage },
      });
      return (res.json() as { data: { token: string } }).data.token;
    };
    type Place = { queue_position?: number; data?: { url: string }; module_url?: string };
    const locker = (token: string) => call<Place>(app, 'GET', 'initilize-digilocker', { token });
    const liveness = (token: string) => call<Place>(app, 'GET', 'get-hypervege-token', { token });
    const [firstLocker, secondLocker, firstSelfie, secondSelfie] = [
      await at(140),
      await at(140),
      await at(200),
      await at(200),
    ];

    const waiting = await locker(firstLocker);
    expect(waiting.statusCode).toBe(503);
    expect(waiting.body).toMatchObject({ code: 'providerQueue', data: { queue_position: 1, retry_after: 7 } });
    expect((await locker(secondLocker)).body).toMatchObject({ data: { queue_position: 2 } });
    expect((await liveness(firstSelfie)).body).toMatchObject({ code: 'providerQueue', data: { queue_position: 1 } });
    expect((await liveness(secondSelfie)).body).toMatchObject({ data: { queue_position: 2 } });

    // the budgets free (the next day): each first in line is sent on, then the one behind it
    configureProviderCalls({ limits: new ProviderLimits(parseProviderLimits('pan=0/d')) });
    try {
      expect((await locker(secondLocker)).body).toMatchObject({ data: { queue_position: 2 } });
      const sent = await locker(firstLocker);
      expect(sent.body).toMatchObject({ status: true });
      // DigiLocker's consent page, where the applicant goes now
      expect(sent.body.data.data?.url).toContain('/sandbox/digilocker/');
      expect((await locker(secondLocker)).body).toMatchObject({ status: true });
      expect((await liveness(firstSelfie)).body).toMatchObject({
        status: true,
        data: { module_url: expect.any(String) },
      });
      expect((await liveness(secondSelfie)).body).toMatchObject({ status: true });
    } finally {
      configureProviderCalls({ limits: new ProviderLimits(parseProviderLimits(LIMITS)) });
    }
    const metrics = await app.deps.metrics.registry.metrics();
    expect(metrics).toContain('ekyc_provider_queued_total{service="digilocker"} 3');
    expect(metrics).toContain('ekyc_provider_queued_total{service="liveness"} 2');
  },
);
