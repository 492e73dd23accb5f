/**
 * The review reports: decisions counted per application (not per stage) for makers and checkers,
 * reasons by code, first-time-right, maker-checker pairs, time in each status and SLA breaches in
 * working hours. An administrator sees the team's figures; a reviewer only their own.
 */
import type { StaffRole } from '@ekyc/contracts/calls/backoffice-login';
import type { ReportsData } from '@ekyc/contracts/calls/backoffice-reports';
import { STAGE } from '@ekyc/contracts/stages';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Tx } from '../src/db/client.ts';
import { query } from '../src/db/raw.ts';
import { seesTeamFigures } from '../src/modules/backoffice/reports/sees-team-figures.ts';
import { bearer, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
const PASSWORD = 'Reports-Desk-Passphrase-7310';
const STAGES = [110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210];
const PASSED_SELFIE = {
  image: 'data:image/png;base64,iVBORw0KGgo=',
  status: 'auto_approved',
  module_outcome: 'auto_approved',
  face_match: true,
  face_match_score: 0.82,
  face_match_threshold: 0.5,
  live: true,
  live_confidence: 0.97,
};

async function staff(email: string, name: string, role: StaffRole) {
  const made = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/staff',
    payload: { email, name, role, password: PASSWORD },
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/backoffice/login',
    payload: { email, password: PASSWORD },
  });
  return {
    id: (made.json() as { data: { id: string } }).data.id,
    token: (login.json() as { data: { token: string } }).data.token,
  };
}

async function bo<T = Record<string, unknown>>(token: string, method: 'GET' | 'POST', path: string, body?: object) {
  const res = await app.inject({
    method,
    url: `/api/v1/backoffice/${path}`,
    headers: bearer(token),
    ...(body && { payload: body }),
  });
  return { statusCode: res.statusCode, body: res.json() as { status: boolean; message: string; data: T } };
}

async function seed(pan: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: {
      mobile: uniqueMobile(),
      stage: STAGE.STATUS,
      sections: {
        pan_obj: { full_name: 'ASHA VERMA', name_on_card: 'ASHA VERMA', pan_number: pan, dob: '01/02/1990' },
        livness_obj: PASSED_SELFIE,
      },
    },
  });
  return (res.json() as { data: { applicant_id: string } }).data.applicant_id;
}

type Member = { id: string; token: string };
let priya: Member;
let mohan: Member;
let ravi: Member;
let lead: Member;
let approved: string;
let sentBack: string;
const reports = async (who: Member) => (await bo<ReportsData>(who.token, 'GET', 'reports?days=30')).body.data;

beforeAll(async () => {
  app = await testApp({ FOUR_EYES: 'true' });
  priya = await staff('priya.reports@broker.example', 'Priya Maker', 'reviewer');
  mohan = await staff('mohan.reports@broker.example', 'Mohan Maker', 'reviewer');
  ravi = await staff('ravi.reports@broker.example', 'Ravi Checker', 'checker');
  lead = await staff('lead.reports@broker.example', 'Lead Admin', 'admin');

  // Priya accepts every stage of one application in one go; Ravi confirms it.
  approved = await seed('ABCPV7301Q');
  const accepted = await bo(priya.token, 'POST', `applications/${approved}/decisions`, {
    decisions: STAGES.map((stage) => ({ stage, activity: 'Accept' })),
  });
  expect(accepted.body.status).toBe(true);
  await bo(priya.token, 'POST', `applications/${approved}/release`);
  expect((await bo(ravi.token, 'POST', `applications/${approved}/confirm`)).body.data).toMatchObject({
    status: 'Approved',
  });

  // Mohan sends another back with a coded reason.
  sentBack = await seed('ABCPV7302Q');
  const rejected = await bo(mohan.token, 'POST', `applications/${sentBack}/decisions`, {
    decisions: [{ stage: 170, activity: 'Reject', code: 'SIGNATURE_MISMATCH' }],
  });
  expect(rejected.body.status).toBe(true);
}, 180_000);
afterAll(() => app.close());

it('shows the team per application, not per stage, with checkers beside makers', async () => {
  const data = await reports(lead);
  expect(data.scope).toBe('team');
  const person = (name: string, role: string) => data.people.find((p) => p.name === name && p.role === role);
  expect(person('Priya Maker', 'maker')).toMatchObject({
    applications: 1,
    stage_decisions: 11,
    sent_back: 0,
    breaches: 0,
  });
  expect(person('Mohan Maker', 'maker')).toMatchObject({ applications: 1, stage_decisions: 1, sent_back: 1 });
  expect(person('Ravi Checker', 'checker')).toMatchObject({ applications: 1, stage_decisions: 1 });
  expect(person('Priya Maker', 'maker')?.median_working_hours).toBeGreaterThanOrEqual(0);
});

