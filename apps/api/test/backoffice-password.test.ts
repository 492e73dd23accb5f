/**
 * Staff password policy: guessable passwords are refused with the reason, and outside sandbox
 * mode the first administrator (from the environment) must set a new password before anything else.
 */
import { PASSWORD_CHANGE_REQUIRED } from '@ekyc/contracts/calls/backoffice-password';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, PRODUCTION_PROVIDER_ENV, testApp } from './support/test-app.ts';

const ADMIN = { email: 'chief@broker.example', password: 'given-by-ops-2024-bootstrap' };
const STRONG = 'tidal quokka marmalade 47';

const apps: FastifyInstance[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

async function backOffice(env: Record<string, string>) {
  // no wait after a wrong password here: the sign-in throttle has its own test (security/staff-lockout)
  const app = await testApp({
    BACKOFFICE_ADMIN_EMAIL: ADMIN.email,
    BACKOFFICE_ADMIN_PASSWORD: ADMIN.password,
    STAFF_LOGIN_DELAY_SECONDS: '0',
    ...env,
  });
  apps.push(app);
  const bo = async <T = Record<string, unknown>>(
    method: 'GET' | 'POST',
    path: string,
    options: { token?: string; body?: unknown } = {},
  ) => {
    const res = await app.inject({
      method,
      url: `/api/v1/backoffice/${path}`,
      headers: options.token ? bearer(options.token) : {},
      ...(options.body !== undefined && { payload: options.body as object }),
    });
    return { statusCode: res.statusCode, body: res.json() as { status: boolean; message: string; data: T } };
  };
  const login = async (password: string) =>
    bo<{ token: string; staff: { password_change_required: boolean } }>('POST', 'login', {
      body: { email: ADMIN.email, password },
    });
  return { bo, login };
}

describe('outside sandbox mode', () => {
  it('the first administrator must replace the password from the environment before anything else', async () => {
    // the second factor, due outside sandbox mode, has its own test (backoffice-staff-account-control)
    const { bo, login } = await backOffice({ ...PRODUCTION_PROVIDER_ENV, STAFF_MFA: 'optional' });
    const first = await login(ADMIN.password);
    expect(first.body.data.staff.password_change_required).toBe(true);
    const token = first.body.data.token;
    const elsewhere = (await login(ADMIN.password)).body.data.token;

    for (const [method, path] of [
      ['GET', 'applications'],
      ['GET', 'funnel'],
      ['GET', 'staff'],
    ] as const) {
      const refused = await bo(method, path, { token });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toMatchObject({ status: false, message: PASSWORD_CHANGE_REQUIRED });
    }
    const me = await bo<{ staff: { password_change_required: boolean } }>('GET', 'me', { token });
    expect(me.body.data.staff.password_change_required).toBe(true);

    const wrongCurrent = await bo('POST', 'password', {
      token,
      body: { current_password: 'not-the-password-at-all', new_password: STRONG },
    });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.body.message).toContain('current_password');

    const weak = await bo('POST', 'password', {
      token,
      body: { current_password: ADMIN.password, new_password: 'password1234' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.body.message).toMatch(/^new_password: This password is too easy to guess/);

    const changed = await bo<{ staff: { password_change_required: boolean } }>('POST', 'password', {
      token,
      body: { current_password: ADMIN.password, new_password: STRONG },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.body.data.staff.password_change_required).toBe(false);
    expect((await bo('GET', 'applications', { token })).statusCode).toBe(200);
    // the other session, opened with the old password, has ended
    expect((await bo('GET', 'me', { token: elsewhere })).statusCode).toBe(401);

    expect((await login(ADMIN.password)).body.status).toBe(false);
    const again = await login(STRONG);
    expect(again.body.data.staff.password_change_required).toBe(false);
  });
});

describe('in sandbox mode', () => {
  it('the first administrator from the environment works at once', async () => {
    const { bo, login } = await backOffice({});
    const first = await login(ADMIN.password);
    expect(first.body.data.staff.password_change_required).toBe(false);
    expect((await bo('GET', 'applications', { token: first.body.data.token })).statusCode).toBe(200);
  });

  it('refuses common and guessable staff passwords with the reason, and takes a passphrase', async () => {
    const { bo, login } = await backOffice({});
    const token = (await login(ADMIN.password)).body.data.token;
    const add = (email: string, password: string) =>
      bo('POST', 'staff', { token, body: { email, name: 'Rita Reviewer', role: 'reviewer', password } });

    const common = await add('rita@broker.example', 'password1234');
    expect(common.statusCode).toBe(400);
    expect(common.body.message).toBe(
      'password: This password is too easy to guess (this is similar to a commonly used password). ' +
        'Use a longer passphrase of several unrelated words.',
    );
    const repeated = await add('rita@broker.example', 'aaaaaaaaaaaa');
    expect(repeated.statusCode).toBe(400);
    expect(repeated.body.message).toMatch(/^password: This password is too easy to guess/);

    expect((await add('rita@broker.example', STRONG)).statusCode).toBe(200);
  });
});
