/**
 * Bringing applicants back: an applicant who stopped gets an SMS naming the step, with the link that
 * resumes there, at most REMINDER_MAX times, a further one only after as long again, and only with
 * the communication consent; the funnel counts who came back after a reminder, per step.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, call, latestOtp, reviewerToken, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
let staff: string;
beforeAll(async () => {
  app = await testApp({ REMINDER_AFTER_HOURS: '1', REMINDER_MAX: '2', PUBLIC_URL: 'https://open.broker.example' });
  staff = await reviewerToken(app, 'reminders.lead@broker.example');
}, 120_000);
afterAll(() => app.close());

/** Signs up by mobile OTP (with or without updates on WhatsApp, the communication consent). */
async function signedUp(communication: boolean) {
  const mobile = uniqueMobile();
  await call(app, 'POST', 'send-otp', { body: { mobile, whatspp_opt: communication } });
  const res = await call<{ token: string }>(app, 'POST', 'verify-otp', {
    body: { mobile, otp: await latestOtp(app, mobile), whatspp_opt: communication },
  });
  const applicant = await app.deps.records.findByMobile(mobile);
  return { mobile, token: res.body.data.token, id: applicant!.id };
}

/** The applicant's stages written `hours` earlier (as if they had stopped then). */
const stoppedHoursAgo = (id: string, hours: number) =>
  app.deps.database.db.execute(
    sql`update applicant_stages set updated_at = now() - make_interval(hours => ${hours}) where applicant_id = ${id}::uuid`,
  );
const remindersAgo = (id: string, hours: number) =>
  app.deps.database.db.execute(
    sql`update applicant_reminders set sent_at = now() - make_interval(hours => ${hours}) where applicant_id = ${id}::uuid`,
  );

async function smsTo(mobile: string) {
  const res = await app.inject({ method: 'GET', url: `/sandbox/outbox?to=${mobile}` });
  return (res.json() as { channel: string; text: string }[]).filter((m) => m.channel === 'sms' && !/OTP/.test(m.text));
}

it('reminds an applicant who stopped, naming the step, with the link that resumes there; twice at most', async () => {
  const a = await signedUp(true);
  await stoppedHoursAgo(a.id, 3);
  await app.deps.reminders.run();
  const [first] = await smsTo(a.mobile);
  expect(first?.text).toBe(
    'You stopped at the Email step of your account opening. Continue where you left off: https://open.broker.example/ekyc1/email-verification',
  );

  // not again before as long again has passed
  await app.deps.reminders.run();
  expect(await smsTo(a.mobile)).toHaveLength(1);
  await remindersAgo(a.id, 2);
  await app.deps.reminders.run();
  expect(await smsTo(a.mobile)).toHaveLength(2);
  // REMINDER_MAX reached
  await remindersAgo(a.id, 5);
  await app.deps.reminders.run();
  expect(await smsTo(a.mobile)).toHaveLength(2);
});

it('sends nothing without the communication consent, nor to an applicant still moving', async () => {
  const silent = await signedUp(false);
  await stoppedHoursAgo(silent.id, 3);
  const busy = await signedUp(true);
  await app.deps.reminders.run();
  expect(await smsTo(silent.mobile)).toEqual([]);
  expect(await smsTo(busy.mobile)).toEqual([]);
});

it('counts in the funnel who came back after a reminder, per step', async () => {
  const back = await signedUp(true);
  const gone = await signedUp(true);
  await stoppedHoursAgo(back.id, 3);
  await stoppedHoursAgo(gone.id, 3);
  const before = await funnelReminders();
  await app.deps.reminders.run();

  // one of them comes back and verifies the email
  const email = `back${back.mobile}@example.com`;
  await call(app, 'POST', 'send-otp', { token: back.token, body: { email } });
  const verified = await call(app, 'POST', 'verify-otp-email', {
    token: back.token,
    body: { email, otp: await latestOtp(app, email) },
  });
  expect(verified.body.status).toBe(true);

  const after = await funnelReminders();
  expect(after.reminded - before.reminded).toBe(2);
  expect(after.came_back - before.came_back).toBe(1);
});

async function funnelReminders() {
  const res = await app.inject({ method: 'GET', url: '/api/v1/backoffice/funnel', headers: bearer(staff) });
  const data = (res.json() as { data: { reminders: { stage: number; reminded: number; came_back: number }[] } }).data;
  return data.reminders.find((r) => r.stage === 120) ?? { stage: 120, reminded: 0, came_back: 0 };
}
