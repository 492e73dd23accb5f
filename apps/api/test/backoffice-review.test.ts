import { MSG } from '@ekyc/contracts/messages';
import { STAGE } from '@ekyc/contracts/stages';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { panWithDigits, signedSections } from './support/registrations.ts';
import { bearer, call, latestOtp, testApp, uniqueMobile } from './support/test-app.ts';

const ADMIN = { email: 'chief@broker.example', password: 'correct horse battery staple' };
let app: FastifyInstance;
let adminToken: string;

beforeAll(async () => {
  app = await testApp({
    BACKOFFICE_ADMIN_EMAIL: ADMIN.email,
    BACKOFFICE_ADMIN_PASSWORD: ADMIN.password,
    // the hashes as a deployment stores them (other test apps use a lower, test-only cost)
    STAFF_PASSWORD_SCRYPT_LOG_N: '15',
  });
  adminToken = await login(ADMIN.email, ADMIN.password);
}, 120_000);
afterAll(() => app.close());

async function bo<T = Record<string, unknown>>(
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; body?: unknown; query?: Record<string, string> } = {},
) {
  const res = await app.inject({
    method,
    url: `/api/v1/backoffice/${path}`,
    query: options.query,
    headers: options.token ? bearer(options.token) : {},
    ...(options.body !== undefined && { payload: options.body as object }),
  });
  return { statusCode: res.statusCode, body: res.json() as { status: boolean; message: string; data: T } };
}

async function login(email: string, password: string): Promise<string> {
  const res = await bo<{ token: string }>('POST', 'login', { body: { email, password } });
  if (!res.body.status) throw new Error(`login failed: ${res.body.message}`);
  return res.body.data.token;
}

const SECTIONS = {
  pan_obj: { full_name: 'ASHA VERMA', name_on_card: 'ASHA VERMA', pan_number: 'ABCPV4321Q', dob: '01/02/1990' },
  digilocker_obj: { cdl_documents: [{ document_type: 'AADHAARCARD', name: 'Asha Verma', uid: '987654321098' }] },
  bank_obj: { ifsc: 'HDFC0000001', account_number: '123456789012', account_type: 'Saving' },
};

async function seed(stage: number = STAGE.STATUS, sections: object = SECTIONS) {
  const mobile = uniqueMobile();
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile, stage, sections },
  });
  const data = (res.json() as { data: { token: string; applicant_id: string } }).data;
  return { mobile, token: data.token, id: data.applicant_id };
}

type Details = [
  {
    kyc_status_obj: [{ kyc_list: { stage: number; admin_activity: string | null; reason: string | null }[] }];
    review_obj: { is_object: boolean; status?: string; text?: string };
    client_code: string | null;
  },
];
const details = async (token: string) => (await call<Details>(app, 'GET', 'get-user-details', { token })).body.data[0];

const outbox = async (to: string) =>
  (await app.inject({ url: `/sandbox/outbox?to=${to}` })).json() as { channel: string; text: string }[];

