/**
 * Staff account control (security review): a password an admin chose must be replaced by its
 * holder before anything else; with four eyes an admin or checker grant waits for a second admin;
 * staff sign in with a second factor (TOTP) enrolled at the first sign-in, with one-time recovery
 * codes, and an admin's reset of someone's second factor needs a second admin; the current
 * password of POST /password is checked under the sign-in throttle.
 */
import { PASSWORD_CHANGE_REQUIRED } from '@ekyc/contracts/calls/backoffice-password';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, describe, expect, it } from 'vitest';
import { staff } from '../src/db/schema/backoffice.ts';
import { SECOND_ADMIN_NEEDED } from '../src/modules/backoffice/approve-staff-role.ts';
import { operatorAddAdmin } from '../src/modules/backoffice/operator-staff.ts';
import { LOCKED_OUT } from '../src/modules/backoffice/throttle-staff-login.ts';
import { bearer, signInStaff, testApp } from './support/test-app.ts';

const ADMIN = { email: 'chief@broker.example', password: 'Kq7#mP2!xL9@wR4z-admin' };
const GIVEN = 'harbour lantern quince 2209';
const OWN = 'tidal quokka marmalade 47';

const apps: FastifyInstance[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

interface Member {
  id: string;
  role: string;
  pending_role: string | null;
  password_change_required: boolean;
  mfa_enrolled: boolean;
  mfa_reset_pending: boolean;
}
interface Reply<T> {
  statusCode: number;
  body: { status: boolean; message: string; data: T };
}

async function backOffice(env: Record<string, string>) {
  const app = await testApp({
    BACKOFFICE_ADMIN_EMAIL: ADMIN.email,
    BACKOFFICE_ADMIN_PASSWORD: ADMIN.password,
    STAFF_LOGIN_DELAY_SECONDS: '0',
    ...env,
  });
  apps.push(app);
  const bo = async <T = { staff: Member }>(
    path: string,
    options: { token?: string; body?: unknown; method?: 'GET' | 'POST' } = {},
  ): Promise<Reply<T>> => {
    const res = await app.inject({
      method: options.method ?? 'POST',
      url: `/api/v1/backoffice/${path}`,
      headers: options.token ? bearer(options.token) : {},
      ...(options.body !== undefined && { payload: options.body as object }),
    });
    return { statusCode: res.statusCode, body: res.json() };
  };
  const fourEyes = env.FOUR_EYES === 'true';
  /** With four eyes a member is invited and chooses their own password through the link mailed to them. */
  const acceptMailed = async (email: string) => {
    const outbox = (await app.inject({ method: 'GET', url: `/sandbox/outbox?to=${email}` })).json<{ text: string }[]>();
    const token = outbox[0]!.text.match(/#token=([\w-]+)/)![1]!;
    expect((await bo('invitation', { body: { token, password: OWN } })).body.status).toBe(true);
  };
  const add = async (token: string, email: string, role: string) => {
    const body = { email, name: 'Nora Staff', role, ...(!fourEyes && { password: GIVEN }) };
    const member = (await bo('staff', { token, body })).body.data.staff;
    if (fourEyes) await acceptMailed(email);
    return member;
  };
  /** The operator's command on the server adds an admin; they choose their password through its link. */
  const secondAdmin = async (email: string) => {
    const link = await operatorAddAdmin(app.deps, { email, name: 'Second Admin' });
    expect((await bo('invitation', { body: { token: link.split('#token=')[1], password: OWN } })).body.status).toBe(
      true,
    );
  };
  /** Signs in with the admin's password and replaces it, as the holder must (with four eyes: their own). */
  const takeOver = async (email: string) => {
    if (fourEyes) return signInStaff(app, email, OWN);
    const token = await signInStaff(app, email, GIVEN);
    expect((await bo('password', { token, body: { current_password: GIVEN, new_password: OWN } })).statusCode).toBe(
      200,
    );
    return token;
  };
  const audit = async (token: string) =>
    (
      await bo<{ entries: { action: string; after: Record<string, unknown> | null }[] }>('staff/audit', {
        token,
        method: 'GET',
      })
    ).body.data.entries;
  return { app, bo, add, takeOver, secondAdmin, audit };
}

describe('a password an admin chose', () => {
  it('must be replaced by its holder before any other action, after adding and after an admin reset', async () => {
    const { app, bo, add } = await backOffice({});
    const admin = await signInStaff(app, ADMIN.email, ADMIN.password);
    const added = await add(admin, 'rita@broker.example', 'reviewer');
    expect(added.password_change_required).toBe(true);

    let token = await signInStaff(app, 'rita@broker.example', GIVEN);
    const refused = await bo('applications', { token, method: 'GET' });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toMatchObject({ status: false, message: PASSWORD_CHANGE_REQUIRED });
    expect((await bo('password', { token, body: { current_password: GIVEN, new_password: OWN } })).statusCode).toBe(
      200,
    );
    expect((await bo('applications', { token, method: 'GET' })).statusCode).toBe(200);

    // an admin's reset: a new password she must replace again; her sessions end
    const reset = await bo(`staff/${added.id}/password`, { token: admin, body: { password: GIVEN } });
    expect(reset.body.data.staff.password_change_required).toBe(true);
    expect((await bo('applications', { token, method: 'GET' })).statusCode).toBe(401);
    token = await signInStaff(app, 'rita@broker.example', GIVEN);
    expect((await bo('applications', { token, method: 'GET' })).body.message).toBe(PASSWORD_CHANGE_REQUIRED);
  });
});

describe('four eyes on grants (FOUR_EYES=true)', () => {
  it('an admin or checker grant waits for a different admin; the audit trail names both', async () => {
    const { app, bo, add, takeOver, secondAdmin, audit } = await backOffice({ FOUR_EYES: 'true' });
    const first = await signInStaff(app, ADMIN.email, ADMIN.password);
    // a fresh installation's sole admin has no second admin to ask: the operator adds one on the server
    await secondAdmin('second@broker.example');
    const secondToken = await takeOver('second@broker.example');

    const checker = await add(first, 'carl@broker.example', 'checker');
    expect(checker).toMatchObject({ role: 'reviewer', pending_role: 'checker' });
    const mine = await bo(`staff/${checker.id}/role/approve`, { token: first });
    expect(mine.statusCode).toBe(403);
    expect(mine.body.message).toBe(SECOND_ADMIN_NEEDED);

    // meanwhile the account is a reviewer: it cannot confirm approvals nor manage staff
    const carl = await takeOver('carl@broker.example');
    expect((await bo('me', { token: carl, method: 'GET' })).body.data.staff.role).toBe('reviewer');
    expect((await bo(`staff/${checker.id}/role/approve`, { token: carl })).statusCode).toBe(403);

    const approved = await bo(`staff/${checker.id}/role/approve`, { token: secondToken });
    expect(approved.statusCode).toBe(200);
    expect(approved.body.data.staff).toMatchObject({ role: 'checker', pending_role: null });

    // changing an existing reviewer's role to admin waits likewise
    const rita = await add(first, 'rita@broker.example', 'reviewer');
    const promoted = await bo(`staff/${rita.id}/role`, { token: secondToken, body: { role: 'admin' } });
    expect(promoted.body.data.staff).toMatchObject({ role: 'reviewer', pending_role: 'admin' });
    expect((await bo(`staff/${rita.id}/role/approve`, { token: secondToken })).statusCode).toBe(403);
    expect((await bo(`staff/${rita.id}/role/approve`, { token: first })).body.data.staff.role).toBe('admin');

    const granted = (await audit(first)).filter((e) => e.action === 'staff.role_granted');
    expect(granted.map((e) => e.after)).toEqual([
      expect.objectContaining({ id: checker.id, role: 'checker', requested_by: expect.any(String) }),
      expect.objectContaining({ id: rita.id, role: 'admin' }),
    ]);
  });

  it('without four eyes a grant takes effect at once', async () => {
    const { app, add } = await backOffice({ FOUR_EYES: 'false' });
    const first = await signInStaff(app, ADMIN.email, ADMIN.password);
    await add(first, 'second@broker.example', 'admin');
    expect(await add(first, 'carl@broker.example', 'checker')).toMatchObject({ role: 'checker', pending_role: null });
  });
});

describe('second factor (STAFF_MFA=required)', () => {
  it('enrols at the first sign-in, then asks a code each time; a code and a recovery code serve once', async () => {
    const { app, bo } = await backOffice({ STAFF_MFA: 'required' });
    const login = () => bo<{ token?: string; mfa?: string; challenge?: string }>('login', { body: { ...ADMIN } });

    const first = await login();
    expect(first.body).toMatchObject({ status: true, data: { mfa: 'enrol' } });
    expect(first.body.data.token).toBeUndefined();
    const challenge = first.body.data.challenge!;
    // a challenge is not a session
    expect((await bo('me', { token: challenge, method: 'GET' })).statusCode).toBe(401);

    const enrolment = await bo<{ secret: string; otpauth_uri: string; qr_code: string }>('login/mfa/enrol', {
      body: { challenge },
    });
    const { secret, otpauth_uri: uri, qr_code: qr } = enrolment.body.data;
    expect(uri).toBe(
      `otpauth://totp/eKYC%20back%20office:${encodeURIComponent(ADMIN.email)}?secret=${secret}&issuer=eKYC%20back%20office`,
    );
    expect(qr).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    const wrong = await bo('login/mfa', { body: { challenge, code: '000000' } });
    expect(wrong.body).toMatchObject({ status: false, message: 'Incorrect code' });
    const code = await generate({ secret });
    const enrolled = await bo<{ token: string; recovery_codes: string[]; staff: Member }>('login/mfa', {
      body: { challenge, code },
    });
    expect(enrolled.body.status).toBe(true);
    expect(enrolled.body.data.staff.mfa_enrolled).toBe(true);
    // the enrolment's challenge cannot replace the secret afterwards
    expect((await bo('login/mfa/enrol', { body: { challenge } })).statusCode).toBe(401);
    const recovery = enrolled.body.data.recovery_codes;
    expect(recovery).toHaveLength(10);
    expect((await bo('staff', { token: enrolled.body.data.token, method: 'GET' })).statusCode).toBe(200);
    // the secret is kept sealed (AES-GCM), never in clear
    const stored = await app.deps.database.db.select().from(staff);
    expect(stored.find((s) => s.email === ADMIN.email)?.mfaSecret).toBeTruthy();
    expect(JSON.stringify(stored)).not.toContain(secret);

    // the next sign-in asks a code: the one just used is refused, a recovery code serves once
    const again = await login();
    expect(again.body.data).toMatchObject({ mfa: 'verify' });
    const replay = await bo('login/mfa', { body: { challenge: again.body.data.challenge, code } });
    expect(replay.body).toMatchObject({ status: false, message: 'Incorrect code' });
    const byRecovery = await bo<{ token: string }>('login/mfa', {
      body: { challenge: again.body.data.challenge, code: recovery[0] },
    });
    expect(byRecovery.body.status).toBe(true);
    const spent = await bo('login/mfa', {
      body: { challenge: (await login()).body.data.challenge, code: recovery[0] },
    });
    expect(spent.body).toMatchObject({ status: false, message: 'Incorrect code' });
    const actions = (
      await bo<{ entries: { action: string }[] }>('staff/audit', { token: byRecovery.body.data.token, method: 'GET' })
    ).body.data.entries.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['staff.mfa_enrolled', 'staff.mfa_failed', 'staff.mfa_recovery_code_used']),
    );
  });

  it('wrong codes count towards the account lockout, like wrong passwords', async () => {
    const { bo } = await backOffice({ STAFF_MFA: 'required', STAFF_LOGIN_MAX_FAILURES: '3' });
    const { challenge } = (await bo<{ challenge: string }>('login', { body: { ...ADMIN } })).body.data;
    const { secret } = (await bo<{ secret: string }>('login/mfa/enrol', { body: { challenge } })).body.data;
    expect((await bo('login/mfa', { body: { challenge, code: '000000' } })).body.status).toBe(false);
    expect((await bo('login/mfa', { body: { challenge, code: '000001' } })).body.status).toBe(false);
    const locked = await bo('login/mfa', { body: { challenge, code: await generate({ secret }) } });
    expect(locked.statusCode).toBe(429);
    expect(locked.body).toMatchObject({ message: LOCKED_OUT, data: { locked: true } });
  });

  it("an admin's reset of someone's second factor needs a second admin with four eyes", async () => {
    const { app, bo, add, takeOver, secondAdmin, audit } = await backOffice({
      STAFF_MFA: 'required',
      FOUR_EYES: 'true',
    });
    const first = await signInStaff(app, ADMIN.email, ADMIN.password);
    await secondAdmin('second@broker.example');
    const second = await takeOver('second@broker.example');
    const rita = await add(first, 'rita@broker.example', 'reviewer');
    await takeOver('rita@broker.example');

    const asked = await bo(`staff/${rita.id}/mfa/reset`, { token: first });
    expect(asked.body.data.staff).toMatchObject({ mfa_enrolled: true, mfa_reset_pending: true });
    const sameAdmin = await bo(`staff/${rita.id}/mfa/reset`, { token: first });
    expect(sameAdmin.statusCode).toBe(403);
    expect(sameAdmin.body.message).toBe(SECOND_ADMIN_NEEDED);
    const done = await bo(`staff/${rita.id}/mfa/reset`, { token: second });
    expect(done.body.data.staff).toMatchObject({ mfa_enrolled: false, mfa_reset_pending: false });
    // she enrols again at her next sign-in
    expect((await bo('login', { body: { email: 'rita@broker.example', password: OWN } })).body.data).toMatchObject({
      mfa: 'enrol',
    });
    expect((await audit(first)).map((e) => e.action)).toEqual(
      expect.arrayContaining(['staff.mfa_reset_requested', 'staff.mfa_reset']),
    );
  });
});

