/**
 * Escalation holds: a reviewer puts an application on hold with a coded reason and a note, the
 * queue flags it, a second hold is refused while one is open, a supervisor's release ends it; each
 * is audited (the reason, not the note). The reports leave held time out of the turnaround, so a
 * wait spent on hold is no SLA breach.
 */
import type { StaffRole } from '@ekyc/contracts/calls/backoffice-login';
import type { HoldsData } from '@ekyc/contracts/calls/backoffice-holds';
import type { QueueData } from '@ekyc/contracts/calls/backoffice-queue';
import type { ReportsData } from '@ekyc/contracts/calls/backoffice-reports';
import { STAGE } from '@ekyc/contracts/stages';
import { workingSecondsBetween } from '@ekyc/contracts/working-hours';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
const PASSWORD = 'Holds-Desk-Passphrase-4128';

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
        pan_obj: { full_name: 'MEERA IYER', name_on_card: 'MEERA IYER', pan_number: pan, dob: '03/04/1988' },
      },
    },
  });
  return (res.json() as { data: { applicant_id: string } }).data.applicant_id;
}

type Member = { id: string; token: string };
let hema: Member;
let sunil: Member;
let lead: Member;
let auditor: Member;
let held: string;

beforeAll(async () => {
  app = await testApp({ FOUR_EYES: 'true' });
  hema = await staff('hema.holds@broker.example', 'Hema Reviewer', 'reviewer');
  sunil = await staff('sunil.holds@broker.example', 'Sunil Supervisor', 'supervisor');
  lead = await staff('lead.holds@broker.example', 'Lead Holds', 'admin');
  auditor = await staff('audit.holds@broker.example', 'Asha Compliance', 'compliance');
  held = await seed('ABCPH4128Q');
}, 300_000);
afterAll(() => app.close());

it('holds with a coded reason and a note, flags the queue, refuses a second hold, and a supervisor releases it', async () => {
  const none = await bo<HoldsData>(hema.token, 'GET', `applications/${held}/holds`);
  expect(none.body.data).toEqual({ current: null, holds: [] });

  const hold = await bo<HoldsData>(hema.token, 'POST', `applications/${held}/hold`, {
    reason_code: 'COMPLIANCE_REVIEW',
    note: 'Compliance asked about the source of funds',
  });
  expect(hold.statusCode).toBe(200);
  expect(hold.body.data.current).toMatchObject({
    reason_code: 'COMPLIANCE_REVIEW',
    note: 'Compliance asked about the source of funds',
    held_by: { staff_id: hema.id, name: 'Hema Reviewer' },
    released_at: null,
  });

  const queue = await bo<QueueData>(lead.token, 'GET', `applications?q=${held}`);
  const item = queue.body.data.items.find((i) => i.id === held);
  expect(item?.hold).toMatchObject({ reason_code: 'COMPLIANCE_REVIEW' });

  const again = await bo(lead.token, 'POST', `applications/${held}/hold`, {
    reason_code: 'SUSPECTED_FRAUD',
    note: 'A second look at the bank proof',
  });
  expect(again.statusCode).toBe(409);
  expect(again.body.message).toBe('Hema Reviewer put this application on hold already.');

  const released = await bo<HoldsData>(sunil.token, 'POST', `applications/${held}/hold/release`, {
    note: 'Compliance answered: salary account',
  });
  expect(released.statusCode).toBe(200);
  expect(released.body.data.current).toBeNull();
  expect(released.body.data.holds[0]).toMatchObject({
    released_by: { staff_id: sunil.id, name: 'Sunil Supervisor' },
    release_note: 'Compliance answered: salary account',
  });
  const after = await bo<QueueData>(lead.token, 'GET', `applications?q=${held}`);
  expect(after.body.data.items.find((i) => i.id === held)?.hold).toBeNull();

  const twice = await bo(sunil.token, 'POST', `applications/${held}/hold/release`, { note: 'Once more' });
  expect(twice.statusCode).toBe(409);

  // the trail has both, with the reason and without the notes
  const trail = await app.deps.database.db.execute(
    sql`select action, after, before from audit_log where applicant_id = ${held}::uuid
        and action in ('application.held', 'application.hold_released') order by id`,
  );
  const rows = (trail as unknown as { rows: { action: string; after: unknown; before: unknown }[] }).rows;
  expect(rows.map((r) => r.action)).toEqual(['application.held', 'application.hold_released']);
  expect(JSON.stringify(rows)).not.toContain('source of funds');
  expect(JSON.stringify(rows)).toContain('COMPLIANCE_REVIEW');
});

