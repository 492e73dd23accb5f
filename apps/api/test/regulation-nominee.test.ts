import { MSG } from '@ekyc/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, call, latestOtp, reviewerToken, testApp, uniqueMobile } from './support/test-app.ts';

/**
 * Each application follows the rule set in force on the day it started: from 1 Mar 2025 up to
 * 10 nominees with date of birth and shares; from 1 Sep 2026 at most 3, only name and relationship
 * mandatory, equal shares with the odd unit to the first, opt-out confirmed by two OTPs or the e-sign.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

async function applicantOn(ruleSet: string) {
  const mobile = uniqueMobile();
  const email = `rules${mobile}@example.com`;
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile, email, stage: 180, rule_set: ruleSet },
  });
  const { token, applicant_id } = (res.json() as { data: { token: string; applicant_id: string } }).data;
  return { token, applicantId: applicant_id, mobile, email };
}

const full = { first_name: 'Sita', dob: '01/02/1985', nominee_relation: 'Spouse', percentage_share: '25' };
const bare = { first_name: 'Ravi', nominee_relation: 'Brother' };
const slots = (n: number, entry: object) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`nominee_${i + 1}`, entry]));
const save = (token: string, body: object) => call(app, 'POST', 'update-nominee', { token, body });

type Details = [{ nominee_obj: { nominee_list?: { percentage_share: string; first_name: string }[] } }];
const savedShares = async (token: string) =>
  (await call<Details>(app, 'GET', 'get-user-details', { token })).body.data[0].nominee_obj.nominee_list?.map(
    (n) => n.percentage_share,
  );

describe('the same nominee input under two rule sets', () => {
  it('four nominees: accepted when started in 2025 (up to 10), refused from 1 Sep 2026 (at most 3)', async () => {
    const input = { skip_nominee: false, updatedNomineeList: slots(4, full) };
    const in2025 = await applicantOn('2025-06-15');
    expect((await call(app, 'GET', 'get-nominee-config', { token: in2025.token })).body).toMatchObject({
      data: { max_nominees: 10, rule_set: '2025-03-01' },
    });
    expect((await save(in2025.token, input)).body).toMatchObject({ status: true });

    const in2026 = await applicantOn('2026-09-01');
    expect((await call(app, 'GET', 'get-nominee-config', { token: in2026.token })).body).toMatchObject({
      data: { max_nominees: 3, mandatory: ['name', 'relationship'], rule_set: '2026-09-01' },
    });
    const refused = await save(in2026.token, input);
    expect(refused.statusCode).toBe(400);
    expect(refused.body.message).toBe(`updatedNomineeList: ${MSG.nomineeSlots}`);
  });

  it('name and relationship only: accepted from 1 Sep 2026 with equal shares, refused under the 2025 rules', async () => {
    const input = { skip_nominee: false, updatedNomineeList: slots(3, bare) };
    const in2026 = await applicantOn('2026-10-01');
    expect((await save(in2026.token, input)).body).toMatchObject({ status: true });
    expect(await savedShares(in2026.token)).toEqual(['33.34', '33.33', '33.33']);

    const in2025 = await applicantOn('2025-06-15');
    const refused = await save(in2025.token, input);
    expect(refused.statusCode).toBe(400);
    expect(refused.body.message).toMatch(/^updatedNomineeList\.nominee_1\.(dob|percentage_share): /);
  });

  it('a minor still needs a date of birth and a guardian under the 2026 rules', async () => {
    const { token } = await applicantOn('2026-10-01');
    const res = await save(token, { skip_nominee: false, updatedNomineeList: slots(1, { ...bare, is_minor: true }) });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(`updatedNomineeList.nominee_1.dob: ${MSG.dobRequired}`);
  });

  it('shares, when given, must all be given and total 100', async () => {
    const { token } = await applicantOn('2026-10-01');
    const res = await save(token, {
      skip_nominee: false,
      updatedNomineeList: { nominee_1: { ...bare, percentage_share: '60' }, nominee_2: bare },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(`updatedNomineeList: ${MSG.shareEquals100}`);
  });
});

describe('opting out of nomination', () => {
  it('under the 2025 rules needs the OTPs; with both, the declaration is recorded as confirmed by OTP', async () => {
    const { token, mobile, email } = await applicantOn('2025-06-15');
    const bare = await save(token, { skip_nominee: true });
    expect(bare.statusCode).toBe(400);
    expect(bare.body.message).toMatch(/^opt_out_otp: Confirm opting out/);
    expect(bare.body).toMatchObject({ code: 'nomineeOptOutOtp' });

    expect((await call(app, 'POST', 'send-nominee-opt-out-otp', { token })).body).toMatchObject({ status: true });
    const mobileOtp = await latestOtp(app, mobile);
    const emailOtp = await latestOtp(app, email);
    const wrong = await save(token, {
      skip_nominee: true,
      opt_out_otp: { mobile_otp: mobileOtp, email_otp: emailOtp === '000000' ? '111111' : '000000' },
    });
    expect(wrong.body.message).toBe(`opt_out_otp.email_otp: ${MSG.otpWrong}`);
    const ok = await save(token, { skip_nominee: true, opt_out_otp: { mobile_otp: mobileOtp, email_otp: emailOtp } });
    expect(ok.body).toMatchObject({ status: true, message: MSG.nomineeSkipped });
  });

  it('from 1 Sep 2026 may be left to the e-sign of the form', async () => {
    const { token } = await applicantOn('2026-10-01');
    expect((await save(token, { skip_nominee: true })).body).toMatchObject({
      status: true,
      message: MSG.nomineeSkipped,
    });
  });
});

describe('moving an application to a newer rule set from the back office', () => {
  it('lists the changes, records the move, and the nominee rules follow the new set', async () => {
    const { token, applicantId } = await applicantOn('2025-06-15');
    const staff = await reviewerToken(app, `rules-${uniqueMobile()}@broker.example`, 'compliance');
    const url = `/api/v1/backoffice/applications/${applicantId}/rule-set`;
    const shown = (await app.inject({ url, headers: bearer(staff) })).json() as {
      data: {
        id: string;
        started_on: string;
        newer: { id: string; changes: { key: string; before: string; after: string }[] }[];
      };
    };
    expect(shown.data).toMatchObject({ id: '2025-03-01', started_on: '2025-06-15' });
    const latest = shown.data.newer.find((n) => n.id === '2026-09-01')!;
    expect(latest.changes).toContainEqual(expect.objectContaining({ key: 'nomineeMax', before: '10', after: '3' }));

    const older = await app.inject({ method: 'POST', url, headers: bearer(staff), payload: { to: '2023-07-01' } });
    expect(older.statusCode).toBe(400);
    const moved = await app.inject({ method: 'POST', url, headers: bearer(staff), payload: { to: '2026-09-01' } });
    expect(moved.json()).toMatchObject({
      status: true,
      data: { id: '2026-09-01', moves: [{ from: '2025-03-01', to: '2026-09-01' }] },
    });

    const refused = await save(token, { skip_nominee: false, updatedNomineeList: slots(4, full) });
    expect(refused.body.message).toBe(`updatedNomineeList: ${MSG.nomineeSlots}`);
  });
});
