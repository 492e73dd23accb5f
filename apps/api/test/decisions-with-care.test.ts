/**
 * Decisions with care: accepting a stage against a failed or not-run check needs
 * a note, kept for the checker; the supervisor assigns and reopens, apart from the admin's staff
 * and settings.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { panWithDigits, signedSections } from './support/registrations.ts';
import { bearer, reviewerToken, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
let maker: string;
let supervisor: string;
let pans = 7000;

const bo = (token: string, path: string, payload?: object) =>
  app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/api/v1/backoffice/${path}`,
    headers: bearer(token),
    ...(payload && { payload }),
  });
const data = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;

/** A signed application whose selfie did not match the Aadhaar photo. */
async function faceMismatch(): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: {
      mobile: uniqueMobile(),
      stage: 220,
      sections: signedSections(panWithDigits(String(pans++)), {
        livness_obj: { is_live: true, face_match: false, face_match_score: 0.31, face_match_threshold: 0.6 },
      }),
    },
  });
  return data<{ applicant_id: string }>(res).applicant_id;
}

beforeAll(async () => {
  app = await testApp({ FOUR_EYES: 'true' });
  maker = await reviewerToken(app, `maker.care.${Date.now()}@broker.example`, 'reviewer');
  supervisor = await reviewerToken(app, `supervisor.care.${Date.now()}@broker.example`, 'supervisor');
}, 120_000);
afterAll(() => app.close());

describe('a note to accept against a failed check', () => {
  it('is required: 400 naming decisions, and the stage stays undecided', async () => {
    const id = await faceMismatch();
    const res = await bo(maker, `applications/${id}/decisions`, { decisions: [{ stage: 200, activity: 'Accept' }] });
    expect(res.statusCode).toBe(400);
    expect(data<{ field: string; stage: number; checks: string[] }>(res)).toMatchObject({
      field: 'decisions',
      stage: 200,
      checks: ['face_match'],
    });
    const stages = data<{ stages: { stage: number; admin_activity: string }[] }>(
      await bo(maker, `applications/${id}`),
    ).stages;
    expect(stages.find((s) => s.stage === 200)?.admin_activity).toBe('Pending');
  });

  it('is kept for the checker beside the decision; other stages need none', async () => {
    const id = await faceMismatch();
    const res = await bo(maker, `applications/${id}/decisions`, {
      decisions: [
        { stage: 130, activity: 'Accept' },
        { stage: 200, activity: 'Accept', note: 'Compared in person at the branch: same person, older Aadhaar photo' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const notes = data<{ notes: { kind: string; stage: number | null; note: string }[] }>(
      await bo(maker, `applications/${id}/notes`),
    ).notes;
    expect(notes).toContainEqual(
      expect.objectContaining({
        kind: 'override',
        stage: 200,
        note: 'Compared in person at the branch: same person, older Aadhaar photo',
      }),
    );
  });
});

describe('the supervisor', () => {
  it('assigns work, which a reviewer may not; staff administration stays the admin’s', async () => {
    const id = await faceMismatch();
    const staff = data<{ staff: { id: string } }>(await bo(maker, 'me')).staff;
    expect((await bo(maker, `applications/${id}/assign`, { staff_id: staff.id })).statusCode).toBe(403);
    const assigned = await bo(supervisor, `applications/${id}/assign`, { staff_id: staff.id });
    expect(assigned.statusCode).toBe(200);
    expect(data<{ claim: { staff_id: string } }>(assigned).claim.staff_id).toBe(staff.id);
    expect((await bo(supervisor, 'staff')).statusCode).toBe(403);
  });
});
