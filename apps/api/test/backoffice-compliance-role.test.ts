/**
 * The unmasked evidence bundle and the rule-set move belong to compliance (and administrators):
 * a reviewer is refused, compliance downloads within its hourly allowance, and every download,
 * export and document a staff member opens is on the audit trail. Compliance reads the queue and an
 * application as a reviewer does, and takes no review action.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, ownerFileLink, reviewerToken, signUp, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
let applicantId: string;
let reviewer: string;
let compliance: string;
beforeAll(async () => {
  app = await testApp({ EVIDENCE_BUNDLES_PER_HOUR: '2' });
  const { mobile } = await signUp(app);
  applicantId = (await app.deps.records.findByMobile(mobile))!.id;
  reviewer = await reviewerToken(app, `reviewer-${uniqueMobile()}@broker.example`);
  compliance = await reviewerToken(app, `compliance-${uniqueMobile()}@broker.example`, 'compliance');
});
afterAll(() => app.close());

const bundle = (token: string) =>
  app.inject({ url: `/api/v1/backoffice/applications/${applicantId}/evidence-bundle`, headers: bearer(token) });
const audit = async (chain: string) =>
  (
    (
      await app.inject({ url: `/api/v1/backoffice/applications/${chain}/audit`, headers: bearer(compliance) })
    ).json() as {
      data: { entries: { action: string; actor_kind: string; actor_role: string | null; after: unknown }[] };
    }
  ).data.entries;

it('refuses the evidence bundle to a reviewer; compliance downloads it, audited, up to its hourly allowance', async () => {
  const refused = await bundle(reviewer);
  expect(refused.statusCode).toBe(403);
  expect(refused.json().message).toBe('Only compliance or an administrator can do this.');
  expect((await bundle(compliance)).statusCode).toBe(200);
  expect((await bundle(compliance)).statusCode).toBe(200);
  const third = await bundle(compliance);
  expect(third.statusCode).toBe(429);
  expect(third.headers['retry-after']).toBe('3600');
  const exported = (await audit(applicantId)).filter((e) => e.action === 'application.evidence_exported');
  expect(exported).toHaveLength(2);
});

it('lets only compliance or an administrator move the rule set', async () => {
  const url = `/api/v1/backoffice/applications/${applicantId}/rule-set`;
  const byReviewer = await app.inject({
    method: 'POST',
    url,
    headers: bearer(reviewer),
    payload: { to: '2021-10-01' },
  });
  expect(byReviewer.statusCode).toBe(403);
  const byCompliance = await app.inject({
    method: 'POST',
    url,
    headers: bearer(compliance),
    payload: { to: '2021-10-01' },
  });
  // admitted: an older set is refused by the rule itself
  expect(byCompliance.statusCode).toBe(400);
});

it('compliance reads what a reviewer reads and takes no review action', async () => {
  const read = await app.inject({ url: `/api/v1/backoffice/applications/${applicantId}`, headers: bearer(compliance) });
  expect(read.statusCode).toBe(200);
  const claim = await app.inject({
    method: 'POST',
    url: `/api/v1/backoffice/applications/${applicantId}/claim`,
    headers: bearer(compliance),
  });
  expect(claim.statusCode).toBe(403);
  expect(claim.json().message).toBe('Compliance reads applications; a reviewer decides them.');
});

it('audits a CSV export on the staff trail and a staff document download on the application’s', async () => {
  const csv = await app.inject({ url: '/api/v1/backoffice/applications/export', headers: bearer(reviewer) });
  expect(csv.statusCode).toBe(200);
  const admin = await reviewerToken(app, `admin-${uniqueMobile()}@broker.example`, 'admin');
  const staffTrail = (
    (await app.inject({ url: '/api/v1/backoffice/staff/audit', headers: bearer(admin) })).json() as {
      data: { entries: { action: string }[] };
    }
  ).data.entries;
  expect(staffTrail.map((e) => e.action)).toContain('queue.exported');

  const ref = await app.deps.records.saveFile(applicantId, {
    kind: 'signature',
    contentType: 'image/png',
    bytes: Buffer.from('89504e470d0a1a0a', 'hex'),
  });
  // the applicant's own download is not a staff access
  expect((await app.inject({ url: await ownerFileLink(app, ref.$file) })).statusCode).toBe(200);
  const staff = (await app.deps.sessions.authenticate(reviewer, 'staff'))!;
  const link = app.deps.records.fileUrl(ref, staff.sessionId);
  expect((await app.inject({ url: link })).statusCode).toBe(200);
  const downloads = (await audit(applicantId)).filter((e) => e.action === 'document.downloaded');
  expect(downloads).toEqual([
    expect.objectContaining({
      actor_kind: 'staff',
      actor_role: 'reviewer',
      after: { file: ref.$file, kind: 'signature' },
    }),
  ]);
});
