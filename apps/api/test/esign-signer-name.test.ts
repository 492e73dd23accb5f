/**
 * The e-sign's signer is compared with the applicant: the ESP's certificate for the signer carries
 * the name its Aadhaar eKYC gave, and the name matcher compares it with the Aadhaar name on record.
 * A signer of another name leaves the application for review with a failed check, the two names
 * side by side in the back office; the same name passes.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { postForm, signAtEsp } from './support/esign-flow.ts';
import { bearer, call, reviewerToken, testApp, uniqueMobile } from './support/test-app.ts';
import { ESIGN_IDENTITY } from './support/esign-applicant.ts';

let app: FastifyInstance;
let staff: string;
beforeAll(async () => {
  app = await testApp();
  staff = await reviewerToken(app, `signer-${uniqueMobile()}@broker.example`);
}, 120_000);
afterAll(() => app.close());

const SECTIONS = {
  ...ESIGN_IDENTITY,
  bank_obj: { ifsc: 'HDFC0000001', bank_name: 'HDFC Bank', account_number: '123456789012', account_type: 'Saving' },
  nominee_obj: { skip_nominee: true },
  segment_obj: { segment_list: [{ code: 'equity_1', name: 'Equity' }] },
};

/** An applicant at the e-sign signs at the sandbox ESP, as the ESP's eKYC names them; the signer check read back. */
async function signAs(signerName?: string) {
  const mobile = uniqueMobile();
  // one signed application per PAN: each applicant its own
  const pan = `ABCPS${mobile.slice(-4)}K`;
  const seeded = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile, stage: 210, sections: { ...SECTIONS, pan_obj: { ...SECTIONS.pan_obj, pan_number: pan } } },
  });
  const { token, applicant_id: id } = (seeded.json() as { data: { token: string; applicant_id: string } }).data;
  const initiated = await call<{ epro_id: string }>(app, 'GET', 'esign-initate', { token });
  expect(initiated.body.status).toBe(true);
  const { response } = await signAtEsp(app, token, mobile, initiated.body.data.epro_id, signerName);
  const done = await postForm(app, response.action, response.fields);
  expect(done.body).toContain('Document signed');
  const read = await app.inject({ url: `/api/v1/backoffice/applications/${id}`, headers: bearer(staff) });
  const data = (read.json() as { data: { status: string; checks: Record<string, unknown>[] } }).data;
  return { status: data.status, check: data.checks.find((c) => c.key === 'esign_signer_name') };
}

it(
  'a signer of another name than the Aadhaar name leaves a failed check with both names',
  { timeout: 120_000 },
  async () => {
    const { status, check } = await signAs('Mallory Fraudster');
    expect(status).toBe('Pending');
    expect(check).toEqual({
      key: 'esign_signer_name',
      source: 'esign_certificate',
      value: 'Mallory Fraudster',
      against: 'Ravi Kumar Sharma',
      threshold: 'exact or close',
      verdict: 'fail',
      reason: 'signer_name_differs',
      section: 'esign_obj',
    });
  },
);

it('the signer named as on Aadhaar passes', { timeout: 120_000 }, async () => {
  const { check } = await signAs();
  expect(check).toMatchObject({
    value: 'Ravi Kumar Sharma',
    against: 'Ravi Kumar Sharma',
    verdict: 'pass',
    reason: null,
  });
});
