/**
 * A bank request survives a restart mid-way: the first process confirms it while the depository and
 * the exchanges are away (every modification record fails and waits) and stops carrying it out;
 * the next process on the same database carries it on at start-up until every registry accepted,
 * and the new primary account is then on the client's record. Tests wait for the status, never sleep.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopCarryingOut } from '../src/modules/servicing/carry-out-request.ts';
import { registriesAwayForRequests } from './support/registries-away.ts';
import { clientAreaCalls, type RequestView } from './support/client-area.ts';
import { approvedApplicant, panWithDigits } from './support/registrations.ts';
import { reviewerToken, SHARED_DATABASE_KEYS, testApp } from './support/test-app.ts';

const WAIT = { timeout: 45_000, interval: 100 };
const ENV = { REGISTRATIONS_SANDBOX_DELAY_MS: '300', REGISTRATIONS_WORKER: 'true', ...SHARED_DATABASE_KEYS };

const { away, flaky } = registriesAwayForRequests();

describe('A bank request across a restart', () => {
  let first: FastifyInstance;
  let second: FastifyInstance | undefined;
  beforeAll(async () => {
    first = await testApp(ENV, { registrars: flaky });
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await first.close().catch(() => undefined);
  });

  it('is carried on by the next process once the first stopped with the registries away', async () => {
    const calls = clientAreaCalls(first);
    const maker = await reviewerToken(first, 'bank-restart.maker@broker.example');
    const checker = await reviewerToken(first, 'bank-restart.checker@broker.example', 'checker');
    const client = await approvedApplicant(first, {
      pan: panWithDigits('5454'),
      reviewer: maker,
      email: 'bank-restart.client@example.in',
    });
    await expect.poll(async () => (await client.status()).status, WAIT).toBe('Completed');
    const token = await calls.signIn(client.mobile);
    const drafted = await calls.clientCall<{ request: RequestView }>('POST', 'requests/bank', {
      token,
      body: { accounts: [{ ifsc: 'SBIN0000001', account_number: '000409876543', account_type: 'Saving' }] },
    });
    const request = drafted.body.data.request;
    expect((await calls.esign(token, client.mobile, request.id)).statusCode).toBe(200);
    expect((await calls.staffCall(maker, 'POST', `service-requests/${request.id}/accept`)).statusCode).toBe(200);
    away.now = true;
    const confirmed = await calls.staffCall<{
      request: { status: string; modifications: { status: string }[] };
    }>(checker, 'POST', `service-requests/${request.id}/confirm`);
    expect(confirmed.body.data.request.status).toBe('sent_to_registries');
    expect(confirmed.body.data.request.modifications.map((m) => m.status)).toEqual([
      'pending',
      'pending',
      'pending',
      'pending',
    ]);
    // the old account is still the record's while the registries have not accepted
    expect((await first.deps.records.getSection(client.id, 'bank_obj'))?.account_number).not.toBe('000409876543');

    stopCarryingOut();
    second = await testApp(ENV, { database: first.deps.database });
    away.now = false;
    await second.ready();
    const next = clientAreaCalls(second);
    await expect
      .poll(
        async () =>
          (await next.clientCall<{ request: RequestView }>('GET', `requests/${request.id}`, { token })).body.data
            .request.status,
        WAIT,
      )
      .toBe('done');
    const after = await next.staffCall<{ request: { modifications: { registry: string; status: string }[] } }>(
      checker,
      'GET',
      `service-requests/${request.id}`,
    );
    expect(after.body.data.request.modifications.map((m) => [m.registry, m.status])).toEqual([
      ['bo_cdsl', 'accepted'],
      ['ucc_bse', 'accepted'],
      ['ucc_mcx', 'accepted'],
      ['ucc_nse', 'accepted'],
    ]);
    expect((await second.deps.records.getSection(client.id, 'bank_obj'))?.account_number).toBe('000409876543');
  }, 180_000);
});
