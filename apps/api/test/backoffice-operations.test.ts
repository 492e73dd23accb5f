import { STAGE } from '@ekyc/contracts/stages';
import { sql } from 'drizzle-orm';
import type { StaffRole } from '@ekyc/contracts/calls/backoffice-login';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, call, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
const PASSWORD = 'Reviewer-Desk-Passphrase-4417';

async function staff(email: string, name: string, role: StaffRole = 'reviewer') {
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

async function bo<T = Record<string, unknown>>(
  token: string,
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; query?: Record<string, string> } = {},
) {
  const res = await app.inject({
    method,
    url: `/api/v1/backoffice/${path}`,
    query: options.query,
    headers: bearer(token),
    ...(options.body !== undefined && { payload: options.body as object }),
  });
  const json = String(res.headers['content-type']).startsWith('application/json');
  return {
    statusCode: res.statusCode,
    text: res.body,
    body: (json ? res.json() : {}) as { status: boolean; message: string; data: T },
  };
}

/** A selfie the liveness step approved: live, and matching the Aadhaar photo. */
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

async function seed(name = 'ASHA VERMA', pan = 'ABCPV4321Q', livness_obj?: object) {
  const mobile = uniqueMobile();
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: {
      mobile,
      stage: STAGE.STATUS,
      sections: {
        pan_obj: { full_name: name, name_on_card: name, pan_number: pan, dob: '01/02/1990' },
        ...(livness_obj && { livness_obj }),
      },
    },
  });
  const data = (res.json() as { data: { token: string; applicant_id: string } }).data;
  return { mobile, token: data.token, id: data.applicant_id };
}

let priya: { id: string; token: string };
let ravi: { id: string; token: string };
let admin: { id: string; token: string };

beforeAll(async () => {
  app = await testApp({ FOUR_EYES: 'true' });
  priya = await staff('priya.ops@broker.example', 'Priya Nair');
  ravi = await staff('ravi.ops@broker.example', 'Ravi Kumar', 'checker');
  admin = await staff('lead.ops@broker.example', 'Lead Admin', 'admin');
}, 120_000);
afterAll(() => app.close());

describe('claims', () => {
  it('lets one reviewer hold an application; the other is told who holds it and cannot decide', async () => {
    const { id } = await seed();
    const claimed = await bo<{ claim: { name: string; mine: boolean } }>(
      priya.token,
      'POST',
      `applications/${id}/claim`,
    );
    expect(claimed.body.data.claim).toMatchObject({ name: 'Priya Nair', mine: true });
    const second = await bo(ravi.token, 'POST', `applications/${id}/claim`);
    expect(second.statusCode).toBe(409);
    expect(second.body.message).toBe('Priya Nair is working on this application.');
    const decide = await bo(ravi.token, 'POST', `applications/${id}/decisions`, {
      body: { decisions: [{ stage: 160, activity: 'Accept' }] },
    });
    expect(decide.statusCode).toBe(409);
    const view = await bo<{ claim: { name: string; mine: boolean } }>(ravi.token, 'GET', `applications/${id}`);
    expect(view.body.data.claim).toMatchObject({ name: 'Priya Nair', mine: false });
    const mine = await bo<{ items: { id: string }[] }>(priya.token, 'GET', 'applications', {
      query: { assigned: 'mine', status: 'Pending' },
    });
    expect(mine.body.data.items.map((i) => i.id)).toContain(id);
    const unassigned = await bo<{ items: { id: string }[] }>(priya.token, 'GET', 'applications', {
      query: { assigned: 'unassigned', status: 'Pending' },
    });
    expect(unassigned.body.data.items.map((i) => i.id)).not.toContain(id);
    const byReviewer = await bo<{ items: { id: string; claim: { name: string } }[] }>(
      ravi.token,
      'GET',
      'applications',
      {
        query: { assigned: priya.id },
      },
    );
    expect(byReviewer.body.data.items.find((i) => i.id === id)?.claim?.name).toBe('Priya Nair');
  });

  it('lets an admin re-assign, and a reviewer release', async () => {
    const { id } = await seed();
    await bo(priya.token, 'POST', `applications/${id}/claim`);
    const refused = await bo(ravi.token, 'POST', `applications/${id}/assign`, { body: { staff_id: ravi.id } });
    expect(refused.statusCode).toBe(403);
    const assigned = await bo<{ claim: { name: string } }>(admin.token, 'POST', `applications/${id}/assign`, {
      body: { staff_id: ravi.id },
    });
    expect(assigned.body.data.claim.name).toBe('Ravi Kumar');
    expect((await bo(priya.token, 'POST', `applications/${id}/claim`)).body.message).toBe(
      'Ravi Kumar is working on this application.',
    );
    await bo(ravi.token, 'POST', `applications/${id}/release`);
    expect((await bo(priya.token, 'POST', `applications/${id}/claim`)).statusCode).toBe(200);
  });

  it('lets a claim lapse after the idle time', async () => {
    const lapsing = await testApp({ BACKOFFICE_CLAIM_IDLE_MINUTES: '1' });
    try {
      const { id } = await (async () => {
        const mobile = uniqueMobile();
        const res = await lapsing.inject({
          method: 'POST',
          url: '/sandbox/fixtures/applicant',
          payload: { mobile, stage: STAGE.STATUS, sections: {} },
        });
        return { id: (res.json() as { data: { applicant_id: string } }).data.applicant_id };
      })();
      const sign = async (email: string, name: string) => {
        await lapsing.inject({
          method: 'POST',
          url: '/sandbox/fixtures/staff',
          payload: { email, name, role: 'reviewer', password: PASSWORD },
        });
        const r = await lapsing.inject({
          method: 'POST',
          url: '/api/v1/backoffice/login',
          payload: { email, password: PASSWORD },
        });
        return (r.json() as { data: { token: string } }).data.token;
      };
      const a = await sign('a.lapse@broker.example', 'Anita Rao');
      const b = await sign('b.lapse@broker.example', 'Bala Iyer');
      const claim = (t: string) =>
        lapsing.inject({ method: 'POST', url: `/api/v1/backoffice/applications/${id}/claim`, headers: bearer(t) });
      expect((await claim(a)).statusCode).toBe(200);
      expect((await claim(b)).statusCode).toBe(409);
      await lapsing.deps.database.db.execute(
        // this application's claim only: other files share the server-mode database
        sql`update backoffice_claims set last_active_at = now() - interval '2 minutes' where applicant_id = ${id}`,
      );
      expect((await claim(b)).statusCode).toBe(200);
    } finally {
      await lapsing.close();
    }
  });
});

