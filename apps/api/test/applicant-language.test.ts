import type { FastifyInstance } from 'fastify';
import { reviewReason } from '@ekyc/contracts/review-reasons';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestLanguage } from '../src/lib/language.ts';
import { notifyRejection } from '../src/modules/backoffice/notify-applicant.ts';
import { latestOtp, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const post = (path: string, body: object, language?: string, token?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/ekyc/${path}`,
    headers: { ...(language && { 'accept-language': language }), ...(token && { authorization: `Bearer ${token}` }) },
    payload: body,
  });
const outbox = async (to: string) =>
  (await app.inject({ url: `/sandbox/outbox?to=${encodeURIComponent(to)}` })).json() as {
    channel: string;
    text: string;
  }[];
const textOf = (m: { text: string }) => m.text;

describe('the language of a request', () => {
  it('is the first of the five the Accept-Language names, by quality', () => {
    expect(requestLanguage('hi-IN,hi;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('hi');
    expect(requestLanguage('bn')).toBe('be');
    expect(requestLanguage('mr-IN')).toBe('mar');
    expect(requestLanguage('fr-FR,gu;q=0.5,en;q=0.9')).toBe('en');
    expect(requestLanguage('fr,de')).toBeNull();
    expect(requestLanguage(undefined)).toBeNull();
  });
});

describe('messages in the applicant language', () => {
  it('sends the sign-up OTP in the language of the call, and keeps it on the applicant record', async () => {
    const mobile = uniqueMobile();
    const sent = await post('send-otp', { mobile, whatspp_opt: true }, 'hi-IN,hi;q=0.9,en;q=0.8');
    expect(sent.json()).toMatchObject({ status: true });
    const messages = await outbox(mobile);
    expect(messages.map((m) => m.channel).sort()).toEqual(['sms', 'whatsapp']);
    for (const m of messages) expect(textOf(m)).toContain('डीमैट और ट्रेडिंग खाता खोलने के लिए आपका ओटीपी है');

    const otp = await latestOtp(app, mobile);
    const verified = (await post('verify-otp', { mobile, otp }, 'hi')).json() as { data: { token: string } };
    const applicant = await app.deps.records.findByMobile(mobile);
    expect(applicant?.language).toBe('hi');

    // the person switches to Marathi: their next call says so, and the email OTP is in Marathi
    const email = `lang${mobile}@example.com`;
    await post('send-otp', { email }, 'mr', verified.data.token);
    expect((await app.deps.records.get(applicant!.id)).language).toBe('mar');
    const [mail] = await outbox(email);
    expect(textOf(mail!)).toContain('तुमचा ईमेल पडताळा');
  });

  it('writes a reviewer decision in the language kept on the record, the email with each reason translated', async () => {
    const mobile = uniqueMobile();
    await post('send-otp', { mobile }, 'bn');
    const otp = await latestOtp(app, mobile);
    await post('verify-otp', { mobile, otp }, 'bn');
    const email = `decision${mobile}@example.com`;
    const applicant = (await app.deps.records.findByMobile(mobile))!;
    expect(applicant.language).toBe('be');
    await app.deps.records.update(applicant.id, { email });
    await notifyRejection(app.deps, applicant.id, [
      { stage: 160, reason: '[BANK_NAME_MISMATCH] Account 4417' },
      { stage: 180, reason: '' },
    ]);
    const [sms] = await outbox(mobile);
    expect(textOf(sms!)).toContain('আপনার অ্যাকাউন্টের আবেদনে সংশোধন দরকার (ব্যাংক, নমিনি)');
    expect(textOf(sms!)).not.toContain('Account 4417');
    const [mail] = await outbox(email);
    expect(textOf(mail!)).toContain(`ব্যাংক: ${reviewReason('BANK_NAME_MISMATCH')!.text.be}. Account 4417; নমিনি`);
  });

  it('stays English for a call without a language', async () => {
    const mobile = uniqueMobile();
    await post('send-otp', { mobile });
    const [sms] = await outbox(mobile);
    expect(textOf(sms!)).toContain('is your OTP to open your demat and trading account');
  });
});
