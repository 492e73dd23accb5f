/**
 * What is approved is what was signed. A signed applicant who changes, in a stage sent back, data
 * the signed form prints goes back to e-sign for a new version of the form; the stage whose data
 * changed waits for a decision again, even one accepted before; the reviewer sees each changed
 * field old and new; the approval waits for the new signature and refuses a record that differs
 * from the form signed last.
 */
import { STAGE } from '@ekyc/contracts/stages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { panWithDigits, signedSections } from './support/registrations.ts';
import { sign } from './support/signing.ts';
import { bearer, call, reviewerToken, testApp, uniqueMobile } from './support/test-app.ts';

/** The sandbox e-sign records no signer-name check: accepting a stage against a check not run needs a note. */
const ACCEPT_NOTE = 'Checked by the reviewer';

let app: FastifyInstance;
let reviewer: string;

beforeAll(async () => {
  app = await testApp();
  reviewer = await reviewerToken(app, `resign.${Date.now()}@broker.example`);
}, 120_000);
afterAll(() => app.close());

const ALL = [110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210];

interface Changes {
  state: string;
  signed_at: string;
  fields: { stage: number; label: string; old: string; new: string }[];
}

/** A signed application (seeded), every stage accepted but those sent back. */
async function signedAndSentBack(digits: string, ...stages: number[]) {
  const mobile = uniqueMobile();
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile, stage: STAGE.STATUS, sections: signedSections(panWithDigits(digits)) },
  });
  const { applicant_id: id, token } = (res.json() as { data: { applicant_id: string; token: string } }).data;
  const decided = await decide(id, [
    ...ALL.filter((s) => !stages.includes(s)).map((stage) => ({ stage, activity: 'Accept', note: ACCEPT_NOTE })),
    ...stages.map((stage) => ({ stage, activity: 'Reject', reason: 'Please correct this step' })),
  ]);
  expect(decided.statusCode).toBe(200);
  return { id, token, mobile };
}

const decide = (id: string, decisions: object[]) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/backoffice/applications/${id}/decisions`,
    headers: bearer(reviewer),
    payload: { decisions },
  });

const confirm = (id: string) =>
  app.inject({ method: 'POST', url: `/api/v1/backoffice/applications/${id}/confirm`, headers: bearer(reviewer) });

async function review(id: string) {
  const res = await app.inject({ url: `/api/v1/backoffice/applications/${id}`, headers: bearer(reviewer) });
  return (
    res.json() as {
      data: { signed_changes: Changes | null; stages: { stage: number; admin_activity: string | null }[] };
    }
  ).data;
}

const activityOf = async (id: string, stage: number) =>
  (await app.deps.records.kycList(id)).find((s) => s.stage === stage)?.adminActivity;

it('sends a changed bank account back to e-sign, shows it old and new, and approves only the form signed again', async () => {
  const applicant = await signedAndSentBack('5511', STAGE.BANK_AND_SEGMENT);
  const { id, token } = applicant;

  const bank = await call<{ screen: string }>(app, 'POST', 'bank-verification', {
    token,
    query: { is_vpa: 'false' },
    body: { ifsc: 'HDFC0000001', account_number: '50100123456789', account_type: 'Saving' },
  });
  expect(bank.body).toMatchObject({ status: true, data: { screen: '/e-sign' } });
  expect(await app.deps.records.currentStage(id)).toBe(STAGE.ESIGN);
  expect(await activityOf(id, STAGE.ESIGN)).toBeNull();
  expect(await activityOf(id, STAGE.BANK_AND_SEGMENT)).toBe('Pending');

  // the applicant is told what to sign again
  const form = await call<{ sign_again?: string[] }>(app, 'GET', 'esign-initate', { token });
  expect(form.body.data.sign_again).toContain('Account number');

  // the reviewer: the account old and new, the bank stage waiting for a decision
  const waiting = await review(id);
  expect(waiting.signed_changes).toMatchObject({ state: 'awaiting_signature' });
  expect(waiting.signed_changes!.fields).toContainEqual({
    stage: 160,
    label: 'Account number',
    old: '50100012345678',
    new: '50100123456789',
  });
  expect(waiting.stages.find((s) => s.stage === 160)?.admin_activity).toBe('Pending');
  // nothing to decide or approve before the new signature: the application is with the applicant
  expect((await decide(id, [{ stage: 160, activity: 'Accept' }])).statusCode).toBe(409);
  expect((await confirm(id)).statusCode).toBe(409);

  await sign(app, applicant);
  expect(await app.deps.records.currentStage(id)).toBe(STAGE.STATUS);
  const signedAgain = await review(id);
  expect(signedAgain.signed_changes).toMatchObject({ state: 'signed_again' });
  expect(signedAgain.signed_changes!.fields.map((f) => f.label)).toContain('Account number');
  const accepted = await decide(
    id,
    [160, 210].map((stage) => ({ stage, activity: 'Accept', note: ACCEPT_NOTE })),
  );
  expect(accepted.statusCode, accepted.body).toBe(200);
  expect((await confirm(id)).json()).toMatchObject({ status: true, data: { status: 'Approved' } });
});

it('resets the decision on an accepted stage whose data changed beside the one sent back (the demat choice)', async () => {
  const { id, token } = await signedAndSentBack('5512', STAGE.NOMINEE);
  expect(await activityOf(id, STAGE.SEGMENT)).toBe('Accept');
  const choice = await call(app, 'POST', 'update-demat-choice', {
    token,
    body: { account_type: 'regular', holds_other_demat: true, ddpi: true },
  });
  expect(choice.body.status).toBe(true);
  const nominees = await call<{ screen: string }>(app, 'POST', 'update-nominee', {
    token,
    body: { skip_nominee: true },
  });
  expect(nominees.body.data.screen).toBe('/e-sign');
  expect(await activityOf(id, STAGE.SEGMENT)).toBe('Pending');
  const labels = (await review(id)).signed_changes!.fields.map((f) => `${f.stage} ${f.label}`);
  expect(labels).toEqual(expect.arrayContaining(['190 Demat account', '190 DDPI']));
});

it('returns to the final stage when the stage sent back is resubmitted unchanged', async () => {
  const { id } = await signedAndSentBack('5513', STAGE.BANK_AND_SEGMENT);
  const same = signedSections(panWithDigits('5513')).bank_obj;
  expect(
    (await app.deps.records.completeStage(id, STAGE.BANK_AND_SEGMENT, { sections: { bank_obj: same } })).stage,
  ).toBe(STAGE.STATUS);
  expect((await review(id)).signed_changes).toBeNull();
});

it('refuses to approve a record that differs from the form signed last, whatever the stage list says', async () => {
  const { id } = await signedAndSentBack('5514');
  // a change written around the steps (as a direct edit of the record would)
  await app.deps.records.seed(id, { bank_obj: { ifsc: 'ICIC0000001', account_number: '000111222333' } });
  const refused = await confirm(id);
  expect(refused.statusCode).toBe(409);
  expect(refused.json()).toMatchObject({ message: expect.stringContaining('signs it again') });
});
