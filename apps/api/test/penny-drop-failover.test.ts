/**
 * The penny drop over two providers (BANK_VERIFICATION_VENDORS: Cashfree's format, then PayU
 * Payouts'): a verification goes to the first provider that answers, and on to the second when
 * the first is down or failing every other call (SANDBOX_FAULTS bank:half); the provider that
 * answered is kept with the verification (bank_obj.verification.provider, in the evidence bundle's
 * record). A circuit opened by consecutive outages skips the provider without asking it.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importIfscBranches } from '../src/modules/bank/import-ifsc-branches.ts';
import { FailoverPennyDrop } from '../src/providers/bank-verification/failover.ts';
import type { BankAccountVerifier } from '../src/providers/bank-verification/port.ts';
import type { VendorEvent } from '../src/providers/failover.ts';
import { createSelfFetch, ProviderError } from '../src/providers/http.ts';
import { fixtureApplicant } from './support/bank-applicant.ts';
import { call, testApp } from './support/test-app.ts';

const REQUEST = { ifsc: 'HDFC0000001', accountNumber: '123456789012', expectedName: 'RAVI KUMAR', phone: '9876543210' };

/** A provider that is down while `state.up` is false, counting the calls that reached it. */
function verifier(state: { up: boolean; calls: number }): BankAccountVerifier {
  return {
    verify: async () => {
      state.calls++;
      if (!state.up) throw new ProviderError('POST /verify answered 503', 503, undefined, 'server_error');
      return { outcome: 'valid', nameAtBank: 'RAVI KUMAR', reference: 'R1' };
    },
  };
}

describe('the failover of the penny drop', () => {
  it('goes on to the second provider when the first is down, and names the one that answered', async () => {
    const first = { up: false, calls: 0 };
    const second = { up: true, calls: 0 };
    const events: VendorEvent[] = [];
    const pennyDrop = new FailoverPennyDrop(
      [
        { name: 'bank', verifier: verifier(first) },
        { name: 'bank-payu', verifier: verifier(second) },
      ],
      { failures: 2, halfOpenAfterMs: 60_000 },
    );
    pennyDrop.observe((e) => events.push(e));
    expect(await pennyDrop.verify(REQUEST)).toMatchObject({ outcome: 'valid', provider: 'bank-payu' });
    expect(await pennyDrop.verify(REQUEST)).toMatchObject({ provider: 'bank-payu' });
    // two consecutive outages opened the first provider's circuit: it is no longer asked
    expect(pennyDrop.circuits()).toEqual([
      { vendor: 'bank', open: true },
      { vendor: 'bank-payu', open: false },
    ]);
    expect(await pennyDrop.verify(REQUEST)).toMatchObject({ provider: 'bank-payu' });
    expect(first.calls).toBe(2);
    expect(second.calls).toBe(3);
    expect(events).toContainEqual({ vendor: 'bank', kind: 'skipped', reason: 'circuit_open' });
    expect(events.filter((e) => e.kind === 'chosen')).toHaveLength(3);
  });

  it('fails with the cause when every provider is down', async () => {
    const pennyDrop = new FailoverPennyDrop(
      [
        { name: 'bank', verifier: verifier({ up: false, calls: 0 }) },
        { name: 'bank-payu', verifier: verifier({ up: false, calls: 0 }) },
      ],
      { failures: 5, halfOpenAfterMs: 60_000 },
    );
    await expect(pennyDrop.verify(REQUEST)).rejects.toMatchObject({ reason: 'server_error' });
  });
});

describe('the sandbox fault "half"', () => {
  it('answers 500 to every other call of the provider, and lets the others through', async () => {
    const selfFetch = createSelfFetch({ bank: { kind: 'half' } });
    selfFetch.bind(async () => ({ statusCode: 200, headers: {}, body: '{}' }));
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await selfFetch('http://sandbox.internal/sandbox/bank/x', {})).status);
    expect(statuses).toEqual([500, 200, 500, 200, 500, 200]);
    // another provider is not touched
    expect((await selfFetch('http://sandbox.internal/sandbox/bank-payu/x', {})).status).toBe(200);
  });
});

/** Each applicant's bank verification as the API answers it, with the provider it recorded. */
async function verifyOnce(app: FastifyInstance) {
  const { token, applicant_id } = await fixtureApplicant(app);
  const res = await call(app, 'POST', 'bank-verification', {
    token,
    query: { is_vpa: 'false' },
    body: { ifsc: 'HDFC0000001', account_number: '123456789012', account_type: 'Saving' },
  });
  const sections = await app.deps.records.allSections(applicant_id);
  const bank = sections.bank_obj as { verification?: { status: string; provider?: string } };
  return { res, verification: bank.verification };
}

describe.each([
  ['down (500)', 'bank:500', ['bank-payu', 'bank-payu', 'bank-payu', 'bank-payu']],
  ['failing half its calls', 'bank:half', ['bank-payu', 'bank', 'bank-payu', 'bank']],
])('the first penny-drop provider %s', (_name, faults, providers) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({ SANDBOX_FAULTS: faults, PROVIDER_BREAKER_FAILURES: '10' });
    await importIfscBranches(app.deps.database, path.join(import.meta.dirname, 'fixtures/ifsc-sample.csv'));
  });
  afterAll(() => app.close());

  it('every verification completes, each recording the provider that answered', async () => {
    const answered: (string | undefined)[] = [];
    for (let i = 0; i < providers.length; i++) {
      const { res, verification } = await verifyOnce(app);
      expect(res.body).toMatchObject({ status: true });
      expect(verification?.status).toBe('verified');
      answered.push(verification?.provider);
    }
    expect(answered).toEqual(providers);
  });
});
