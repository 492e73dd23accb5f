/** Setu UPI (UMAP) adapter against Setu's published answers (test/fixtures/providers/setu-upi). */
import { expect, it } from 'vitest';
import { ProviderError } from '../src/providers/http.ts';
import { readSetuNotification, SetuUpiProvider, signSetuBody } from '../src/providers/upi/setu.ts';
import { fixture, replay } from './support/provider-fixtures.ts';

const login = fixture('setu-upi/login.json');
const options = {
  baseUrl: 'https://umap.setu.test/api',
  loginUrl: 'https://accountservice.setu.test/v1/users/login',
  clientId: 'client-id',
  secret: 'client-secret',
  merchantId: 'merchant-1',
  merchantVpa: 'broker@pineaxis',
};

it('logs in with client credentials, then sends Bearer and merchantId; the token is reused for 4 minutes', async () => {
  let now = 0;
  const t = replay(login, fixture('setu-upi/verify-pending.json'), { body: { id: 'c1', status: 'active' } });
  const upi = new SetuUpiProvider({ ...options, fetch: t.fetch, now: () => now });
  expect(await upi.verifyVpa('ram@okhdfc', 'ref-1')).toEqual({ state: 'pending', customerName: 'deku' });
  expect(t.calls[0]!.url).toBe('https://accountservice.setu.test/v1/users/login');
  expect(t.header(0, 'client')).toBe('bridge');
  expect(JSON.parse(t.calls[0]!.body)).toEqual({
    clientID: 'client-id',
    secret: 'client-secret',
    grant_type: 'client_credentials',
  });
  expect(t.calls[1]!.url).toBe('https://umap.setu.test/api/v1/merchants/customer-vpas/verify');
  expect(t.header(1, 'authorization')).toBe(`Bearer ${(login.body as { access_token: string }).access_token}`);
  expect(t.header(1, 'merchantid')).toBe('merchant-1');
  expect(JSON.parse(t.calls[1]!.body)).toEqual({ customerVpa: 'ram@okhdfc', merchantReferenceId: 'ref-1' });

  now = 3 * 60_000;
  await upi.createCollect({
    vpa: 'ram@okhdfc',
    amountPaise: 100,
    reference: 'ref-1',
    note: 'n',
    expireAfterMinutes: 2,
  });
  expect(t.calls).toHaveLength(3);
  expect(t.calls[2]!.url).toBe('https://umap.setu.test/api/v1/merchants/collect');
  expect(JSON.parse(t.calls[2]!.body)).toEqual({
    amount: 100,
    currency: 'INR',
    customerVpa: 'ram@okhdfc',
    expireAfter: 2,
    merchantReferenceId: 'ref-1',
    merchantVpa: 'broker@pineaxis',
    transactionNote: 'n',
  });
  now = 4 * 60_000;
  await upi.verifyVpa('ram@okhdfc', 'ref-2').catch(() => undefined);
  expect(t.calls[3]!.url).toBe('https://accountservice.setu.test/v1/users/login');
});

it('an error answer is a provider error, not an invalid VPA', async () => {
  const t = replay(login, fixture('setu-upi/error-bad-request.json'));
  const upi = new SetuUpiProvider({ ...options, fetch: t.fetch });
  await expect(upi.verifyVpa('ram@okhdfc', 'r')).rejects.toBeInstanceOf(ProviderError);
});

it("signatures are base64 HMAC-SHA256 as in Setu's own example", () => {
  const ex = fixture<{ source: string; message: string; secret: string; signature: string }>(
    'setu-upi/signature-example.json',
  );
  expect(signSetuBody(ex.secret, ex.message)).toBe(ex.signature);
});

const signed = (name: string) => {
  const raw = JSON.stringify(fixture(`setu-upi/${name}`).body);
  return { raw, sig: signSetuBody('whsec', raw) };
};

it('payment.success approves, payment.failed declines with the NPCI reason, a wrong signature is refused', () => {
  const ok = signed('payment-success-event.json');
  expect(readSetuNotification('whsec', ok.raw, ok.sig)).toEqual({
    kind: 'payment',
    id: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
    reference: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
    outcome: 'approved',
    vpa: 'test-auto-9xsabx8n8x@pineaxis',
    payerName: null,
    reason: null,
  });
  const failed = signed('payment-failed-event.json');
  expect(readSetuNotification('whsec', failed.raw, failed.sig)).toMatchObject({
    kind: 'payment',
    outcome: 'declined',
    reason: 'U28 REMITTER BANK NOT AVAILABLE',
  });
  expect(readSetuNotification('other', ok.raw, ok.sig)).toBeNull();
  expect(readSetuNotification('whsec', ok.raw, undefined)).toBeNull();
  // The hex digest this adapter once expected is not Setu's signature.
  expect(readSetuNotification('whsec', ok.raw, Buffer.from(ok.sig, 'base64').toString('hex'))).toBeNull();
});

it('customer_vpa.invalid settles a pending check; other events are acknowledged and ignored', () => {
  const invalid = signed('vpa-invalid-event.json');
  expect(readSetuNotification('whsec', invalid.raw, invalid.sig)).toMatchObject({
    kind: 'vpa',
    outcome: 'declined',
    reference: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
  });
  const ev = fixture<{ source: string; body: Record<string, unknown> }>('setu-upi/payment-success-event.json').body;
  const initiated = JSON.stringify({ ...ev, eventType: 'payment.initiated', status: 'initiated' });
  expect(readSetuNotification('whsec', initiated, signSetuBody('whsec', initiated))).toBe('ignored');
});
