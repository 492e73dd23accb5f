/**
 * CONTRACT.md "After the applicant signs" and the sandbox table: once approved, the exchange UCC,
 * BO account, KRA upload and CKYC run in the sandbox; Completed ("Your Account is Active.") comes
 * with the client code and the BO id, and the welcome email is in the outbox. PAN digits 7777: the
 * exchange rejects the UCC once, a retry from the back office is accepted; 6666: the KRA holds the
 * upload once (03 with a reason), a retry is accepted. Tests wait for the status, never sleep.
 */
import { MSG } from '@ekyc/contracts/messages';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_DOCUMENTS } from '@ekyc/contracts/calls/broker-documents';
import { UCC_PAN_MISMATCH } from '../src/sandbox/registrations/routes.ts';
import { approvedApplicant, panWithDigits, statusOf } from './support/registrations.ts';
import { bearer, call, latestOtp, reviewerToken, testApp, uniqueMobile } from './support/test-app.ts';

// the registrations' completion, waited for; a busy machine stretches it well past its usual seconds
const WAIT = { timeout: 45_000, interval: 100 };
type Message = {
  channel: string;
  to: string;
  text: string;
  attachments: { filename: string; content_type: string; size: number }[];
};

/** An applicant's own e-mail: the outbox is read by recipient (on the server-mode database other files fill its newest 100). */
const uniqueEmail = () => `outcomes.${uniqueMobile()}@example.in`;

