/**
 * A client recorded as deceased: a supervisor (or an administrator) records it with a note,
 * audited once; the flag stops what the rules table's deceasedStops names: the registrations take
 * no further step, the approval is refused, and the client area refuses sign-in with a clear message
 * (the client's sessions end at once).
 */
import { randomUUID } from 'node:crypto';
import { ruleSetOn } from '@ekyc/contracts/regulation';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACK } from '@ekyc/contracts/acknowledgements';
import { approvedApplicant, panWithDigits, signedSections } from './support/registrations.ts';
import { bearer, latestOtp, reviewerToken, testApp, uniqueMobile } from './support/test-app.ts';

const STAGES_BEFORE_FINAL = [110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210];

let app: FastifyInstance;
let maker: string;
let checker: string;
let supervisor: string;

const bo = (token: string, path: string, payload?: object) =>
  app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/api/v1/backoffice/${path}`,
    headers: bearer(token),
    ...(payload && { payload }),
  });
const data = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;

const client = (path: string, options: { token?: string; body?: object } = {}) =>
  app.inject({
    method: options.body ? 'POST' : 'GET',
    url: `/api/v1/client/${path}`,
    headers: {
      ...(options.token ? bearer(options.token) : {}),
      ...(options.body && { 'idempotency-key': randomUUID().replace(/-/g, '') }),
    },
    ...(options.body && { payload: options.body }),
  });
const signIn = async (mobile: string) => {
  await client('send-otp', { body: { mobile } });
  const res = await client('verify-otp', { body: { mobile, otp: await latestOtp(app, mobile) } });
  return res.json() as { status: boolean; message: string; data: { token?: string; reason?: string } };
};

/** The registrations' steps as the queue would take them, until the case completes (the worker is off here). */
async function runRegistrations(id: string) {
  const { registrations, database } = app.deps;
  for (let round = 0; round < 4 && !(await registrations.summary(id))?.completedAt; round++) {
    const { rows } = (await database.query(
      "select kind from registrations where applicant_id = $1 and status <> 'accepted'",
      [id],
    )) as { rows: { kind: Parameters<typeof registrations.step>[1] }[] };
    for (const { kind } of rows) await registrations.step(id, kind);
    await registrations.step(id, 'activation');
  }
}

const pendingRegistrations = async (id: string) =>
  (
    (await app.deps.database.query(
      "select count(*)::int as n from registrations where applicant_id = $1 and status = 'pending'",
      [id],
    )) as { rows: { n: number }[] }
  ).rows[0]!.n;

beforeAll(async () => {
  app = await testApp({ FOUR_EYES: 'false', REGISTRATIONS_WORKER: 'false', REGISTRATIONS_SANDBOX_DELAY_MS: '0' });
  maker = await reviewerToken(app, `deceased.maker.${Date.now()}@broker.example`, 'reviewer');
  checker = await reviewerToken(app, `deceased.checker.${Date.now()}@broker.example`, 'checker');
  supervisor = await reviewerToken(app, `deceased.supervisor.${Date.now()}@broker.example`, 'supervisor');
}, 120_000);
afterAll(() => app.close());

describe('recording a demise', () => {
  it('closes the client area: the open session ends and sign-in is refused with a clear message', async () => {
    const account = await approvedApplicant(app, { pan: panWithDigits('6201'), reviewer: maker });
    await runRegistrations(account.id);
    expect((await account.status()).status).toBe('Completed');
    const signed = await signIn(account.mobile);
    expect(signed.status).toBe(true);
    const token = signed.data.token!;
    expect((await client('my-account', { token })).statusCode).toBe(200);

    // a reviewer may not record it; a supervisor does, with a note
    expect((await bo(maker, `applications/${account.id}/deceased`, { note: 'KRA demise feed' })).statusCode).toBe(403);
    expect((await bo(supervisor, `applications/${account.id}/deceased`, {})).statusCode).toBe(400);
    const marked = await bo(supervisor, `applications/${account.id}/deceased`, {
      note: 'KRA demise feed of 4 December, death certificate received from the nominee',
    });
    expect(marked.statusCode).toBe(200);
    expect(data<{ stops: string[] }>(marked).stops).toEqual([...ruleSetOn('2026-12-05').values.deceasedStops]);
    expect((await bo(supervisor, `applications/${account.id}/deceased`, { note: 'Again' })).statusCode).toBe(409);

    expect((await client('my-account', { token })).statusCode).toBe(401);
    const refused = await signIn(account.mobile);
    expect(refused).toMatchObject({
      status: false,
      message: ACK.accountHolderDeceased,
      code: 'accountHolderDeceased',
      data: { reason: 'deceased' },
    });

    const view = data<{ deceased: { marked_by: string } | null }>(
      await bo(maker, `applications/${account.id}/screening`),
    );
    expect(view.deceased).not.toBeNull();
    const audit = data<{ entries: { action: string; after: unknown }[] }>(
      await bo(maker, `applications/${account.id}/audit`),
    );
    expect(audit.entries.filter((e) => e.action === 'application.deceased')).toHaveLength(1);
  }, 120_000);

  it('stops the registrations of an approved application: no further step, no retry', async () => {
    const account = await approvedApplicant(app, { pan: panWithDigits('6202'), reviewer: maker });
    const before = await pendingRegistrations(account.id);
    expect(before).toBeGreaterThan(0);
    await bo(supervisor, `applications/${account.id}/deceased`, { note: 'Demise reported by the family' });
    await runRegistrations(account.id);
    expect(await pendingRegistrations(account.id)).toBe(before);
    expect((await account.status()).status).toBe('Approved');
    const [first] = await account.registrations();
    expect((await account.retry(first!.kind)).statusCode).toBe(409);
  }, 120_000);

  it('refuses the approval of an application whose applicant is recorded as deceased', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/sandbox/fixtures/applicant',
      payload: { mobile: uniqueMobile(), stage: 220, sections: signedSections(panWithDigits('6203')) },
    });
    const id = data<{ applicant_id: string }>(res).applicant_id;
    await bo(maker, `applications/${id}/decisions`, {
      decisions: STAGES_BEFORE_FINAL.map((stage) => ({ stage, activity: 'Accept' })),
    });
    await bo(supervisor, `applications/${id}/deceased`, { note: 'Demise reported before the approval' });
    const refused = await bo(checker, `applications/${id}/confirm`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: expect.stringContaining('deceased') });
  });
});