describe('coded reasons', () => {
  it('sends the applicant back to the reason’s stage; the status carries the code and the note', async () => {
    const { id, token } = await seed();
    const wrongStage = await bo(priya.token, 'POST', `applications/${id}/decisions`, {
      body: { decisions: [{ stage: 160, activity: 'Reject', code: 'SIGNATURE_MISMATCH' }] },
    });
    expect(wrongStage.statusCode).toBe(400);
    const res = await bo(priya.token, 'POST', `applications/${id}/decisions`, {
      body: { decisions: [{ stage: 170, activity: 'Reject', code: 'SIGNATURE_MISMATCH', reason: 'Sign as on PAN' }] },
    });
    expect(res.body.data).toMatchObject({ status: 'Rejected' });
    const status = await call<{ status: string; reasons: unknown[] }>(app, 'GET', 'get-application-status', { token });
    expect(status.body.data.status).toBe('Rejected');
    // the reason's text as it was sent (the reasons table's version), in the five languages
    expect(status.body.data.reasons).toEqual([
      {
        stage: 170,
        code: 'SIGNATURE_MISMATCH',
        note: 'Sign as on PAN',
        texts: expect.objectContaining({ hi: 'आपके हस्ताक्षर आपके पैन कार्ड पर किए हस्ताक्षर से मेल नहीं खाते' }),
      },
    ]);
  });
});

