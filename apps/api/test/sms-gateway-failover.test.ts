/**
 * SMS_VENDORS in the sandbox: the sandbox Kaleyra gateway takes SMS in Kaleyra's wire format and
 * writes them to the outbox with its name; when it fails (SANDBOX_FAULTS) the OTP still arrives,
 * through the outbox's MSG91 stand-in, the gateway that took it is recorded, and the failing
 * gateway's circuit opens. The evidence bundle names the gateway that took each message (never its
 * text or code), and the application's erasure removes those records.
 */
import { strFromU8, unzipSync } from 'fflate';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { messageRecordsRepository } from '../src/providers/messaging/message-records.repository.ts';
import { bearer, call, latestOtp, reviewerToken, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

interface OutboxRow {
  channel: string;
  otp: string | null;
  provider: string | null;
  text: string;
}

async function sendOtp(a: FastifyInstance, whatsapp = false): Promise<{ mobile: string; rows: OutboxRow[] }> {
  const mobile = uniqueMobile();
  const sent = await call(a, 'POST', 'send-otp', { body: { mobile, whatspp_opt: whatsapp } });
  expect(sent.statusCode).toBe(200);
  const rows = (await a.inject({ url: `/sandbox/outbox?to=${mobile}` })).json() as OutboxRow[];
  return { mobile, rows };
}

it('Kaleyra first: the OTP SMS goes through its wire format, named, and signs the applicant in', async () => {
  app = await testApp({ SMS_VENDORS: 'kaleyra,msg91' });
  const { mobile, rows } = await sendOtp(app, true);
  const sms = rows.find((r) => r.channel === 'sms')!;
  expect(sms.provider).toBe('kaleyra');
  expect(sms.otp).toMatch(/^\d{6}$/);
  expect(sms.text).toContain(sms.otp);
  // WhatsApp is not failed over: it stays with MSG91
  expect(rows.find((r) => r.channel === 'whatsapp')?.provider).toBe('msg91');
  const verified = await call(app, 'POST', 'verify-otp', { body: { mobile, otp: await latestOtp(app, mobile) } });
  expect(verified.body).toMatchObject({ status: true });
});

it('Kaleyra failing: the OTP arrives through MSG91, recorded, and Kaleyra circuit opens', async () => {
  app = await testApp({ SMS_VENDORS: 'kaleyra,msg91', SANDBOX_FAULTS: 'kaleyra:500', PROVIDER_BREAKER_FAILURES: '2' });
  for (let i = 0; i < 3; i++) {
    const { mobile, rows } = await sendOtp(app);
    expect(rows.map((r) => [r.channel, r.provider])).toEqual([['sms', 'msg91']]);
    const verified = await call(app, 'POST', 'verify-otp', { body: { mobile, otp: await latestOtp(app, mobile) } });
    expect(verified.body).toMatchObject({ status: true });
  }
  const metrics = (await app.inject({ url: '/metrics' })).body;
  expect(metrics).toContain('ekyc_provider_circuit_open{provider="kaleyra"} 1');
  expect(metrics).toMatch(/ekyc_provider_choices_total\{service="sms",provider="kaleyra",outcome="circuit_open"\} 1/);
  expect(metrics).toMatch(/ekyc_provider_choices_total\{service="sms",provider="msg91",outcome="chosen"\} 3/);
});

it('Kaleyra failing every other call (half): each OTP arrives, by whichever gateway took it', async () => {
  // no reminders or registration messages of its own (on the server-mode database, other files'
  // applicants are there to remind), though a message of some other file's may still pass through
  // Kaleyra between these and shift which of them fail: the order is not asserted
  app = await testApp({
    SMS_VENDORS: 'kaleyra,msg91',
    SANDBOX_FAULTS: 'kaleyra:half',
    PROVIDER_BREAKER_FAILURES: '5',
    REMINDER_MAX: '0',
    REGISTRATIONS_WORKER: 'false',
  });
  const providers: (string | null)[] = [];
  for (let i = 0; i < 4; i++) {
    const { rows } = await sendOtp(app);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.otp).toMatch(/^\d{6}$/);
    providers.push(rows[0]!.provider);
  }
  expect(providers).toContain('kaleyra');
  expect(providers).toContain('msg91');
  expect(providers.filter((p) => p !== 'kaleyra' && p !== 'msg91')).toEqual([]);
});

it('Kaleyra failing: the evidence names msg91 for the OTP, without its text or code; erasure removes the record', async () => {
  app = await testApp({ SMS_VENDORS: 'kaleyra,msg91', SANDBOX_FAULTS: 'kaleyra:500', PROVIDER_BREAKER_FAILURES: '5' });
  const { mobile, rows } = await sendOtp(app);
  const otp = rows[0]!.otp!;
  expect(rows.map((r) => [r.channel, r.provider])).toEqual([['sms', 'msg91']]);
  const verified = await call(app, 'POST', 'verify-otp', { body: { mobile, otp } });
  expect(verified.body).toMatchObject({ status: true });
  const id = (await app.deps.records.findByMobile(mobile))!.id;

  const reviewer = await reviewerToken(app, 'sms.evidence@broker.example', 'compliance');
  const res = await app.inject({
    url: `/api/v1/backoffice/applications/${id}/evidence-bundle`,
    headers: bearer(reviewer),
  });
  expect(res.statusCode).toBe(200);
  const raw = strFromU8(unzipSync(new Uint8Array(res.rawPayload))['messages.json']!);
  const { messages } = JSON.parse(raw) as { messages: Record<string, unknown>[] };
  expect(messages).toEqual([
    { channel: 'sms', template: 'otp', gateway: 'msg91', outcome: 'sent', at: expect.any(String) },
  ]);
  expect(raw).not.toContain(otp);
  expect(raw).not.toContain(mobile);
  expect(raw).not.toContain(rows[0]!.text.slice(10, 40));

  expect(await messageRecordsRepository.list(app.deps.database.db, id)).toHaveLength(1);
  const now = new Date();
  await app.deps.consents.requestErasure(id, null, now, { language: 'en', source: 'test' });
  expect(await app.deps.consents.erase(id, now)).toBe(true);
  expect(await messageRecordsRepository.list(app.deps.database.db, id)).toEqual([]);
});
