/**
 * Personal-data breaches (DPDP Rules 2025 r.7): an admin records one (when, what, which data,
 * whose) and lists the applicants it affects with their contacts to tell them, the Board's report
 * due 72 hours after it became known; the listing is audited; a reviewer can do none of it.
 */
import type { Breach, BreachAffected } from '@ekyc/contracts/calls/backoffice-privacy';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, reviewerToken, signUpWithEmail, testApp } from './support/test-app.ts';

const BO = '/api/v1/backoffice';
let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
}, 120_000);
afterAll(() => app.close());

it('records a breach and lists the applicants it affects with their contacts, for an admin only, audited', async () => {
  const before = new Date(Date.now() - 60_000).toISOString();
  const touched = await signUpWithEmail(app);
  const other = await signUpWithEmail(app);
  const touchedId = (await app.deps.records.findByMobile(touched.mobile))!.id;
  const admin = await reviewerToken(app, 'breach.admin@broker.example', 'admin');
  const reviewer = await reviewerToken(app, 'breach.reviewer@broker.example');

  const body = {
    occurred_from: before,
    occurred_to: new Date().toISOString(),
    detected_at: new Date().toISOString(),
    description: 'A misconfigured export exposed contact details.',
    data_classes: ['contact'],
    selection: { kind: 'applicants', applicant_ids: [touchedId] },
  };
  const forbidden = await app.inject({
    method: 'POST',
    url: `${BO}/privacy/breaches`,
    headers: bearer(reviewer),
    payload: body,
  });
  expect(forbidden.statusCode).toBe(403);

  const invalid = await app.inject({
    method: 'POST',
    url: `${BO}/privacy/breaches`,
    headers: bearer(admin),
    payload: { ...body, data_classes: [] },
  });
  expect(invalid.statusCode).toBe(400);
  expect(JSON.stringify(invalid.json())).toContain('Choose the data the breach touched.');

  const recorded = await app.inject({
    method: 'POST',
    url: `${BO}/privacy/breaches`,
    headers: bearer(admin),
    payload: body,
  });
  expect(recorded.statusCode).toBe(200);
  const breach = (recorded.json() as { data: Breach }).data;
  expect(Date.parse(breach.board_report_due) - Date.parse(breach.detected_at)).toBe(72 * 3_600_000);
  expect(breach.board_notified_at).toBeNull();

  const list = await app.inject({ method: 'GET', url: `${BO}/privacy/breaches`, headers: bearer(admin) });
  expect((list.json() as { data: { breaches: Breach[] } }).data.breaches.map((b) => b.id)).toContain(breach.id);

  const url = `${BO}/privacy/breaches/${breach.id}/affected`;
  expect((await app.inject({ method: 'GET', url, headers: bearer(reviewer) })).statusCode).toBe(403);
  const affected = (await app.inject({ method: 'GET', url, headers: bearer(admin) })).json() as {
    data: BreachAffected;
  };
  expect(affected.data.count).toBe(1);
  expect(affected.data.applicants).toEqual([
    expect.objectContaining({ applicant_id: touchedId, mobile: touched.mobile, email: touched.email, language: 'en' }),
  ]);
  expect(JSON.stringify(affected.data)).not.toContain(other.mobile);

  // who read the contacts, and how many, is on the audit log
  const { rows } = (await app.deps.database.db.execute(
    sql`select actor_id, after from audit_log where action = 'breach.contacts_viewed'`,
  )) as unknown as { rows: { actor_id: string; after: { breach_id: string; count: number } }[] };
  expect(rows.some((r) => r.after.breach_id === breach.id && r.after.count === 1)).toBe(true);

  const notified = await app.inject({
    method: 'POST',
    url: `${BO}/privacy/breaches/${breach.id}/board-notified`,
    headers: bearer(admin),
  });
  expect((notified.json() as { data: Breach }).data.board_notified_at).not.toBeNull();
});

it('a breach over a time window affects everyone whose record existed then', async () => {
  const admin = await reviewerToken(app, 'breach.admin2@broker.example', 'admin');
  const during = await signUpWithEmail(app);
  const end = new Date().toISOString();
  const recorded = await app.inject({
    method: 'POST',
    url: `${BO}/privacy/breaches`,
    headers: bearer(admin),
    payload: {
      occurred_from: new Date(Date.now() - 3_600_000).toISOString(),
      occurred_to: end,
      detected_at: end,
      description: 'Database backup copied by an unknown party.',
      data_classes: ['contact', 'identity'],
      selection: { kind: 'window' },
    },
  });
  const breach = (recorded.json() as { data: Breach }).data;
  // signed up after the window: not affected
  const after = await signUpWithEmail(app);
  const affected = (
    await app.inject({ method: 'GET', url: `${BO}/privacy/breaches/${breach.id}/affected`, headers: bearer(admin) })
  ).json() as { data: BreachAffected };
  const mobiles = affected.data.applicants.map((a) => a.mobile);
  expect(mobiles).toContain(during.mobile);
  expect(mobiles).not.toContain(after.mobile);
});