describe('queue', () => {
  it('finds applications by name, part of the mobile number, PAN and client code; sorts; exports CSV', async () => {
    const a = await seed('MEERA KRISHNAN', 'AAAPK1111A');
    const search = async (q: string) =>
      (await bo<{ items: { id: string }[] }>(priya.token, 'GET', 'applications', { query: { q } })).body.data.items.map(
        (i) => i.id,
      );
    expect(await search('meera')).toContain(a.id);
    expect(await search('Krishnan Meera')).toContain(a.id);
    expect(await search('kris')).toContain(a.id);
    expect(await search(a.mobile.slice(-5))).toContain(a.id);
    expect(await search(a.mobile.slice(0, 6))).toContain(a.id);
    expect(await search('AAAPK1111A')).toContain(a.id);
    expect(await search('meera zzz')).not.toContain(a.id);
    await app.deps.database.db.execute(sql`update applicants set client_code = 'EKQZ7731XY' where id = ${a.id}`);
    expect(await search('ekqz77')).toContain(a.id);
    const sorted = await bo<{ items: { waiting_since: string }[]; sla: { amber_hours: number } }>(
      priya.token,
      'GET',
      'applications',
      { query: { sort: 'waiting', dir: 'desc' } },
    );
    const times = sorted.body.data.items.map((i) => Date.parse(i.waiting_since));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(sorted.body.data.sla.amber_hours).toBe(4);
    const csv = await bo(priya.token, 'GET', 'applications/export', { query: { q: 'meera' } });
    expect(csv.text.split('\r\n')[0]).toBe(
      'Name,Mobile,PAN,Stage,Status,Waiting since,Waiting hours,Held by,Client code,Source,Started',
    );
    expect(csv.text).toContain('MEERA KRISHNAN');
  });

  it('gives the next application nobody else holds', async () => {
    const next = await bo<{ id: string | null }>(ravi.token, 'GET', 'applications/next');
    expect(next.statusCode).toBe(200);
    if (next.body.data.id) {
      const held = await bo<{ claim: { name: string } | null }>(ravi.token, 'GET', `applications/${next.body.data.id}`);
      expect(held.body.data.claim === null || held.body.data.claim.name === 'Ravi Kumar').toBe(true);
    }
  });
});

describe('bulk acceptance and four eyes', () => {
  it('accepts clean applications in one action; each still waits for a checker', async () => {
    const apps = [];
    for (let i = 0; i < 3; i++) apps.push(await seed('ASHA VERMA', 'ABCPV4321Q', PASSED_SELFIE));
    const res = await bo<{ results: { id: string; outcome: string }[] }>(
      priya.token,
      'POST',
      'applications/bulk-accept',
      {
        body: { ids: apps.map((a) => a.id) },
      },
    );
    expect(res.body.data.results.map((r) => r.outcome)).toEqual(['accepted', 'accepted', 'accepted']);
    for (const a of apps) {
      const view = await bo<{ approval: { step: string; can_act: boolean } }>(
        priya.token,
        'GET',
        `applications/${a.id}`,
      );
      expect(view.body.data.approval).toMatchObject({ step: 'confirm', can_act: false });
      expect((await bo(priya.token, 'POST', `applications/${a.id}/confirm`)).statusCode).toBe(403);
      expect((await bo(ravi.token, 'POST', `applications/${a.id}/confirm`)).body.data).toMatchObject({
        status: 'Approved',
      });
    }
  });

  it('takes an application only when every check recorded a pass; the queue flags a selfie sent to review', async () => {
    const unavailable = await seed('MANUAL REVIEW', 'ABCPV4322Q', {
      ...PASSED_SELFIE,
      status: 'needs_review',
      face_match: undefined,
      face_match_score: undefined,
      review_reasons: ['face_match_unavailable'],
    });
    const noLocation = await seed('NO LOCATION', 'ABCPV4323Q', {
      ...PASSED_SELFIE,
      status: 'needs_review',
      review_reasons: ['no_location'],
    });
    const noSelfie = await seed('NO SELFIE', 'ABCPV4324Q');
    const res = await bo<{ results: { id: string; outcome: string; reason: string }[] }>(
      priya.token,
      'POST',
      'applications/bulk-accept',
      { body: { ids: [unavailable.id, noLocation.id, noSelfie.id] } },
    );
    expect(res.body.data.results).toEqual([
      {
        id: unavailable.id,
        outcome: 'skipped',
        reason: 'Checks to look at: face match (not run), selfie (sent to manual review)',
      },
      { id: noLocation.id, outcome: 'skipped', reason: 'Checks to look at: selfie (sent to manual review)' },
      { id: noSelfie.id, outcome: 'skipped', reason: 'Checks to look at: face match (not recorded)' },
    ]);
    const alertsOf = async (mobile: string) =>
      (await bo<{ items: { alerts: string[] }[] }>(priya.token, 'GET', 'applications', { query: { q: mobile } })).body
        .data.items[0]!.alerts;
    expect(await alertsOf(unavailable.mobile)).toEqual(['needs_review']);
    expect(await alertsOf(noLocation.mobile)).toEqual(['needs_review']);
    expect(await alertsOf(noSelfie.mobile)).toEqual([]);
  });

  it('shows team figures', async () => {
    const team = await bo<{ decisions: { name: string; decisions: number }[]; queue_ages: unknown[] }>(
      priya.token,
      'GET',
      'team',
    );
    expect(team.body.data.decisions.some((d) => d.name === 'Priya Nair' && d.decisions > 0)).toBe(true);
    expect(team.body.data.queue_ages).toHaveLength(5);
  });
});
