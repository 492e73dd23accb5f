/** The production adapters speak the providers' wire formats: what they send and how they read the answers. */
import { expect, it } from 'vitest';
import { CashfreeBankVerifier } from '../src/providers/bank-verification/cashfree.ts';
import type { FetchLike } from '../src/providers/http.ts';
import { RazorpayIfscLookup } from '../src/providers/ifsc/razorpay.ts';

function recorder(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { calls, fetch };
}

it('Cashfree penny drop: credentials in headers, the expected name in the body, INVALID read as a failure', async () => {
  const { calls, fetch } = recorder(200, {
    reference_id: 42,
    account_status: 'INVALID',
    account_status_code: 'INVALID_ACCOUNT_FAIL',
    name_at_bank: null,
  });
  const verifier = new CashfreeBankVerifier({
    baseUrl: 'https://api.cf.test',
    clientId: 'id',
    clientSecret: 'secret',
    fetch,
  });
  const result = await verifier.verify({
    ifsc: 'HDFC0000001',
    accountNumber: '123456789000',
    expectedName: 'RAVI',
    phone: '9876543210',
  });
  expect(result).toEqual({ outcome: 'invalid', code: 'INVALID_ACCOUNT_FAIL', reason: 'INVALID_ACCOUNT_FAIL' });
  expect(calls[0]!.url).toBe('https://api.cf.test/verification/bank-account/sync');
  expect(new Headers(calls[0]!.init.headers).get('x-client-id')).toBe('id');
  expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
    bank_account: '123456789000',
    ifsc: 'HDFC0000001',
    name: 'RAVI',
    phone: '9876543210',
  });
});

it('Cashfree penny drop: VALID answers the name at the bank and the UTR', async () => {
  const { fetch } = recorder(200, {
    account_status: 'VALID',
    account_status_code: 'ACCOUNT_IS_VALID',
    name_at_bank: 'R K SHARMA',
    utr: 'UTR1',
  });
  const verifier = new CashfreeBankVerifier({ baseUrl: 'https://x', clientId: 'i', clientSecret: 's', fetch });
  expect(await verifier.verify({ ifsc: 'HDFC0000001', accountNumber: '1', expectedName: 'R', phone: '9' })).toEqual({
    outcome: 'valid',
    nameAtBank: 'R K SHARMA',
    reference: 'UTR1',
  });
});

it('Razorpay IFSC: a 404 is an unknown code; string flags and empty fields are normalised', async () => {
  expect(
    await new RazorpayIfscLookup({ baseUrl: 'https://ifsc.test', fetch: recorder(404, 'Not Found').fetch }).lookup(
      'HDFC0ZZZZZZ',
    ),
  ).toBeNull();
  const { fetch, calls } = recorder(200, {
    BANK: 'HDFC Bank',
    IFSC: 'HDFC0000001',
    BRANCH: 'SANDOZ HOUSE',
    MICR: 400240002,
    SWIFT: '',
    NEFT: true,
    UPI: 'true',
    BANKCODE: 'HDFC',
  });
  expect(await new RazorpayIfscLookup({ baseUrl: 'https://ifsc.test', fetch }).lookup('HDFC0000001')).toMatchObject({
    BANK: 'HDFC Bank',
    MICR: '400240002',
    SWIFT: null,
    NEFT: true,
    UPI: true,
    RTGS: null,
  });
  expect(calls[0]!.url).toBe('https://ifsc.test/HDFC0000001');
});
