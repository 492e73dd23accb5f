/**
 * A client's request survives a restart mid-way: the first process confirms a nomination while the
 * depository and the exchanges are away (every modification record fails and waits), and stops
 * carrying it out; the next process on the same database carries it on at start-up until every
 * registry accepted and the request is done. Tests wait for the status, never sleep.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopCarryingOut } from '../src/modules/servicing/carry-out-request.ts';
import { registriesAwayForRequests } from './support/registries-away.ts';
import { formOf, postForm } from './support/esign-flow.ts';
import { approvedApplicant, panWithDigits } from './support/registrations.ts';
import { bearer, latestOtp, reviewerToken, SHARED_DATABASE_KEYS, testApp } from './support/test-app.ts';

const WAIT = { timeout: 45_000, interval: 100 };
// both processes read the rows the other wrote: one key pair, as processes of one deployment share
const ENV = { REGISTRATIONS_SANDBOX_DELAY_MS: '300', REGISTRATIONS_WORKER: 'true', ...SHARED_DATABASE_KEYS };

const { away, flaky } = registriesAwayForRequests();

describe('A client request across a restart', () => {
  let first: FastifyInstance;
  let second: FastifyInstance | undefined;
  beforeAll(async () => {
    first = await testApp(ENV, { registrars: flaky });
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await first.close().catch(() => undefined);
  });

  const clientCall = async <T>(
    app: FastifyInstance,
    method: 'GET' | 'POST',
    path: string,
    token?: string,
    body?: object,
  ) => {
    const res = await app.inject({
      method,
      url: `/api/v1/client/${path}`,
      headers: {
        ...(token ? bearer(token) : {}),
        ...(method === 'POST' && { 'idempotency-key': randomUUID().replace(/-/g, '') }),
      },
      ...(body && { payload: body }),
    });
    return res.json() as { status: boolean; data: T };
  };

  it('is carried on by the next process once the first stopped with the registries away', async () => {
    const maker = await reviewerToken(first, 'restart.maker@broker.example');
    const checker = await reviewerToken(first, 'restart.checker@broker.example', 'checker');
    const client = await approvedApplicant(first, {
      pan: panWithDigits('5252'),
      reviewer: maker,
      email: 'restart.client@example.in',
    });
    await expect.poll(async () => (await client.status()).status, WAIT).toBe('Completed');
    await clientCall(first, 'POST', 'send-otp', undefined, { mobile: client.mobile });
    const token = (
      await clientCall<{ token: string }>(first, 'POST', 'verify-otp', undefined, {
        mobile: client.mobile,
        otp: await latestOtp(first, client.mobile),
      })
    ).data.token;

    const { request } = (
      await clientCall<{ request: { id: string } }>(first, 'POST', 'requests/nomination', token, {
        opt_out: false,
        nominees: [{ first_name: 'Meera Verma', nominee_relation: 'Spouse' }],
      })
    ).data;
    const esign = await clientCall<{ api_response: string }>(first, 'POST', `requests/${request.id}/esign`, token);
    const asp = formOf(esign.data.api_response);
    const espTxn = formOf((await postForm(first, asp.action, asp.fields)).body).fields.espTxn!;
    const signed = await postForm(first, '/sandbox/esign/esp/otp', {
      espTxn,
      otp: await latestOtp(first, client.mobile),
      action: 'sign',
    });
    const response = formOf(signed.body, 'esp-response');
    expect((await postForm(first, response.action, response.fields)).statusCode).toBe(200);

    const staff = (app: FastifyInstance, who: string, path: string, method: 'GET' | 'POST' = 'POST') =>
      app.inject({ method, url: `/api/v1/backoffice/service-requests/${request.id}${path}`, headers: bearer(who) });
    expect((await staff(first, maker, '/accept')).statusCode).toBe(200);
    away.now = true;
    const confirmed = (await staff(first, checker, '/confirm')).json() as {
      data: { request: { status: string; modifications: { registry: string; status: string }[] } };
    };
    // sent, and every registry's record waits: the registries were away
    expect(confirmed.data.request.status).toBe('sent_to_registries');
    expect(confirmed.data.request.modifications.map((m) => m.status)).toEqual([
      'pending',
      'pending',
      'pending',
      'pending',
    ]);

    // the first process stops carrying it on (as a process that ends does: its checks are timers)
    stopCarryingOut();
    // the next process on the same database, with the registries back: only its start-up carries it on
    second = await testApp(ENV, { database: first.deps.database });
    away.now = false;
    await second.ready();
    await expect
      .poll(
        async () =>
          (await clientCall<{ request: { status: string } }>(second!, 'GET', `requests/${request.id}`, token)).data
            .request.status,
        WAIT,
      )
      .toBe('done');
    const after = (await staff(second, checker, '', 'GET')).json() as {
      data: { request: { modifications: { registry: string; status: string }[] } };
    };
    expect(after.data.request.modifications.map((m) => [m.registry, m.status])).toEqual([
      ['bo_cdsl', 'accepted'],
      ['ucc_bse', 'accepted'],
      ['ucc_mcx', 'accepted'],
      ['ucc_nse', 'accepted'],
    ]);
  }, 180_000);
});