describe('second factor of one’s own accord (STAFF_MFA=optional)', () => {
  it('a signed-in member enrols from their account page, and from then on signs in with a code', async () => {
    const { bo } = await backOffice({ STAFF_MFA: 'optional' });
    const login = () => bo<{ token?: string; mfa?: string; challenge?: string }>('login', { body: { ...ADMIN } });
    // not enrolled: the password is enough
    const token = (await login()).body.data.token!;
    expect(token).toBeTruthy();
    const started = await bo<{ secret: string; otpauth_uri: string }>('mfa/enrol', { token });
    expect(started.body.data.otpauth_uri).toContain(encodeURIComponent(ADMIN.email));
    const { secret } = started.body.data;
    const wrong = await bo('mfa/confirm', { token, body: { code: '000000' } });
    expect(wrong.body).toMatchObject({ status: false, message: 'Incorrect code' });
    // still not enrolled after a wrong code: the password alone still signs in
    expect((await login()).body.data.token).toBeTruthy();
    const code = await generate({ secret });
    const done = await bo<{ staff: Member; recovery_codes: string[] }>('mfa/confirm', { token, body: { code } });
    expect(done.body.data.staff.mfa_enrolled).toBe(true);
    expect(done.body.data.recovery_codes).toHaveLength(10);
    // enrolled: the secret cannot be replaced this way, and the sign-in asks a code
    expect((await bo('mfa/enrol', { token })).statusCode).toBe(409);
    const next = await login();
    expect(next.body.data).toMatchObject({ mfa: 'verify' });
    expect(next.body.data.token).toBeUndefined();
    const byRecovery = await bo<{ token: string }>('login/mfa', {
      body: { challenge: next.body.data.challenge, code: done.body.data.recovery_codes[0] },
    });
    expect(byRecovery.body.data.token).toBeTruthy();
  });
});

describe('POST /password', () => {
  it('checks the current password under the sign-in throttle: wrong guesses lock the account', async () => {
    const { app, bo } = await backOffice({ STAFF_LOGIN_MAX_FAILURES: '3' });
    const token = await signInStaff(app, ADMIN.email, ADMIN.password);
    const guess = (current: string) =>
      bo('password', { token, body: { current_password: current, new_password: OWN } });
    for (const wrong of ['guess one here', 'guess two here', 'guess three here'])
      expect((await guess(wrong)).statusCode).toBe(400);
    const locked = await guess(ADMIN.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.body).toMatchObject({ status: false, message: LOCKED_OUT, data: { locked: true } });
    // the lockout is the account's: signing in is refused too
    expect((await bo('login', { body: { ...ADMIN } })).statusCode).toBe(429);
  });
});
