/** Setu reverse penny drop (UPI intent/QR) against Setu's published answers (test/fixtures/providers/setu-rpd). */
import { expect, it } from 'vitest';
import { ProviderError } from '../src/providers/http.ts';
import { createHmac } from 'node:crypto';
import { basicAuthorization, readSetuRpdNotification, SetuReversePennyDrop } from '../src/providers/upi/setu-rpd.ts';
import { fixture, replay } from './support/provider-fixtures.ts';

const options = { baseUrl: 'https://dg.setu.test', clientId: 'c', secret: 's', productInstanceId: 'p' };
const basic = basicAuthorization('setu', 'hook-password');
const auth = { kind: 'basic', authorization: basic } as const;
const hmac = { kind: 'hmac', secret: 'thisisasecretkey' } as const;
// Setu's HMAC: base64 HMAC-SHA256 of the body string (docs.setu.co/payments/umap/notifications/verify-signature)
const signed = (body: string) => createHmac('sha256', hmac.secret).update(body).digest('base64');

it('creates the request with the three Setu headers and our reference; reads the upi:// link', async () => {
  const t = replay(fixture('setu-rpd/create.json'));
  const rpd = new SetuReversePennyDrop({ ...options, fetch: t.fetch });
  expect(await rpd.create('REF-1')).toEqual({
    id: '1b740e7a-5a81-4b88-ad43-110a08935286',
    upiLink:
      'upi://pay?pa=bauvatest@kaypay&pn=BauvaTest&am=1.00&tr=1114053970646533628&tn=Account%20Verification&cu=INR&mode=04',
    shortUrl: 'https://sandbox.bills.pe/wh9kk4mwuktg',
    validUpto: '2023-03-13T13:20:52.277688',
  });
  expect(t.calls[0]!.url).toBe('https://dg.setu.test/api/verify/ban/reverse');
  expect([t.header(0, 'x-client-id'), t.header(0, 'x-client-secret'), t.header(0, 'x-product-instance-id')]).toEqual([
    'c',
    's',
    'p',
  ]);
  expect(JSON.parse(t.calls[0]!.body)).toEqual({ additionalData: { reference: 'REF-1' } });
  // with the product configuration Setu gave, the request names it
  const configured = replay(fixture('setu-rpd/create.json'));
  await new SetuReversePennyDrop({ ...options, productConfigId: 'cfg-7', fetch: configured.fetch }).create('REF-2');
  expect(JSON.parse(configured.calls[0]!.body)).toEqual({
    productConfigId: 'cfg-7',
    additionalData: { reference: 'REF-2' },
  });
  const bad = new SetuReversePennyDrop({
    ...options,
    fetch: replay(fixture('setu-rpd/create-bad-request.json')).fetch,
  });
  await expect(bad.create('REF-1')).rejects.toBeInstanceOf(ProviderError);
});

it('the payment notification names the paying account; expiry and wrong credentials are told apart', () => {
  const ok = JSON.stringify(fixture('setu-rpd/webhook-success.json').body);
  expect(readSetuRpdNotification(auth, basic, ok)).toEqual({
    deliveryId: 'RPD_VERIFICATION_UPDATE:7097e53a-ba29-48a2-983d-878433b4f33e',
    sentAt: Date.parse(
      fixture<{ source: string; body: { timeStamp: string } }>('setu-rpd/webhook-success.json').body.timeStamp,
    ),
    notification: {
      id: '7097e53a-ba29-48a2-983d-878433b4f33e',
      reference: 'REF-1',
      outcome: 'paid',
      holderName: 'Eve',
      ifsc: 'SBIN0000001',
      accountNumber: '48097036412',
      payerVpa: 'test@upi',
      accountType: 'BANK_ACCOUNT',
    },
  });
  const expired = JSON.stringify(fixture('setu-rpd/webhook-expired.json').body);
  expect(readSetuRpdNotification(auth, basic, expired)?.notification).toMatchObject({
    outcome: 'expired',
    holderName: null,
  });
  expect(readSetuRpdNotification(auth, basicAuthorization('setu', 'other'), ok)).toBeNull();
  expect(readSetuRpdNotification(auth, undefined, ok)).toBeNull();
});

it("Setu's HMAC option: the body's own signature is taken, a changed body or a static credential is not", () => {
  const ok = JSON.stringify(fixture('setu-rpd/webhook-success.json').body);
  expect(readSetuRpdNotification(hmac, signed(ok), ok)?.notification).toMatchObject({ outcome: 'paid' });
  const changed = ok.replace('"Eve"', '"Mallory"');
  expect(readSetuRpdNotification(hmac, signed(ok), changed)).toBeNull();
  expect(readSetuRpdNotification(hmac, basic, ok)).toBeNull();
  expect(readSetuRpdNotification(hmac, undefined, ok)).toBeNull();
});
