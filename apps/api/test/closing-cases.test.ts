/**
 * Closing cases: a final rejection with a coded reason, told to the applicant
 * in their language on the status page and by SMS and email, freeing the PAN; the expiry of a
 * send-back left unanswered, with a reminder before it; a supervisor's reopening.
 */
import { MSG } from '@ekyc/contracts/messages';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../src/db/raw.ts';
import { panTakenBy } from '../src/modules/pan/pan-holders.ts';
import { panWithDigits, signedSections } from './support/registrations.ts';
import { bearer, call, reviewerToken, testApp, uniqueMobile } from './support/test-app.ts';

const DAY_MS = 86_400_000;

let app: FastifyInstance;
let maker: string;
let checker: string;
let supervisor: string;
let pans = 5000;

const bo = (token: string, path: string, payload?: object) =>
  app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/api/v1/backoffice/${path}`,
    headers: bearer(token),
    ...(payload && { payload }),
  });
const data = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;
const outbox = async (to: string) =>
  (await app.inject({ url: `/sandbox/outbox?to=${to}` })).json() as { channel: string; text: string }[];

interface Status {
  status: string;
  text: string;
  retry_screen: string | null;
  closure?: { kind: string; code: string; texts: Record<string, string> | null } | null;
}

async function signedApplication(pan = panWithDigits(String(pans++))) {
  const mobile = uniqueMobile();
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile, stage: 220, sections: signedSections(pan) },
  });
  const { applicant_id: id, token } = data<{ applicant_id: string; token: string }>(res);
  return { id, token, mobile, pan };
}
/** An application still being filled in, past its PAN: not signed. */
async function unsignedApplication(pan: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile: uniqueMobile(), stage: 160, sections: { pan_obj: signedSections(pan).pan_obj } },
  });
  return { id: data<{ applicant_id: string }>(res).applicant_id };
}
const statusOf = async (token: string) => (await call<Status>(app, 'GET', 'get-application-status', { token })).body;

beforeAll(async () => {
  app = await testApp({ FOUR_EYES: 'true', SEND_BACK_EXPIRY_DAYS: '15', SEND_BACK_REMINDER_DAYS: '3,1' });
  maker = await reviewerToken(app, `maker.close.${Date.now()}@broker.example`, 'reviewer');
  checker = await reviewerToken(app, `checker.close.${Date.now()}@broker.example`, 'checker');
  supervisor = await reviewerToken(app, `supervisor.close.${Date.now()}@broker.example`, 'supervisor');
}, 120_000);
afterAll(() => app.close());

describe('final rejection', () => {
  it('closes the application with its coded reason, tells the applicant in Hindi and frees the PAN', async () => {
    const first = await signedApplication();
    await app.deps.records.setLanguage(first.id, 'hi');
    const third = await unsignedApplication(first.pan);
    // the first, signed, holds the PAN: another application cannot go on with it
    expect(await panTakenBy(app.deps, third.id, first.pan)).toBe(first.id);

    const closed = await bo(maker, `applications/${first.id}/close`, {
      code: 'DOCUMENTS_NOT_GENUINE',
      note: 'Aadhaar photo tampered',
    });
    expect(closed.statusCode).toBe(200);
    expect(data<{ status: string }>(closed).status).toBe('Closed');

    const status = await statusOf(first.token);
    expect(status.data).toMatchObject({
      status: 'Closed',
      text: MSG.statusClosed,
      retry_screen: null,
      closure: { kind: 'rejected', code: 'DOCUMENTS_NOT_GENUINE' },
    });
    expect(status.data.closure!.texts!.hi).toBe('आपके जमा किए गए दस्तावेज़ों को वास्तविक के रूप में सत्यापित नहीं किया जा सका');
    const [sms] = await outbox(first.mobile);
    expect(sms?.channel).toBe('sms');
    expect(sms?.text).toContain('हमने आपका खाता आवेदन बंद कर दिया है');
    const [mail] = await outbox(`fixture${first.mobile}@example.com`);
    expect(mail?.text).toContain('आपके जमा किए गए दस्तावेज़ों');

    // closed, it holds the PAN no more
    expect(await panTakenBy(app.deps, third.id, first.pan)).toBeNull();
    // the staff note stays with the staff
    const notes = data<{ notes: { kind: string; note: string }[] }>(await bo(maker, `applications/${first.id}/notes`));
    expect(notes.notes).toContainEqual(expect.objectContaining({ kind: 'closure', note: 'Aadhaar photo tampered' }));
    expect(JSON.stringify(status)).not.toContain('tampered');
    // the queue shows it closed, and no decision lands on it
    const queue = data<{ items: { id: string; status: string }[] }>(
      await bo(maker, `applications?status=Closed`),
    ).items;
    expect(queue.find((i) => i.id === first.id)?.status).toBe('Closed');
    const decision = await bo(maker, `applications/${first.id}/decisions`, {
      decisions: [{ stage: 130, activity: 'Accept' }],
    });
    expect(decision.statusCode).toBe(409);
  });

  it('takes only a closing reason: an unknown code or a send-back reason answers 400 naming the code', async () => {
    const { id } = await signedApplication();
    for (const code of ['NO_SUCH_REASON', 'PAN_NAME_MISMATCH']) {
      const res = await bo(maker, `applications/${id}/close`, { code });
      expect(res.statusCode).toBe(400);
      expect(data<{ field: string }>(res).field).toBe('code');
    }
    const missing = await bo(maker, `applications/${id}/close`, {});
    expect(missing.statusCode).toBe(400);
    expect(data<{ field: string }>(missing).field).toBe('code');
  });

  it('refuses to close an approved application', async () => {
    const { id } = await signedApplication();
    await bo(maker, `applications/${id}/decisions`, {
      decisions: [110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210].map((stage) => ({
        stage,
        activity: 'Accept',
      })),
    });
    expect((await bo(checker, `applications/${id}/confirm`, {})).statusCode).toBe(200);
    expect((await bo(maker, `applications/${id}/close`, { code: 'NOT_ELIGIBLE' })).statusCode).toBe(409);
  });
});

describe('reopening', () => {
  it('is a supervisor’s, with a note: the application is under review again and holds its PAN again', async () => {
    const first = await signedApplication();
    const second = await unsignedApplication(first.pan);
    expect((await bo(maker, `applications/${first.id}/close`, { code: 'NOT_ELIGIBLE' })).statusCode).toBe(200);
    expect((await bo(maker, `applications/${first.id}/reopen`, { note: 'Eligible after all' })).statusCode).toBe(403);
    const noNote = await bo(supervisor, `applications/${first.id}/reopen`, {});
    expect(noNote.statusCode).toBe(400);
    expect(data<{ field: string }>(noNote).field).toBe('note');

    const reopened = await bo(supervisor, `applications/${first.id}/reopen`, { note: 'Eligible after all' });
    expect(reopened.statusCode).toBe(200);
    expect(data<{ status: string }>(reopened).status).toBe('Pending');
    expect((await statusOf(first.token)).data).toMatchObject({ status: 'Pending', text: MSG.statusUnderReview });
    expect(await panTakenBy(app.deps, second.id, first.pan)).toBe(first.id);
    expect((await bo(supervisor, `applications/${first.id}/reopen`, { note: 'Again' })).statusCode).toBe(409);
  });

  it('holds its PAN again whatever order the PAN sections were committed in', async () => {
    // one application's PAN indexed first (another's check catches the index up)...
    const earlier = await signedApplication();
    expect(await panTakenBy(app.deps, (await unsignedApplication(earlier.pan)).id, earlier.pan)).toBe(earlier.id);
    // ...then a section stamped before it becomes visible, as one whose transaction started first
    // and committed after does (a section's time is its transaction's start, not its commit)
    const first = await signedApplication();
    await query(
      app.deps.database.db,
      sql`update applicant_sections set updated_at = (
        select updated_at - interval '1 second' from applicant_sections where applicant_id = ${earlier.id}::uuid
          and name = 'pan_obj') where applicant_id = ${first.id}::uuid and name = 'pan_obj'`,
    );
    const second = await unsignedApplication(first.pan);
    expect((await bo(maker, `applications/${first.id}/close`, { code: 'NOT_ELIGIBLE' })).statusCode).toBe(200);
    expect(await panTakenBy(app.deps, second.id, first.pan)).toBeNull();
    expect((await bo(supervisor, `applications/${first.id}/reopen`, { note: 'Eligible after all' })).statusCode).toBe(
      200,
    );
    expect(await panTakenBy(app.deps, second.id, first.pan)).toBe(first.id);
  });
});

describe('expiry of a send-back', () => {
  it('reminds the applicant before, then closes it as expired; a reopening restarts the clock', async () => {
    const { id, token, mobile } = await signedApplication();
    const sent = await bo(maker, `applications/${id}/decisions`, {
      decisions: [{ stage: 160, activity: 'Reject', code: 'BANK_PROOF_UNCLEAR' }],
    });
    expect(sent.statusCode).toBe(200);
    const before = (await outbox(mobile)).length;
    const at = (days: number) => new Date(Date.now() + days * DAY_MS);

    // 13 days on: two days left, the three-day reminder goes out once
    await app.deps.sendBackExpiry.sweep(at(13));
    await app.deps.sendBackExpiry.sweep(at(13));
    const reminders = (await outbox(mobile)).slice(0, (await outbox(mobile)).length - before);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toMatch(/waiting for your correction/);
    expect((await statusOf(token)).data.status).toBe('Rejected');

    // 15 days and an hour on: closed as expired
    await app.deps.sendBackExpiry.sweep(at(15.05));
    const status = await statusOf(token);
    expect(status.data).toMatchObject({ status: 'Closed', closure: { kind: 'expired', code: 'SEND_BACK_EXPIRED' } });
    expect(status.data.closure!.texts!.en).toBe('The corrections we asked for were not made in time');
    expect((await outbox(mobile))[0]!.text).toMatch(/closed your account application/);

    // the supervisor reopens it: sent back again, and the clock starts at the reopening
    const reopened = await bo(supervisor, `applications/${id}/reopen`, { note: 'Applicant called: needs a week' });
    expect(reopened.json()).toMatchObject({ status: true, data: { status: 'Rejected' } });
    expect((await statusOf(token)).data).toMatchObject({ status: 'Rejected', retry_screen: '/bank-and-segment' });
    await app.deps.sendBackExpiry.sweep(at(1));
    expect((await statusOf(token)).data.status).toBe('Rejected');
  });
});
