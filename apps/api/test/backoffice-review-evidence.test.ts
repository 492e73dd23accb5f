/**
 * The reviewer's evidence: each automated check comes from its own step with its own source,
 * value, threshold and verdict. The face match shows the selfie's score (never the bank's
 * name-match score beside it), and a failed face match or liveness is flagged in the queue.
 */
import type { ReviewCheck } from '@ekyc/contracts/calls/backoffice-application';
import type { QueueItem } from '@ekyc/contracts/calls/backoffice-queue';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, reviewerToken, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
let staffToken: string;

beforeAll(async () => {
  app = await testApp();
  staffToken = await reviewerToken(app, 'evidence.review@broker.example');
}, 120_000);
afterAll(() => app.close());

/** A finished application whose bank name matched (100) while the selfie did not match (0.36). */
async function seed(livness_obj: Record<string, unknown>) {
  const mobile = uniqueMobile();
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: {
      mobile,
      stage: 220,
      sections: {
        pan_obj: { full_name: 'MEERA NAIR', name_on_card: 'MEERA NAIR', pan_number: 'AKQPN4821L', dob: '04/05/1991' },
        bank_obj: {
          ifsc: 'HDFC0000001',
          account_number: '50100123456780',
          account_type: 'Saving',
          bank_verify_edit: false,
          name_match: { result: 'exact', score: 100, reason: 'identical', bank_name_on_account: 'MEERA NAIR' },
          verification: { method: 'penny_drop', status: 'verified', at: new Date().toISOString() },
        },
        livness_obj,
      },
    },
  });
  return { mobile, id: (res.json() as { data: { applicant_id: string } }).data.applicant_id };
}

async function checksOf(id: string): Promise<ReviewCheck[]> {
  const res = await app.inject({ url: `/api/v1/backoffice/applications/${id}`, headers: bearer(staffToken) });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { checks: ReviewCheck[] } }).data.checks;
}

async function queueItem(mobile: string): Promise<QueueItem> {
  const res = await app.inject({
    url: `/api/v1/backoffice/applications?status=Pending&q=${mobile}`,
    headers: bearer(staffToken),
  });
  const items = (res.json() as { data: { items: QueueItem[] } }).data.items;
  expect(items).toHaveLength(1);
  return items[0]!;
}

const FAILED_SELFIE = {
  image: 'data:image/png;base64,iVBORw0KGgo=',
  status: 'needs_review',
  module_outcome: 'auto_approved',
  face_match: false,
  face_match_score: 0.36,
  face_match_threshold: 0.5,
  live: true,
  live_confidence: 0.97,
  review_reasons: ['face_mismatch'],
  message: 'Workflow needs manual review',
};

it("shows the selfie's own face-match score and a failed verdict, and the bank name match apart", async () => {
  const { id } = await seed(FAILED_SELFIE);
  const checks = await checksOf(id);
  const byKey = Object.fromEntries(checks.map((c) => [c.key, c]));
  expect(byKey.face_match).toEqual({
    key: 'face_match',
    source: 'face_match_provider',
    value: 0.36,
    threshold: 0.5,
    verdict: 'fail',
    reason: 'face_mismatch',
    section: 'livness_obj',
  });
  expect(byKey.liveness).toMatchObject({ source: 'liveness_provider', value: 0.97, verdict: 'pass' });
  expect(byKey.liveness_module).toMatchObject({ value: 'auto_approved', verdict: 'pass' });
  expect(byKey.bank_name_match).toMatchObject({
    source: 'penny_drop',
    value: 100,
    threshold: 'exact or close',
    verdict: 'pass',
    section: 'bank_obj',
  });
  expect(byKey.pan_name_dob).toMatchObject({ source: 'pan_provider', verdict: 'pass' });
});

it('flags a failed face match and a failed liveness in the queue, and nothing for a clean selfie', async () => {
  const failed = await seed({ ...FAILED_SELFIE, live: false, review_reasons: ['not_live', 'face_mismatch'] });
  expect((await queueItem(failed.mobile)).alerts).toEqual(['face_match', 'liveness']);
  const failedChecks = await checksOf(failed.id);
  expect(failedChecks.find((c) => c.key === 'liveness')).toMatchObject({ verdict: 'fail', reason: 'not_live' });

  const clean = await seed({
    ...FAILED_SELFIE,
    status: 'auto_approved',
    face_match: true,
    face_match_score: 0.88,
    review_reasons: undefined,
  });
  expect((await queueItem(clean.mobile)).alerts).toEqual([]);
  expect((await checksOf(clean.id)).find((c) => c.key === 'face_match')).toMatchObject({
    value: 0.88,
    verdict: 'pass',
    reason: null,
  });
});

it('says when no face match was recorded instead of borrowing another score', async () => {
  const { id } = await seed({ image: 'data:image/png;base64,iVBORw0KGgo=', status: 'auto_approved', message: 'x' });
  expect((await checksOf(id)).find((c) => c.key === 'face_match')).toMatchObject({
    value: null,
    verdict: 'not_run',
    reason: 'not_recorded',
  });
});