describe('Registrations after approval, sandbox outcomes', () => {
  let app: FastifyInstance;
  /** The messages to these recipients, newest first. */
  const outboxOf = async (...recipients: string[]) =>
    (
      await Promise.all(
        recipients.map(
          async (to) => (await app.inject({ url: `/sandbox/outbox?to=${encodeURIComponent(to)}` })).json() as Message[],
        ),
      )
    ).flat();
  let reviewer: string;
  let checker: string;
  beforeAll(async () => {
    app = await testApp({ REGISTRATIONS_SANDBOX_DELAY_MS: '300', REGISTRATIONS_WORKER: 'true' });
    reviewer = await reviewerToken(app, 'registrations.outcomes@broker.example');
    checker = await reviewerToken(app, 'registrations.checker@broker.example', 'checker');
  }, 120_000);
  /** The checker's approval of a correction the reviewer proposed (four eyes). */
  const approve = (id: string, correction: string) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/backoffice/applications/${id}/registrations/corrections/${correction}/approve`,
      headers: bearer(checker),
    });
  afterAll(() => app.close());

  it('turns an approved application Completed with client code and BO id, and sends the welcome email', async () => {
    const email = uniqueEmail();
    const a = await approvedApplicant(app, { pan: panWithDigits('4321'), email, reviewer });
    expect((await a.status()).status).toBe('Approved');
    await expect.poll(async () => (await a.status()).status, WAIT).toBe('Completed');
    const done = await a.status();
    expect(done.text).toBe(MSG.statusActive);
    expect(done.client_code).toMatch(/^EK[A-Z2-9]{8}$/);
    expect(done.bo_id).toMatch(/^\d{16}$/);
    expect(done.segments.map((s) => s.code)).toEqual(['equity_1', 'commodity_derivatives_1']);
    expect(done.segments[0]!.trading_from).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

    // every registration the application needs: UCC at NSE, BSE (equity) and MCX (commodity), BO, KRA, CKYC
    await expect.poll(async () => (await a.registrations()).every((r) => r.status === 'accepted'), WAIT).toBe(true);
    const list = await a.registrations();
    expect(list.map((r) => r.kind).sort()).toEqual(['bo_cdsl', 'ckyc', 'kra', 'ucc_bse', 'ucc_mcx', 'ucc_nse']);
    expect(list.find((r) => r.kind === 'bo_cdsl')!.reference).toBe(done.bo_id);
    expect(list.find((r) => r.kind === 'ucc_nse')!.reference).toBe(done.client_code);
    expect(list.find((r) => r.kind === 'ckyc')!.reference).toMatch(/^\d{14}$/);
    expect(list.every((r) => r.attempts === 1 || r.kind === 'ckyc')).toBe(true);
    await expect.poll(async () => (await a.status()).ckyc?.status, WAIT).toBe('accepted');

    const outbox = await outboxOf(email);
    const welcome = outbox.find((m) => m.channel === 'email' && m.text.includes(done.client_code!));
    expect(welcome?.text).toContain(done.bo_id!);
    expect(welcome?.text).toContain('Most Important Terms and Conditions');
    expect(welcome?.text).toContain('Risk Disclosure Document');
    // the kit goes as PDF attachments (the fixture applicant has no signed form stored: welcome-kit.test.ts)
    expect(welcome?.attachments.map((a) => a.filename)).toEqual(KIT_DOCUMENTS.map((d) => `${d.key}.pdf`));
    expect(welcome?.attachments.every((a) => a.content_type === 'application/pdf' && a.size > 1000)).toBe(true);
  }, 60_000);

  it('finishes an activation a stopped process left half-done: the welcome not yet delivered goes out, once', async () => {
    const email = uniqueEmail();
    const a = await approvedApplicant(app, { pan: panWithDigits('4322'), email, reviewer });
    const db = app.deps.database.db;
    const activated = async () =>
      (
        (await db.execute(
          sql`select welcome_sent_at is not null as done from registration_cases where applicant_id = ${a.id}`,
        )) as unknown as { rows: { done: boolean }[] }
      ).rows[0]?.done;
    await expect.poll(activated, WAIT).toBe(true);
    const welcomes = async () => {
      const { client_code: code } = await a.status();
      const outbox = await outboxOf(email, a.mobile);
      const mine = outbox.filter((m) => m.text.includes(code!));
      return {
        email: mine.filter((m) => m.channel === 'email').length,
        sms: mine.filter((m) => m.channel === 'sms').length,
      };
    };
    expect(await welcomes()).toEqual({ email: 1, sms: 1 });

    // as a process killed after the email went out and before the SMS leaves it
    await db.execute(
      sql`delete from registration_evidence where applicant_id = ${a.id} and kind = 'welcome' and request_id = 'welcome-sms'`,
    );
    await db.execute(sql`update registration_cases set welcome_sent_at = null where applicant_id = ${a.id}`);
    // the next process's start
    await app.deps.registrations.resume();
    await expect.poll(activated, WAIT).toBe(true);
    expect(await welcomes()).toEqual({ email: 1, sms: 2 });
    expect((await a.status()).status).toBe('Completed');
  }, 60_000);

  it('7777: the exchange rejects the UCC once; a retry from the back office is accepted', async () => {
    const a = await approvedApplicant(app, { pan: panWithDigits('7777'), reviewer });
    const uccs = async () => (await a.registrations()).filter((r) => r.kind.startsWith('ucc_'));
    await expect
      .poll(async () => (await uccs()).map((r) => r.status), WAIT)
      .toEqual(['rejected', 'rejected', 'rejected']);
    const rejected = await uccs();
    expect(rejected.every((r) => r.last_error === UCC_PAN_MISMATCH)).toBe(true);
    expect((await a.status()).status).toBe('Approved');

    for (const r of rejected) expect((await a.retry(r.kind)).statusCode).toBe(200);
    await expect.poll(async () => (await a.status()).status, WAIT).toBe('Completed');
    const after = (await a.registrations()).filter((r) => r.kind.startsWith('ucc_'));
    expect(after.every((r) => r.status === 'accepted' && r.attempts === 2 && r.last_error === null)).toBe(true);
    // an accepted one is not sent again
    expect((await a.retry('ucc_nse')).statusCode).toBe(409);
  }, 60_000);

  it('6666: the KRA holds the upload once with a reason; the application stays Approved, naming the hold, until a retry is accepted', async () => {
    const a = await approvedApplicant(app, { pan: panWithDigits('6666'), reviewer });
    await expect.poll(async () => statusOf(await a.registrations(), 'kra'), WAIT).toBe('on_hold');
    const held = (await a.registrations()).find((r) => r.kind === 'kra')!;
    expect(held.last_error).toMatch(/^KRA status 03: ERR-\d{5} /);
    // the UCC and the BO account are in, yet a PAN the KRA has not registered may not trade
    await expect
      .poll(
        async () => (await a.registrations()).filter((r) => r.kind !== 'kra' && r.kind !== 'ckyc').map((r) => r.status),
        WAIT,
      )
      .toEqual(['accepted', 'accepted', 'accepted', 'accepted']);
    const waiting = await a.status();
    expect(waiting).toMatchObject({
      status: 'Approved',
      text: MSG.statusVerified,
      account_active: false,
      client_code: null,
    });
    expect(waiting.kra?.status).toBe('on_hold');
    expect(statusOf(await a.registrations(), 'ckyc')).toBe('pending');

    expect((await a.retry('kra')).statusCode).toBe(200);
    await expect.poll(async () => (await a.status()).status, WAIT).toBe('Completed');
    await expect.poll(async () => statusOf(await a.registrations(), 'ckyc'), WAIT).toBe('accepted');
    const kra = (await a.registrations()).find((r) => r.kind === 'kra')!;
    expect(kra).toMatchObject({ status: 'accepted', attempts: 2, last_error: null });
  }, 60_000);

  it('holds back a placeholder email before anything is sent, with the reason for the back office', async () => {
    const a = await approvedApplicant(app, {
      pan: panWithDigits('5151'),
      email: 'notprovided@example.com',
      reviewer,
    });
    await expect.poll(async () => statusOf(await a.registrations(), 'bo_cdsl'), WAIT).toBe('on_hold');
    const list = await a.registrations();
    expect(list.find((r) => r.kind === 'bo_cdsl')).toMatchObject({
      attempts: 0,
      reference: null,
      last_error: 'Pre-check: Email address is missing or a placeholder',
    });
    expect(statusOf(list, 'ucc_nse')).toBe('pending');
    const queue = (await a.bo('GET', 'registrations/not-tradable')).json() as {
      data: { id: string; needs_action: boolean; age_hours: number }[];
    };
    expect(queue.data.find((e) => e.id === a.id)).toMatchObject({ needs_action: true });

    // The operator corrects the email from the client's request, and the retry goes through.
    const bad = await a.bo('POST', `applications/${a.id}/registrations/corrections`, {
      field: 'email',
      value: 'not an email',
      note: 'Client’s signed letter of 24 Nov 2026',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: false, data: { field: 'value' } });
    const proposed = await a.bo('POST', `applications/${a.id}/registrations/corrections`, {
      field: 'email',
      value: 'asha.verma@example.com',
      note: 'Client’s signed letter of 24 Nov 2026',
    });
    expect(proposed.json()).toMatchObject({ status: true, data: { field: 'email', status: 'proposed' } });
    const correction = (proposed.json() as { data: { id: string } }).data.id;
    // the maker may not approve their own correction
    const own = await a.bo('POST', `applications/${a.id}/registrations/corrections/${correction}/approve`);
    expect(own.statusCode).toBe(403);
    const approved = await approve(a.id, correction);
    expect(approved.json()).toMatchObject({ status: true, data: { status: 'awaiting_otp' } });
    // not used yet: the client confirms the code sent to the new address
    expect((await app.deps.records.get(a.id)).email).toBe('notprovided@example.com');
    const otp = await latestOtp(app, 'asha.verma@example.com');
    const verified = await a.bo('POST', `applications/${a.id}/registrations/corrections/${correction}/verify`, { otp });
    expect(verified.json()).toMatchObject({ status: true, data: { status: 'applied' } });
    expect((await app.deps.records.get(a.id)).email).toBe('asha.verma@example.com');
    expect((await a.retry('bo_cdsl')).statusCode).toBe(200);
    await expect.poll(async () => statusOf(await a.registrations(), 'bo_cdsl'), WAIT).toBe('accepted');
    const audit = (await a.bo('GET', `applications/${a.id}/audit`)).json() as {
      data: { entries: { action: string; actor: string; after: unknown }[] };
    };
    const entry = audit.data.entries.find((e) => e.action === 'registration.corrected');
    expect(entry?.after).toEqual({ field: 'email', note: 'Client’s signed letter of 24 Nov 2026', otp_verified: true });
    expect(JSON.stringify(audit.data.entries)).not.toContain('asha.verma@example.com');
  }, 60_000);

  it('records a family declaration for an email shared with another client, and the hold clears', async () => {
    const shared = `family.${Date.now()}@example.com`;
    const first = await approvedApplicant(app, { pan: panWithDigits('8181'), reviewer, email: shared });
    await expect.poll(async () => statusOf(await first.registrations(), 'bo_cdsl'), WAIT).toBe('accepted');
    const second = await approvedApplicant(app, { pan: panWithDigits('8282'), reviewer, email: shared });
    await expect.poll(async () => statusOf(await second.registrations(), 'bo_cdsl'), WAIT).toBe('on_hold');
    expect((await second.registrations()).find((r) => r.kind === 'bo_cdsl')?.last_error).toBe(
      'Pre-check: Email address is already registered to another client',
    );
    const declared = await second.bo('POST', `applications/${second.id}/registrations/corrections`, {
      field: 'family_declaration',
      relation: 'spouse',
      holder_name: 'Ravi Verma',
      note: 'Family declaration signed by the client, 24 Nov 2026',
    });
    expect(declared.statusCode).toBe(200);
    expect((await approve(second.id, (declared.json() as { data: { id: string } }).data.id)).json()).toMatchObject({
      data: { status: 'applied' },
    });
    // the income range corrected too: code and label, as the profiling step stores them
    const income = await second.bo('POST', `applications/${second.id}/registrations/corrections`, {
      field: 'annual_income',
      value: '10_25',
      note: 'Income proof sent by the client, 24 Nov 2026',
    });
    expect(income.statusCode).toBe(200);
    expect((await approve(second.id, (income.json() as { data: { id: string } }).data.id)).statusCode).toBe(200);
    const details = await call<[{ personal_obj: Record<string, unknown> }]>(app, 'GET', 'get-user-details', {
      token: second.token,
    });
    expect(details.body.data[0].personal_obj).toMatchObject({
      family_declaration: true,
      family_relation: 'spouse',
      family_holder_name: 'Ravi Verma',
      annual_income: '10_25',
      annual_income__name: '10-25 lakhs',
    });
    expect((await second.retry('bo_cdsl')).statusCode).toBe(200);
    await expect.poll(async () => statusOf(await second.registrations(), 'bo_cdsl'), WAIT).toBe('accepted');
  }, 60_000);

  it('refuses a correction while nothing waits for an operator', async () => {
    const a = await approvedApplicant(app, { pan: panWithDigits('9191'), reviewer });
    await expect.poll(async () => (await a.status()).status, WAIT).toBe('Completed');
    const late = await a.bo('POST', `applications/${a.id}/registrations/corrections`, {
      field: 'annual_income',
      value: '10_25',
      note: 'Client’s request of 24 Nov 2026',
    });
    expect(late.statusCode).toBe(409);
  }, 60_000);
});