describe('staff sign-in and authorisation', () => {
  it('signs in the first admin from the environment and refuses a wrong password without saying which part', async () => {
    const me = await bo<{ staff: { email: string; role: string } }>('GET', 'me', { token: adminToken });
    expect(me.body.data.staff).toMatchObject({ email: ADMIN.email, role: 'admin' });
    const wrong = await bo('POST', 'login', { body: { email: ADMIN.email, password: 'not the password' } });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.body).toMatchObject({ status: false, message: 'Incorrect email or password' });
    const unknown = await bo('POST', 'login', { body: { email: 'nobody@broker.example', password: 'whatever' } });
    expect(unknown.body.message).toBe(wrong.body.message);
  });

  it('stores passwords as salted scrypt hashes', async () => {
    const rows = (await app.deps.database.db.execute(sql`select password_hash from staff`)) as unknown as
      { rows: { password_hash: string }[] } | { password_hash: string }[];
    const hashes = (Array.isArray(rows) ? rows : rows.rows).map((r) => r.password_hash);
    for (const h of hashes) {
      expect(h).toMatch(/^scrypt\$(1[5-9]|2\d)\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
      expect(h).not.toContain(ADMIN.password);
    }
  });

  it('lets a reviewer act on nothing without a session', async () => {
    const { id } = await seed();
    expect((await bo('GET', 'applications')).statusCode).toBe(401);
    expect((await bo('GET', `applications/${id}`)).statusCode).toBe(401);
    const decide = await bo('POST', `applications/${id}/decisions`, {
      body: { decisions: [{ stage: 160, activity: 'Accept' }] },
    });
    expect(decide.statusCode).toBe(401);
    expect((await bo('GET', 'applications', { token: 'forged-token' })).statusCode).toBe(401);
    expect(
      (await details((await seed()).token)).kyc_status_obj[0].kyc_list.every((k) => k.admin_activity !== 'Accept'),
    ).toBe(true);
  });

  it('opens nothing in the back office to an applicant token', async () => {
    const { id, token } = await seed();
    for (const [method, path, body] of [
      ['GET', 'me'],
      ['GET', 'applications'],
      ['GET', `applications/${id}`],
      ['GET', `applications/${id}/audit`],
      ['POST', `applications/${id}/decisions`, { decisions: [{ stage: 160, activity: 'Accept' }] }],
      ['GET', 'funnel'],
      ['GET', 'staff'],
      ['POST', 'staff', { email: 'x@y.example', name: 'Mallory', role: 'admin', password: 'a-long-password-1' }],
    ] as const)
      expect((await bo(method, path, { token, body })).statusCode, `${method} ${path}`).toBe(401);
  });

  it('does not let a reviewer add or disable staff, and a disabled account is signed out at once', async () => {
    const added = await bo<{ staff: { id: string } }>('POST', 'staff', {
      token: adminToken,
      body: { email: 'rita@broker.example', name: 'Rita Reviewer', role: 'reviewer', password: 'reviewer-pass-123' },
    });
    expect(added.body.status).toBe(true);
    const reviewerToken = await login('rita@broker.example', 'reviewer-pass-123');
    // the password the admin chose must be replaced first
    expect((await bo('GET', 'applications', { token: reviewerToken })).statusCode).toBe(403);
    const own = { current_password: 'reviewer-pass-123', new_password: 'tidal quokka marmalade 47' };
    expect((await bo('POST', 'password', { token: reviewerToken, body: own })).statusCode).toBe(200);
    expect((await bo('GET', 'applications', { token: reviewerToken })).statusCode).toBe(200);
    const attempt = await bo('POST', 'staff', {
      token: reviewerToken,
      body: { email: 'eve@broker.example', name: 'Eve Intruder', role: 'admin', password: 'intruder-pass-123' },
    });
    expect(attempt.statusCode).toBe(403);
    expect((await bo('GET', 'staff', { token: reviewerToken })).statusCode).toBe(403);
    const list = await bo<{ staff: { email: string }[] }>('GET', 'staff', { token: adminToken });
    expect(list.body.data.staff.map((s) => s.email)).not.toContain('eve@broker.example');

    const disabled = await bo('POST', `staff/${added.body.data.staff.id}/active`, {
      token: adminToken,
      body: { active: false },
    });
    expect(disabled.body.status).toBe(true);
    expect((await bo('GET', 'applications', { token: reviewerToken })).statusCode).toBe(401);
    const again = await bo('POST', 'login', { body: { email: 'rita@broker.example', password: own.new_password } });
    expect(again.body.status).toBe(false);
  });
});