it('refuses a hold without a note or with an unknown reason, and refuses compliance, which only reads', async () => {
  const bare = await bo(hema.token, 'POST', `applications/${held}/hold`, {
    reason_code: 'COMPLIANCE_REVIEW',
    note: '',
  });
  expect(bare.statusCode).toBe(400);
  const unknown = await bo(hema.token, 'POST', `applications/${held}/hold`, {
    reason_code: 'LUNCH',
    note: 'Back soon',
  });
  expect(unknown.statusCode).toBe(400);
  const reader = await bo(auditor.token, 'POST', `applications/${held}/hold`, {
    reason_code: 'COMPLIANCE_REVIEW',
    note: 'Looking at it',
  });
  expect(reader.statusCode).toBe(403);
  expect((await bo(auditor.token, 'GET', `applications/${held}/holds`)).statusCode).toBe(200);
});

it('leaves held time out of the turnaround: a long wait spent on hold is no breach', async () => {
  const db = app.deps.database.db;
  // ten calendar days waiting for a decision, all but the last minute of it on hold
  await db.execute(sql`insert into review_holds (applicant_id, reason_code, note_enc, held_by, held_at, released_by, released_at)
    values (${held}::uuid, 'THIRD_PARTY_CONFIRMATION', ${app.deps.cipher.encrypt('Waiting for the exchange')},
      ${hema.id}::uuid, now() - interval '10 days', ${hema.id}::uuid, now() - interval '1 minute')`);
  await db.execute(sql`insert into review_decisions
    (audit_id, applicant_id, staff_id, at, stage, role, outcome, reason_code, waiting_from)
    values (-4128, ${held}::uuid, ${hema.id}::uuid, now(), 160, 'maker', 'accept', null, now() - interval '10 days')`);
  const data = (await bo<ReportsData>(lead.token, 'GET', 'reports?days=30')).body.data;
  expect(data.breaches.find((b) => b.applicant_id === held)).toBeUndefined();
  const hemas = data.people.find((p) => p.name === 'Hema Reviewer');
  expect(hemas).toMatchObject({ applications: 1, breaches: 0 });
  expect(hemas!.median_working_hours).toBeLessThan(0.1);
});

it("counts working seconds in the database as the API's clock does, less the hold's working seconds", async () => {
  const db = app.deps.database.db;
  const count = async (from: Date, to: Date) =>
    Number(
      (
        (await db.execute(
          sql`select review_working_seconds(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz) as s`,
        )) as unknown as { rows: { s: unknown }[] }
      ).rows[0]!.s,
    );
  // Monday 2026-12-07 09:00 IST to Tuesday 2026-12-08 18:00 IST: 18 working hours
  const cases: [string, string][] = [
    ['2026-12-07T03:30:00Z', '2026-12-08T12:30:00Z'],
    ['2026-12-04T10:00:00Z', '2026-12-08T05:15:30Z'],
    // over Christmas, a trading holiday, and a weekend
    ['2026-12-23T08:00:00Z', '2026-12-29T11:00:00Z'],
    ['2026-03-02T00:00:00Z', '2026-03-31T23:00:00Z'],
    ['2026-12-08T12:30:00Z', '2026-12-07T03:30:00Z'],
  ];
  for (const [f, t] of cases)
    expect(await count(new Date(f), new Date(t))).toBe(workingSecondsBetween(new Date(f), new Date(t)));
  expect(await count(new Date(cases[0]![0]), new Date(cases[0]![1]))).toBe(18 * 3600);

  // held from Sunday until Monday 12:00 IST: three working hours of the wait
  await db.execute(sql`insert into review_holds (applicant_id, reason_code, note_enc, held_by, held_at, released_by, released_at)
    values (${held}::uuid, 'SUPERVISOR_QUERY', ${app.deps.cipher.encrypt('Asked the supervisor')},
      ${hema.id}::uuid, '2026-12-06T04:30:00Z', ${hema.id}::uuid, '2026-12-07T06:30:00Z')`);
  const heldRows = (await db.execute(
    sql`select review_held_seconds(${held}::uuid, '2026-12-07T03:30:00Z', '2026-12-08T12:30:00Z') as s`,
  )) as unknown as { rows: { s: unknown }[] };
  expect(Number(heldRows.rows[0]!.s)).toBe(3 * 3600);
});
