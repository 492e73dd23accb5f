/** MSG91 adapter against answers in MSG91's shape (test/fixtures/providers/msg91): DLT variables, WhatsApp, checked answers. */
import { expect, it } from 'vitest';
import { ProviderError } from '../src/providers/http.ts';
import { Msg91MessageSender } from '../src/providers/messaging/msg91.ts';
import { DLT_VAR_MAX, dltValue, templateVars } from '../src/providers/messaging/port.ts';
import { fixture, replay } from './support/provider-fixtures.ts';

const options = (fetchFn: ReturnType<typeof replay>['fetch']) => {
  const sender = new Msg91MessageSender({
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
    fetch: fetchFn,
  });
  return { sender, fetchFn };
};

/** Runs a send; the transport is the replay given to the sender. */
const withFetch = async <T>(_fetch: unknown, run: () => Promise<T>) => run();

it('decision SMS goes through the flow API with short DLT variables, never the reviewer text', async () => {
  const t = replay(fixture('msg91/flow-success.json'));
  const { sender } = options(t.fetch);
  const text = `Your account application needs a correction (Bank: ${'x'.repeat(120)}). Open the application and tap Retry.`;
  await withFetch(t.fetch as typeof fetch, () =>
    sender.send({
      channel: 'sms',
      to: '9876543210',
      template: 'decision',
      text,
      vars: { stages: dltValue('Bank details, Nominee, Segment and income proof'), count: '3' },
    }),
  );
  expect(t.calls[0]!.url).toBe('https://control.msg91.test/api/v5/flow/');
  expect(t.header(0, 'authkey')).toBe('auth-1');
  const body = JSON.parse(t.calls[0]!.body) as { recipients: Record<string, string>[] };
  expect(body).toMatchObject({ template_id: 'tpl-decision', short_url: '0' });
  expect(body.recipients[0]).toEqual({
    mobiles: '919876543210',
    // "..." not "…": the ellipsis is outside GSM-7 and would send the SMS as UCS-2
    stages: 'Bank details, Nominee, Segment and...',
    count: '3',
  });
  for (const [k, v] of Object.entries(body.recipients[0]!))
    if (k !== 'mobiles') expect(v.length).toBeLessThanOrEqual(DLT_VAR_MAX);
  expect(t.calls[0]!.body).not.toContain('xxxx');
});

it('a flow answer of type error is reported, not taken for delivery', async () => {
  const t = replay(fixture('msg91/flow-dlt-mismatch.json'));
  const { sender } = options(t.fetch);
  await expect(
    withFetch(t.fetch as typeof fetch, () =>
      sender.send({
        channel: 'sms',
        to: '9876543210',
        template: 'activation',
        text: 't',
        vars: { date: '01/12/2026', client_code: 'AB1234' },
      }),
    ),
  ).rejects.toThrow(/DLT template/);
  expect(t.calls).toHaveLength(1); // a refusal is not retried
});

it('SMS OTP uses SendOTP; its error answer is reported; a 5xx is tried once more', async () => {
  const ok = replay(fixture('msg91/otp-success.json'));
  await withFetch(ok.fetch as typeof fetch, () =>
    options(ok.fetch).sender.send({ channel: 'sms', to: '9876543210', template: 'otp', text: 't', otp: '123456' }),
  );
  expect(ok.calls[0]!.url).toBe(
    'https://control.msg91.test/api/v5/otp?template_id=tpl-otp&mobile=919876543210&otp=123456',
  );
  const bad = replay(fixture('msg91/otp-error.json'));
  await expect(
    withFetch(bad.fetch as typeof fetch, () =>
      options(bad.fetch).sender.send({ channel: 'sms', to: '9876543210', template: 'otp', text: 't', otp: '123456' }),
    ),
  ).rejects.toThrow(/Invalid authkey/);
  const flaky = replay({ status: 502, body: 'Bad Gateway' }, fixture('msg91/otp-success.json'));
  await withFetch(flaky.fetch as typeof fetch, () =>
    options(flaky.fetch).sender.send({ channel: 'sms', to: '9876543210', template: 'otp', text: 't', otp: '123456' }),
  );
  expect(flaky.calls).toHaveLength(2);
});

it('WhatsApp OTP goes to the WhatsApp API with the approved template, not to the SMS OTP API', async () => {
  const t = replay(fixture('msg91/whatsapp-success.json'));
  await withFetch(t.fetch as typeof fetch, () =>
    options(t.fetch).sender.send({ channel: 'whatsapp', to: '9876543210', template: 'otp', text: 't', otp: '654321' }),
  );
  expect(t.calls[0]!.url).toBe('https://control.msg91.test/api/v5/whatsapp/whatsapp-outbound-message/bulk/');
  expect(JSON.parse(t.calls[0]!.body)).toEqual({
    integrated_number: '919800000000',
    content_type: 'template',
    payload: {
      messaging_product: 'whatsapp',
      type: 'template',
      template: {
        name: 'account_otp',
        language: { code: 'en', policy: 'deterministic' },
        to_and_components: [
          {
            to: ['919876543210'],
            components: {
              body_1: { type: 'text', value: '654321' },
              button_1: { subtype: 'url', type: 'text', value: '654321' },
            },
          },
        ],
      },
    },
  });
  const fail = replay(fixture('msg91/whatsapp-fail.json'));
  await expect(
    withFetch(fail.fetch as typeof fetch, () =>
      options(fail.fetch).sender.send({ channel: 'whatsapp', to: '9876543210', template: 'otp', text: 't', otp: '1' }),
    ),
  ).rejects.toBeInstanceOf(ProviderError);
});

it('a variable over 40 characters or a missing one is refused before anything is sent', () => {
  expect(() =>
    templateVars({
      channel: 'sms',
      to: '9',
      template: 'decision',
      text: '',
      vars: { stages: 'x'.repeat(41), count: '1' },
    }),
  ).toThrow(/41 characters, DLT allows 40/);
  expect(() =>
    templateVars({ channel: 'sms', to: '9', template: 'activation', text: '', vars: { date: 'd' } }),
  ).toThrow(/needs the variable client_code/);
});