describe('review, rejection, resubmission and activation', () => {
  it('queues the finished application with masked mobile and PAN, found by PAN', async () => {
    const { id, mobile } = await seed();
    const res = await bo<{
      items: { id: string; mobile: string; pan: string; status: string; name: string }[];
      counts: Record<string, number>;
    }>('GET', 'applications', { token: adminToken, query: { q: 'abcpv4321q', status: 'Pending' } });
    const item = res.body.data.items.find((i) => i.id === id)!;
    expect(item).toMatchObject({ status: 'Pending', pan: 'ABC****21Q', name: 'ASHA VERMA' });
    expect(item.mobile).toBe(`${mobile.slice(0, 2)}******${mobile.slice(-2)}`);
    expect(JSON.stringify(res.body)).not.toContain(mobile);
    expect(res.body.data.counts.Pending).toBeGreaterThanOrEqual(1);
    const byMobile = await bo<{ items: { id: string }[] }>('GET', 'applications', {
      token: adminToken,
      query: { q: mobile },
    });
    expect(byMobile.body.data.items.map((i) => i.id)).toEqual([id]);
  });

  it('shows Aadhaar by its last four digits only', async () => {
    const { id } = await seed();
    const res = await bo('GET', `applications/${id}`, { token: adminToken });
    const text = JSON.stringify(res.body.data);
    expect(text).not.toContain('98765432');
    expect(text).toContain('XXXX XXXX 1098');
  });

  it('sends a rejected stage back to the applicant; once every stage is accepted a checker approves, then the registrations activate', async () => {
    const { id, token, mobile } = await seed(STAGE.STATUS, signedSections(panWithDigits('4321')));
    const rejected = await bo('POST', `applications/${id}/decisions`, {
      token: adminToken,
      body: { decisions: [{ stage: 160, activity: 'Reject', reason: 'Bank proof is unreadable' }] },
    });
    expect(rejected.body).toMatchObject({ status: true, data: { status: 'Rejected' } });

    let record = await details(token);
    const list = record.kyc_status_obj[0].kyc_list;
    expect(list.at(-1)).toMatchObject({ stage: 160, admin_activity: 'Reject', reason: 'Bank proof is unreadable' });
    expect(record.review_obj).toMatchObject({ status: 'Rejected', text: MSG.statusRejected });
    // The SMS names the stage (a DLT template holds no free text); the email also gives the reason.
    const [sms] = await outbox(mobile);
    expect(sms?.text).toContain('needs a correction (Bank)');
    expect(sms?.text).not.toContain('Bank proof is unreadable');
    expect((await outbox(`fixture${mobile}@example.com`))[0]?.text).toContain('(Bank: Bank proof is unreadable)');

    // No decision on stages that are back with the applicant.
    const early = await bo('POST', `applications/${id}/decisions`, {
      token: adminToken,
      body: { decisions: [{ stage: 160, activity: 'Accept' }] },
    });
    expect(early.statusCode).toBe(409);

    // The applicant submits the bank stage again, the same account (a change would void the
    // signature, lifecycle-resign.test.ts): back to the furthest stage, back in the queue.
    const moved = await app.deps.records.completeStage(id, STAGE.BANK_AND_SEGMENT, {
      sections: { bank_obj: signedSections(panWithDigits('4321')).bank_obj },
    });
    expect(moved.stage).toBe(220);
    await expect.poll(async () => (await details(token)).review_obj.status).toBe('Pending');
    const queue = await bo<{ items: { id: string; status: string }[] }>('GET', 'applications', {
      token: adminToken,
      query: { status: 'Pending', q: mobile },
    });
    expect(queue.body.data.items.map((i) => i.id)).toEqual([id]);

    const stages = [110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210];
    const accepted = await bo<{ status: string; awaiting_confirmation: boolean }>(
      'POST',
      `applications/${id}/decisions`,
      { token: adminToken, body: { decisions: stages.map((stage) => ({ stage, activity: 'Accept' })) } },
    );
    expect(accepted.body.data).toMatchObject({ status: 'Pending', awaiting_confirmation: true });
    // In sandbox mode four eyes is off: the same reviewer confirms; the sandbox registrations activate.
    const approved = await bo('POST', `applications/${id}/confirm`, { token: adminToken });
    expect(approved.body.data).toMatchObject({ status: 'Approved' });
    expect((await details(token)).review_obj).toMatchObject({ status: 'Approved', text: MSG.statusVerified });
    await expect
      .poll(async () => (await details(token)).review_obj.status, { timeout: 20_000, interval: 100 })
      .toBe('Completed');
    record = await details(token);
    expect(record.client_code).toMatch(/^EK[A-Z2-9]{8}$/);
    expect(record.review_obj).toMatchObject({ status: 'Completed', text: MSG.statusActive });
    expect(record.kyc_status_obj[0].kyc_list.map((k) => k.admin_activity)).toEqual(Array(12).fill('Accept'));
    // the welcome follows Completed, in the activation's own step
    await expect
      .poll(async () => (await outbox(mobile))[0]?.text, { timeout: 20_000, interval: 100 })
      .toContain(MSG.statusActive);

    // Activated applications accept no further decisions.
    const after = await bo('POST', `applications/${id}/decisions`, {
      token: adminToken,
      body: { decisions: [{ stage: 160, activity: 'Reject', reason: 'Changed my mind' }] },
    });
    expect(after.statusCode).toBe(409);
  });

  it('keeps the decisions on the other stages when the applicant resubmits the one sent back', async () => {
    const { id, token } = await seed(STAGE.STATUS, signedSections(panWithDigits('4322')));
    const others = [110, 120, 130, 140, 150, 170, 180, 190, 200, 210];
    const decided = await bo('POST', `applications/${id}/decisions`, {
      token: adminToken,
      body: {
        decisions: [
          ...others.map((stage) => ({ stage, activity: 'Accept' })),
          { stage: 160, activity: 'Reject', reason: 'Bank proof is unreadable' },
        ],
      },
    });
    expect(decided.body).toMatchObject({ status: true, data: { status: 'Rejected' } });

    const moved = await app.deps.records.completeStage(id, STAGE.BANK_AND_SEGMENT, {
      sections: { bank_obj: signedSections(panWithDigits('4322')).bank_obj },
    });
    expect(moved.stage).toBe(220);
    const list = (await details(token)).kyc_status_obj[0].kyc_list;
    const activity = Object.fromEntries(list.map((k) => [k.stage, k.admin_activity]));
    expect(activity).toEqual({
      ...Object.fromEntries(others.map((stage) => [stage, 'Accept'])),
      160: 'Pending',
      220: 'Pending',
    });
    expect(list.at(-1)?.stage).toBe(220);
    await expect.poll(async () => (await details(token)).review_obj.status).toBe('Pending');

    // only the resubmitted stage is left to decide
    const accepted = await bo<{ status: string; awaiting_confirmation: boolean }>(
      'POST',
      `applications/${id}/decisions`,
      { token: adminToken, body: { decisions: [{ stage: 160, activity: 'Accept' }] } },
    );
    expect(accepted.body.data).toMatchObject({ status: 'Pending', awaiting_confirmation: true });
  });

  it('requires a reason to reject', async () => {
    const { id } = await seed();
    const res = await bo('POST', `applications/${id}/decisions`, {
      token: adminToken,
      body: { decisions: [{ stage: 160, activity: 'Reject' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toContain('reason');
  });
});

describe('audit trail', () => {
  it('records staff decisions and stage changes, and detects an altered row', async () => {
    const { id } = await seed();
    await bo('POST', `applications/${id}/decisions`, {
      token: adminToken,
      body: { decisions: [{ stage: 170, activity: 'Reject', reason: 'Signature does not match PAN' }] },
    });
    type Audit = {
      entries: {
        id: number;
        actor_kind: string;
        actor: string;
        action: string;
        stage: number | null;
        after: unknown;
      }[];
      chain: { valid: boolean; broken_at: number | null };
    };
    const trail = await bo<Audit>('GET', `applications/${id}/audit`, { token: adminToken });
    expect(trail.body.data.chain).toEqual({ valid: true, checked: trail.body.data.entries.length, broken_at: null });
    const decision = trail.body.data.entries.findLast((e) => e.action === 'stage.activity' && e.stage === 170)!;
    expect(decision).toMatchObject({ actor_kind: 'staff', actor: ADMIN.email });
    expect(decision.after).toMatchObject({ admin_activity: 'Reject', reason: 'Signature does not match PAN' });
    expect(trail.body.data.entries.some((e) => e.action === 'stage.reached' && e.actor_kind === 'applicant')).toBe(
      true,
    );

    const db = app.deps.database.db;
    // The table refuses changes...
    await expect(db.execute(sql`update audit_log set action = 'x' where id = ${decision.id}`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log where id = ${decision.id}`)).rejects.toThrow();
    // ...and someone who gets around that is still caught by the chain.
    await db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    await db.execute(
      sql`update audit_log set after = '{"admin_activity":"Accept","reason":null,"seq":1}' where id = ${decision.id}`,
    );
    await db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    const tampered = await bo<Audit>('GET', `applications/${id}/audit`, { token: adminToken });
    expect(tampered.body.data.chain).toMatchObject({ valid: false, broken_at: decision.id });
  });
});

describe('funnel', () => {
  it('counts applicants reaching each stage and where they stopped', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/sandbox/fixtures/applicant',
      payload: { mobile: uniqueMobile(), stage: 150 },
    });
    expect(res.statusCode).toBe(200);
    const funnel = await bo<{ stages: { stage: number; reached: number; dropped: number }[]; started: number }>(
      'GET',
      'funnel',
      { token: adminToken },
    );
    const byStage = new Map(funnel.body.data.stages.map((s) => [s.stage, s]));
    expect(byStage.get(110)!.reached).toBe(funnel.body.data.started);
    expect(byStage.get(150)!.dropped).toBeGreaterThanOrEqual(1);
    expect(byStage.get(150)!.reached).toBeGreaterThan(byStage.get(160)!.reached);
    // A campaign's own funnel: one applicant who signed up from it and stopped at email.
    const mobile = uniqueMobile();
    await call(app, 'POST', 'send-otp', { body: { mobile, whatspp_opt: false } });
    const otp = await latestOtp(app, mobile);
    await call(app, 'POST', 'verify-otp', {
      body: { mobile, otp, utm_source: 'newsletter', utm_campaign: 'diwali', referral_code: 'FRIEND1' },
    });
    const campaign = await bo<{
      stages: { stage: number; reached: number; dropped: number; drop_pct: number; median_seconds: number | null }[];
      started: number;
      options: { utm_source: string[] };
    }>('GET', 'funnel', { token: adminToken, query: { utm_source: 'newsletter', utm_campaign: 'diwali' } });
    expect(campaign.body.data.started).toBe(1);
    expect(campaign.body.data.options.utm_source).toContain('newsletter');
    const [mobileStage, emailStage, panStage] = campaign.body.data.stages;
    expect(mobileStage).toMatchObject({ stage: 110, reached: 1, dropped: 0 });
    expect(mobileStage!.median_seconds).not.toBeNull();
    expect(emailStage).toMatchObject({ stage: 120, reached: 1, dropped: 1, drop_pct: 100, median_seconds: null });
    expect(panStage).toMatchObject({ stage: 130, reached: 0 });

    const none = await bo<{ started: number }>('GET', 'funnel', {
      token: adminToken,
      query: { utm_source: 'no-such-source' },
    });
    expect(none.body.data.started).toBe(0);
  });
});