it('counts reasons by code, first-time-right and the maker-checker pairs', async () => {
  const data = await reports(lead);
  expect(data.reasons).toEqual([expect.objectContaining({ code: 'SIGNATURE_MISMATCH', applications: 1 })]);
  expect(data.first_time_right).toEqual({ approved: 1, first_time: 1, rate: 100 });
  expect(data.pairs).toEqual([
    { maker_id: priya.id, maker: 'Priya Maker', checker_id: ravi.id, checker: 'Ravi Checker', applications: 1 },
  ]);
});

it('gives each confirmed application its time in each status', async () => {
  const data = await reports(lead);
  const row = data.states.applications.find((a) => a.id === approved);
  expect(row).toBeDefined();
  expect(Object.keys(row!.hours).sort()).toEqual([
    'Approved',
    'Closed',
    'Completed',
    'In progress',
    'Pending',
    'Rejected',
  ]);
  expect(row!.hours.Rejected).toBe(0);
  expect(row!.hours.Closed).toBe(0);
  expect(data.states.medians.map((m) => m.status)).toEqual([
    'Pending',
    'Approved',
    'Rejected',
    'In progress',
    'Closed',
  ]);
  expect(data.states.applications.map((a) => a.id)).not.toContain(sentBack);
});

it('shows a reviewer only their own figures', async () => {
  const own = await reports(mohan);
  expect(own.scope).toBe('own');
  expect(own.people.map((p) => p.name)).toEqual(['Mohan Maker']);
  expect(own.pairs).toEqual([]);
  expect(own.first_time_right.approved).toBe(0);
  const priyas = await reports(priya);
  expect(priyas.people.map((p) => p.name)).toEqual(['Priya Maker']);
  expect(priyas.reasons).toEqual([]);
  expect(priyas.pairs.map((p) => p.maker)).toEqual(['Priya Maker']);
  expect(seesTeamFigures(['reviewer'])).toBe(false);
  expect(seesTeamFigures(['checker'])).toBe(false);
  expect(seesTeamFigures(['admin'])).toBe(true);
  expect(seesTeamFigures(['supervisor'])).toBe(true);
});

it('rebuilds the same decisions and status rows from the audit trail (review_reports_backfill)', async () => {
  const db = app.deps.database.db;
  const rows = async (q: Tx) => ({
    decisions: await query(
      q,
      sql`select audit_id, applicant_id, staff_id, at, stage, role, outcome, reason_code, waiting_from
        from review_decisions order by audit_id`,
    ),
    statuses: await query(q, sql`select audit_id, applicant_id, at, status from review_status_log order by audit_id`),
  });
  const written = await rows(db);
  expect(written.decisions).toHaveLength(STAGES.length + 2);
  const rollback = new Error('rolled back');
  const rebuilt = await db
    .transaction(async (tx) => {
      await tx.execute(sql`delete from review_decisions`);
      await tx.execute(sql`delete from review_status_log`);
      await tx.execute(sql`select review_reports_backfill()`);
      const again = await rows(tx);
      throw Object.assign(rollback, { again });
    })
    .catch((err: unknown) => {
      if (err !== rollback) throw err;
      return (err as typeof rollback & { again: Awaited<ReturnType<typeof rows>> }).again;
    });
  expect(rebuilt).toEqual(written);
});

it('lists a decision that took longer than the SLA in working hours as a breach', async () => {
  // a wait of ten calendar days (at least five trading days of nine working hours) before the decision
  await app.deps.database.db.execute(sql`insert into review_decisions
    (audit_id, applicant_id, staff_id, at, stage, role, outcome, reason_code, waiting_from)
    values (-1, ${sentBack}::uuid, ${mohan.id}::uuid, now(), 160, 'maker', 'accept', null, now() - interval '10 days')`);
  const data = await reports(lead);
  const breach = data.breaches.find((b) => b.applicant_id === sentBack);
  expect(breach).toMatchObject({ name: 'Mohan Maker', role: 'maker' });
  expect(breach!.working_hours).toBeGreaterThan(data.sla_working_hours);
  expect(data.people.find((p) => p.name === 'Mohan Maker')!.breaches).toBe(1);
  expect((await reports(priya)).breaches).toEqual([]);
});

it('refuses a period outside 1 to 90 days, naming the field', async () => {
  const res = await bo(lead.token, 'GET', 'reports?days=365');
  expect(res.statusCode).toBe(400);
  expect(res.body.message).toContain('days');
});
