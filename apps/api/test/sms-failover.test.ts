/**
 * The second SMS gateway (Kaleyra's SMS API) and SMS_VENDORS: an SMS goes to the first gateway that
 * is up, on to the next when it fails, and a gateway that keeps failing has its circuit opened.
 */
import { expect, it } from 'vitest';
import { ProviderError } from '../src/providers/http.ts';
import { FailoverSmsSender } from '../src/providers/messaging/failover.ts';
import { KaleyraSmsSender } from '../src/providers/messaging/kaleyra.ts';
import { Msg91MessageSender } from '../src/providers/messaging/msg91.ts';
import type { OutgoingMessage } from '../src/providers/messaging/port.ts';
import { fixture, replay } from './support/provider-fixtures.ts';

const kaleyra = (fetch: ReturnType<typeof replay>['fetch']) =>
  new KaleyraSmsSender({
    baseUrl: 'https://api.kaleyra.test',
    sid: 'HXIN0001',
    apiKey: 'key-1',
    sender: 'BROKER',
    templates: { otp: '1207000000000000001' },
    templatesByLanguage: { hi: { otp: '1207000000000000002' } },
    provider: 'kaleyra',
    fetch,
  });

const msg91 = (fetch: ReturnType<typeof replay>['fetch']) =>
  new Msg91MessageSender({
    baseUrl: 'https://control.msg91.test',
    authKey: 'auth-1',
    sender: 'BROKER',
    templates: {
      otp: 'tpl-otp',
      esign_otp: 'tpl-otp',
      decision: 'tpl-decision',
      activation: 'tpl-activation',
      purge_notice: 'tpl-purge',
      reminder: 'tpl-reminder',
      service_request: 'tpl-service-request',
      closure: 'tpl-closure',
      send_back_reminder: 'tpl-send-back-reminder',
      segments_pending: 'tpl-segments-pending',
      document_request: 'tpl-document-request',
    },
    whatsapp: { number: '919800000000', templates: { otp: 'account_otp' }, namespace: null, language: 'en' },
    mailUrl: 'https://mail.test/send',
    mailKey: 'mail-key',
    mailFrom: 'noreply@broker.test',
    provider: 'msg91',
    fetch,
  });

const otpSms: OutgoingMessage = {
  channel: 'sms',
  to: '9876543210',
  template: 'otp',
  text: '123456 is your OTP to open your demat and trading account.',
  otp: '123456',
};

it('Kaleyra gets the DLT text, template id and header as a form, with the api-key header', async () => {
  const t = replay(fixture('kaleyra/sms-accepted.json'));
  await kaleyra(t.fetch).send(otpSms);
  expect(t.calls[0]!.url).toBe('https://api.kaleyra.test/v1/HXIN0001/messages');
  expect(t.header(0, 'api-key')).toBe('key-1');
  expect(t.header(0, 'content-type')).toBe('application/x-www-form-urlencoded');
  expect(Object.fromEntries(new URLSearchParams(t.calls[0]!.body))).toEqual({
    to: '919876543210',
    sender: 'BROKER',
    type: 'OTP',
    body: otpSms.text,
    template_id: '1207000000000000001',
  });
  await kaleyra(t.fetch).send({ ...otpSms, language: 'hi' });
  expect(new URLSearchParams(t.calls[1]!.body).get('template_id')).toBe('1207000000000000002');
});

it('Kaleyra: a refusal, a template not configured and a WhatsApp message are errors', async () => {
  const refused = replay(fixture('kaleyra/sms-template-mismatch.json'));
  await expect(kaleyra(refused.fetch).send(otpSms)).rejects.toBeInstanceOf(ProviderError);
  const none = replay(fixture('kaleyra/sms-accepted.json'));
  await expect(
    kaleyra(none.fetch).send({
      channel: 'sms',
      to: '9876543210',
      template: 'purge_notice',
      text: 't',
      vars: { date: '1 Jan' },
    }),
  ).rejects.toThrow(/no Kaleyra DLT template/);
  await expect(kaleyra(none.fetch).send({ ...otpSms, channel: 'whatsapp' })).rejects.toThrow(/SMS only/);
  expect(none.calls).toHaveLength(0);
});

it('MSG91 down: the OTP goes out through Kaleyra and MSG91 circuit opens; WhatsApp stays with MSG91', async () => {
  const down = replay({ status: 503, body: { type: 'error', message: 'Service Unavailable' } });
  const up = replay(fixture('kaleyra/sms-accepted.json'));
  const first = msg91(down.fetch);
  const sender = new FailoverSmsSender(
    [
      { name: 'msg91', sender: first },
      { name: 'kaleyra', sender: kaleyra(up.fetch) },
    ],
    first,
    { failures: 3, halfOpenAfterMs: 60_000 },
  );
  const events: string[] = [];
  sender.observe((e) => events.push(e.kind === 'skipped' ? `${e.vendor}:${e.reason}` : `${e.vendor}:${e.kind}`));
  for (let i = 0; i < 4; i++) await sender.send(otpSms);
  expect(up.calls).toHaveLength(4);
  // three sends failed at MSG91 (each tried twice there), the fourth found its circuit open
  expect(down.calls).toHaveLength(6);
  expect(sender.circuits()).toEqual([
    { vendor: 'msg91', open: true },
    { vendor: 'kaleyra', open: false },
  ]);
  expect(events).toContain('msg91:circuit_open');
  expect(events.filter((e) => e === 'kaleyra:chosen')).toHaveLength(4);
  await expect(sender.send({ ...otpSms, channel: 'whatsapp' })).rejects.toBeInstanceOf(ProviderError);
  expect(down.calls).toHaveLength(8);
});

it('every gateway down: the SMS fails with the service named', async () => {
  const down = replay({ status: 500, body: {} });
  const sender = new FailoverSmsSender(
    [
      { name: 'msg91', sender: msg91(down.fetch) },
      { name: 'kaleyra', sender: kaleyra(down.fetch) },
    ],
    msg91(down.fetch),
    { failures: 3, halfOpenAfterMs: 60_000 },
  );
  await expect(sender.send(otpSms)).rejects.toThrow(/no sms provider is available/);
});

it("a refusal by every gateway keeps each gateway's reason (the audit trail's notify.failed)", async () => {
  const refused = replay(fixture('msg91/otp-error.json'));
  const mismatch = replay(fixture('kaleyra/sms-template-mismatch.json'));
  const sender = new FailoverSmsSender(
    [
      { name: 'msg91', sender: msg91(refused.fetch) },
      { name: 'kaleyra', sender: kaleyra(mismatch.fetch) },
    ],
    msg91(refused.fetch),
    { failures: 3, halfOpenAfterMs: 60_000 },
  );
  const err = await sender.send(otpSms).then(
    () => null,
    (e: unknown) => e as Error,
  );
  expect(err).toBeInstanceOf(ProviderError);
  expect(err!.message).toMatch(/^no sms provider is available \(msg91: MSG91 OTP refused: .+; kaleyra: .+\)$/);
  // refusals are not outages: neither circuit opens
  expect(sender.circuits().every((c) => !c.open)).toBe(true);
});
