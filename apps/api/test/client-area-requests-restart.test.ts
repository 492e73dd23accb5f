/**
 * A change of address, of e-mail, of segments and a re-KYC survive a restart mid-way: the first
 * process confirms each while the KRA, the depository and the exchanges are away (every modification
 * record fails and waits) and stops carrying them out; the next process on the same database carries
 * them on at start-up until every registry accepted, and the record then holds the change. One
 * client and one restart for the four kinds (a completed account is the slow part). Tests wait for
 * the status, never sleep.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopCarryingOut } from '../src/modules/servicing/carry-out-request.ts';
import { registriesAwayForRequests } from './support/registries-away.ts';
import { clientAreaCalls, type RequestView } from './support/client-area.ts';
import { formOf, postForm } from './support/esign-flow.ts';
import { approvedApplicant, panWithDigits } from './support/registrations.ts';
import { latestOtp, reviewerToken, SHARED_DATABASE_KEYS, testApp } from './support/test-app.ts';

const WAIT = { timeout: 45_000, interval: 100 };
const ENV = { REGISTRATIONS_SANDBOX_DELAY_MS: '300', REGISTRATIONS_WORKER: 'true', ...SHARED_DATABASE_KEYS };
const NEW_EMAIL = `requests-restart.${Date.now()}@example.in`;
const CLIENT_EMAIL = `requests-restart.client.${Date.now()}@example.in`;

const { away, flaky } = registriesAwayForRequests({ kra: true });

/** DigiLocker's consent page (the sandbox's) allowed: the code and state it returns with. */
async function digilockerReturn(app: FastifyInstance, url: string) {
  const authorize = new URL(url, 'http://local.invalid');
  const params = Object.fromEntries(authorize.searchParams);
  const consent = formOf((await postForm(app, authorize.pathname, params)).body);
  const back = await postForm(app, consent.action, { ...params, ...consent.fields, decision: 'allow' });
  const returned = new URL(back.headers.location!, 'http://local.invalid').searchParams;
  return { code: returned.get('code') ?? '', state: returned.get('state') ?? '' };
}

type Modifications = { request: { status: string; modifications: { registry: string; status: string }[] } };

describe('Address, contact, segment and re-KYC requests across a restart', () => {
  let first: FastifyInstance;
  let second: FastifyInstance | undefined;
  let client: Awaited<ReturnType<typeof approvedApplicant>>;
  let token: string;
  let checker: string;
  const ids: Record<'address' | 'contact' | 'segments' | 'rekyc', string> = {
    address: '',
    contact: '',
    segments: '',
    rekyc: '',
  };
  const pendingAt: Record<string, string[]> = {};

  beforeAll(async () => {
    first = await testApp(ENV, { registrars: flaky });
    const calls = clientAreaCalls(first);
    const maker = await reviewerToken(first, 'requests-restart.maker@broker.example');
    checker = await reviewerToken(first, 'requests-restart.checker@broker.example', 'checker');
    // PAN digits 3333: the sandbox KRA holds the KYC (003), so a re-KYC is asked for
    client = await approvedApplicant(first, {
      pan: panWithDigits('3333'),
      reviewer: maker,
      email: CLIENT_EMAIL,
    });
    // the registrations complete the account (the poll's own interval; the hook's timeout bounds it)
    while ((await client.status()).status !== 'Completed') await new Promise((r) => setTimeout(r, 200));
    token = await calls.signIn(client.mobile);
    const draft = async (path: string, body?: object) =>
      (await calls.clientCall<{ request: RequestView; url: string }>('POST', path, { token, body })).body.data;

    const addressPage = await draft('requests/address/digilocker');
    ids.address = (
      await draft('requests/address', { source: 'digilocker', ...(await digilockerReturn(first, addressPage.url)) })
    ).request.id;
    await calls.clientCall('POST', 'requests/contact/otp', { token, body: { field: 'email', value: NEW_EMAIL } });
    ids.contact = (
      await draft('requests/contact', {
        field: 'email',
        value: NEW_EMAIL,
        otp_old: await latestOtp(first, CLIENT_EMAIL),
        otp_new: await latestOtp(first, NEW_EMAIL),
      })
    ).request.id;
    ids.segments = (await draft('requests/segments', { deactivate: ['commodity_derivatives_1'] })).request.id;
    const rekyc = await draft('requests/rekyc');
    ids.rekyc = rekyc.request.id;
    await calls.clientCall('POST', `requests/${ids.rekyc}/digilocker`, {
      token,
      body: await digilockerReturn(first, rekyc.url),
    });

    for (const id of Object.values(ids)) {
      expect((await calls.esign(token, client.mobile, id)).statusCode).toBe(200);
      expect((await calls.staffCall(maker, 'POST', `service-requests/${id}/accept`)).statusCode).toBe(200);
    }
    away.now = true;
    for (const [kind, id] of Object.entries(ids)) {
      const confirmed = await calls.staffCall<Modifications>(checker, 'POST', `service-requests/${id}/confirm`);
      expect(confirmed.body.data.request.status).toBe('sent_to_registries');
      pendingAt[kind] = confirmed.body.data.request.modifications.map((m) => m.status);
    }
    // the first process stops carrying them on (as a process that ends does: its checks are timers)
    stopCarryingOut();
    // the next process on the same database, with the registries back: only its start-up carries them on
    second = await testApp(ENV, { database: first.deps.database });
    away.now = false;
    await second.ready();
  }, 300_000);
  afterAll(async () => {
    await second?.close();
    await first.close().catch(() => undefined);
  });

  /** The request's registries once it is done, as the second process answers them. */
  async function doneAt(id: string) {
    const next = clientAreaCalls(second!);
    await expect
      .poll(
        async () =>
          (await next.clientCall<{ request: RequestView }>('GET', `requests/${id}`, { token })).body.data.request
            .status,
        WAIT,
      )
      .toBe('done');
    const after = await next.staffCall<Modifications>(checker, 'GET', `service-requests/${id}`);
    return after.body.data.request.modifications.map((m) => [m.registry, m.status]);
  }

  it('carries on a change of address at the KRA, the depository and the exchanges', async () => {
    expect(pendingAt.address).toEqual(['pending', 'pending', 'pending', 'pending', 'pending']);
    expect(await doneAt(ids.address)).toEqual([
      ['bo_cdsl', 'accepted'],
      ['kra', 'accepted'],
      ['ucc_bse', 'accepted'],
      ['ucc_mcx', 'accepted'],
      ['ucc_nse', 'accepted'],
    ]);
    const address = await second!.deps.records.getSection(client.id, '_address');
    expect(address).toMatchObject({ source: 'digilocker' });
  });

  it('carries on a change of e-mail, and the record holds the new e-mail', async () => {
    expect(pendingAt.contact).toEqual(['pending', 'pending', 'pending', 'pending', 'pending']);
    expect((await doneAt(ids.contact)).map(([, status]) => status)).toEqual(Array(5).fill('accepted'));
    expect((await second!.deps.records.get(client.id)).email).toBe(NEW_EMAIL);
  });

  it('carries on a segment stopped at the exchanges', async () => {
    expect(pendingAt.segments).toEqual(['pending', 'pending', 'pending']);
    expect(await doneAt(ids.segments)).toEqual([
      ['ucc_bse', 'accepted'],
      ['ucc_mcx', 'accepted'],
      ['ucc_nse', 'accepted'],
    ]);
  });

  it('carries on a re-KYC at the KRA', async () => {
    expect(pendingAt.rekyc).toEqual(['pending']);
    expect(await doneAt(ids.rekyc)).toEqual([['kra', 'accepted']]);
  });
});
