/**
 * A signed application stays signed when a reviewer sends it back to an earlier stage: the
 * applicant's erasure request puts it under the legal hold, and nothing is erased (the record,
 * the signed form and the PAN's claim stay). "Signed" is the STATUS entry of the stage list
 * (records/signed-predicate.ts): with a predicate by the current stage instead, this test fails.
 */
import type { ConsentsData } from '@ekyc/contracts/calls/consents';
import { STAGE } from '@ekyc/contracts/stages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isSigned, panHashOf, signedRepository } from '../src/records/signed.ts';
import { panWithDigits, signedSections } from './support/registrations.ts';
import { applicantAt, sign } from './support/signing.ts';
import { bearer, call, reviewerToken, testApp } from './support/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
}, 120_000);
afterAll(() => app.close());

it(
  'holds a signed application sent back to an earlier stage on an erasure request: nothing erased',
  { timeout: 120_000 },
  async () => {
    const pan = panWithDigits('5231');
    const applicant = await applicantAt(app, STAGE.ESIGN, signedSections(pan));
    const signedForm = await sign(app, applicant);

    const staff = await reviewerToken(app, 'erasure.send-back@broker.example');
    const decision = await app.inject({
      method: 'POST',
      url: `/api/v1/backoffice/applications/${applicant.id}/decisions`,
      headers: bearer(staff),
      payload: {
        decisions: [{ stage: STAGE.BANK_AND_SEGMENT, activity: 'Reject', reason: 'Bank proof is unreadable' }],
      },
    });
    expect(decision.json()).toMatchObject({ status: true, data: { status: 'Rejected' } });
    expect(await app.deps.records.currentStage(applicant.id)).toBe(STAGE.BANK_AND_SEGMENT);
    expect(await isSigned(app.deps, applicant.id)).toBe(true);

    const res = await call<ConsentsData & { signed_out: boolean }>(app, 'POST', 'request-erasure', {
      token: applicant.token,
      body: { confirm: true },
    });
    expect(res.body.message).toBe('Erasure requested');
    expect(res.body.data.signed_out).toBe(false);
    expect(res.body.data.erasure).toMatchObject({ erased_at: null, hold_reason: expect.stringContaining('PMLA') });
    expect(res.body.data.erasure!.kept.map((k) => k.record_class)).toEqual(['kyc', 'pmla']);

    // still there: the record, the signed form, the PAN's claim
    expect((await call(app, 'GET', 'get-user-details', { token: applicant.token })).statusCode).toBe(200);
    expect((await app.deps.records.readFile(signedForm))?.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await signedRepository.ownerOf(app.deps.database.db, panHashOf(app.deps, pan))).toBe(applicant.id);
    expect((await app.deps.consents.erasure(applicant.id))!.erasedAt).toBeNull();
  },
);
