/**
 * The sole-admin puppet checker (security review, four eyes on account control): with FOUR_EYES on,
 * no admin ever chooses a staff member's password (new members and resets get a one-time link by
 * e-mail), and a sole admin's checker, compliance or admin grant waits for a second admin, who is
 * added by the operator's command on the server. Before, a sole admin's grants took effect at once
 * and the admin chose the first password, so they could sign in as "their" checker.
 */
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, describe, expect, it } from 'vitest';
import { SECOND_ADMIN_NEEDED } from '../src/modules/backoffice/approve-staff-role.ts';
import { operatorAddAdmin, operatorNewLink } from '../src/modules/backoffice/operator-staff.ts';
import { INVITATION_INVALID } from '../src/modules/backoffice/staff-invitations.ts';
import { bearer, signInStaff, testApp } from './support/test-app.ts';

const ADMIN = { email: 'sole.admin@broker.example', password: 'Kq7#mP2!xL9@wR4z-sole' };
const OWN = 'tidal quokka marmalade 47';
const HOUR = 3_600_000;

interface Member {
  id: string;
  role: string;
  pending_role: string | null;
  password_change_required: boolean;
}

let clock = Date.now();
const apps: FastifyInstance[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

async function backOffice(env: Record<string, string> = {}) {
  const app = await testApp(
    {
      BACKOFFICE_ADMIN_EMAIL: ADMIN.email,
      BACKOFFICE_ADMIN_PASSWORD: ADMIN.password,
      STAFF_LOGIN_DELAY_SECONDS: '0',
      FOUR_EYES: 'true',
      ...env,
    },
    { now: () => clock },
  );
  apps.push(app);
  const bo = async <T = { staff: Member }>(path: string, token: string | null, body?: object, method = 'POST') => {
    const res = await app.inject({
      method: method as 'POST',
      url: `/api/v1/backoffice/${path}`,
      headers: token ? bearer(token) : {},
      ...(body && { payload: body }),
    });
    return { statusCode: res.statusCode, body: res.json() as { status: boolean; message: string; data: T } };
  };
  /** The last link e-mailed to the address (the sandbox outbox stands in for the mailbox). */
  const mailedLink = async (email: string) => {
    const outbox = (await app.inject({ method: 'GET', url: `/sandbox/outbox?to=${encodeURIComponent(email)}` })).json<
      { channel: string; text: string }[]
    >();
    const mails = outbox.filter((m) => m.channel === 'email' && m.text.includes('#token='));
    return mails.length ? mails[0]!.text.match(/\S+#token=[\w-]+/)![0] : null;
  };
  const tokenOf = (link: string) => link.split('#token=')[1]!;
  const accept = (link: string, password = OWN) =>
    bo<{ token?: string; mfa?: string; challenge?: string }>('invitation', null, { token: tokenOf(link), password });
  return { app, bo, mailedLink, accept };
}

describe('with four eyes, a sole admin', () => {
  it('cannot choose a new member’s password: the member is e-mailed a one-time link and chooses their own', async () => {
    const { app, bo, mailedLink, accept } = await backOffice();
    const admin = await signInStaff(app, ADMIN.email, ADMIN.password);
    const withPassword = await bo('staff', admin, {
      email: 'puppet@broker.example',
      name: 'Puppet Checker',
      role: 'checker',
      password: 'harbour lantern quince 2209',
    });
    expect(withPassword.statusCode).toBe(400);
    expect(JSON.stringify(withPassword.body)).toContain('password');

    const added = await bo('staff', admin, { email: 'carl@broker.example', name: 'Carl Checker', role: 'checker' });
    expect(added.statusCode).toBe(200);
    // the grant waits: nobody else is there to approve it, and the sole admin may not
    expect(added.body.data.staff).toMatchObject({ role: 'reviewer', pending_role: 'checker' });
    const own = await bo(`staff/${added.body.data.staff.id}/role/approve`, admin);
    expect(own.statusCode).toBe(403);
    expect(own.body.message).toBe(SECOND_ADMIN_NEEDED);

    // the admin never sees the link: not in the reply, not in the staff list or the audit trail
    const link = (await mailedLink('carl@broker.example'))!;
    expect(link).toMatch(/\/backoffice\/invitation#token=[\w-]{43}$/);
    const token = link.split('#token=')[1]!;
    const seen = [
      added.body,
      (await bo('staff', admin, undefined, 'GET')).body,
      (await bo('staff/audit', admin, undefined, 'GET')).body,
    ];
    for (const reply of seen) expect(JSON.stringify(reply)).not.toContain(token);
    // the account has no password anyone knows until the link is used
    const guess = await bo('login', null, { email: 'carl@broker.example', password: 'harbour lantern quince 2209' });
    expect(guess.body.status).toBe(false);

    // a guessable password is refused, naming the field; the link still works
    const weak = await accept(link, 'password1234');
    expect(weak.statusCode).toBe(400);
    expect(JSON.stringify(weak.body)).toContain('password');
    const accepted = await accept(link);
    expect(accepted.body.status).toBe(true);
    expect(accepted.body.data.token).toBeTruthy();
    const carl = accepted.body.data.token!;
    const me = (await bo<{ staff: Member }>('me', carl, undefined, 'GET')).body.data.staff;
    expect(me).toMatchObject({ role: 'reviewer', password_change_required: false });
    // once only
    const again = await accept(link, 'another quokka passphrase 81');
    expect(again.body).toMatchObject({ status: false, message: INVITATION_INVALID });
  });

  it('cannot approve their own admin grant; the operator’s command adds the second admin, who can', async () => {
    const { app, bo, mailedLink, accept } = await backOffice();
    const admin = await signInStaff(app, ADMIN.email, ADMIN.password);
    const invitedAdmin = await bo('staff', admin, { email: 'ira@broker.example', name: 'Ira Admin', role: 'admin' });
    expect(invitedAdmin.body.data.staff).toMatchObject({ role: 'reviewer', pending_role: 'admin' });
    expect((await bo(`staff/${invitedAdmin.body.data.staff.id}/role/approve`, admin)).statusCode).toBe(403);
    const checker = await bo('staff', admin, { email: 'cora@broker.example', name: 'Cora Checker', role: 'checker' });

    // shell access to the server: the operator adds an admin and hands over the printed link
    const link = await operatorAddAdmin(app.deps, { email: 'omar@broker.example', name: 'Omar Admin' });
    expect(await mailedLink('omar@broker.example')).toBeNull();
    const omar = (await accept(link)).body.data.token!;
    expect((await bo<{ staff: Member }>('me', omar, undefined, 'GET')).body.data.staff.role).toBe('admin');
    const approved = await bo(`staff/${checker.body.data.staff.id}/role/approve`, omar);
    expect(approved.body.data.staff).toMatchObject({ role: 'checker', pending_role: null });
    const trail = (
      await bo<{ entries: { action: string; after: Record<string, unknown> | null }[] }>(
        'staff/audit',
        omar,
        undefined,
        'GET',
      )
    ).body.data.entries;
    expect(
      trail.find((e) => e.action === 'staff.added' && e.after?.email === 'omar@broker.example')?.after,
    ).toMatchObject({ by: 'operator', role: 'admin' });
    expect(JSON.stringify(trail)).not.toContain('sole_admin');
    // the command refuses an email already in use
    await expect(operatorAddAdmin(app.deps, { email: 'omar@broker.example', name: 'Omar Again' })).rejects.toThrow(
      /already exists/,
    );
  });

  it('resets a password only by sending the member a link: the old one stops working, the admin sets none', async () => {
    const { app, bo, mailedLink, accept } = await backOffice();
    const admin = await signInStaff(app, ADMIN.email, ADMIN.password);
    const added = await bo('staff', admin, { email: 'rita@broker.example', name: 'Rita Reviewer', role: 'reviewer' });
    await accept((await mailedLink('rita@broker.example'))!);
    const rita = await signInStaff(app, 'rita@broker.example', OWN);

    const id = added.body.data.staff.id;
    const chosen = await bo(`staff/${id}/password`, admin, { password: 'harbour lantern quince 2209' });
    expect(chosen.statusCode).toBe(400);
    const reset = await bo(`staff/${id}/password`, admin, {});
    expect(reset.statusCode).toBe(200);
    expect((await bo('me', rita, undefined, 'GET')).statusCode).toBe(401);
    expect((await bo('login', null, { email: 'rita@broker.example', password: OWN })).body.status).toBe(false);
    const link = (await mailedLink('rita@broker.example'))!;
    expect((await accept(link, 'new lighthouse pebble 93')).body.status).toBe(true);
    expect(await signInStaff(app, 'rita@broker.example', 'new lighthouse pebble 93')).toBeTruthy();
  });

  it('a link expires after STAFF_INVITATION_HOURS, and a new one voids the earlier', async () => {
    const { app, bo, mailedLink, accept } = await backOffice({ STAFF_INVITATION_HOURS: '2' });
    const admin = await signInStaff(app, ADMIN.email, ADMIN.password);
    await bo('staff', admin, { email: 'late@broker.example', name: 'Lata Late', role: 'reviewer' });
    const link = (await mailedLink('late@broker.example'))!;
    clock += 2 * HOUR + 1000;
    expect((await accept(link)).body).toMatchObject({ status: false, message: INVITATION_INVALID });
    const first = await operatorNewLink(app.deps, 'late@broker.example');
    const second = await operatorNewLink(app.deps, 'late@broker.example');
    expect((await accept(first)).body.status).toBe(false);
    expect((await accept(second)).body.status).toBe(true);
  });
});

describe('with four eyes and STAFF_MFA=required', () => {
  it('the invitee chooses a password and then enrols their authenticator before the first session', async () => {
    const { app, bo, mailedLink, accept } = await backOffice({ STAFF_MFA: 'required' });
    const admin = await signInStaff(app, ADMIN.email, ADMIN.password);
    await bo('staff', admin, { email: 'mona@broker.example', name: 'Mona Reviewer', role: 'reviewer' });
    const accepted = await accept((await mailedLink('mona@broker.example'))!);
    expect(accepted.body.data).toMatchObject({ mfa: 'enrol' });
    expect(accepted.body.data.token).toBeUndefined();
    const challenge = accepted.body.data.challenge!;
    const { secret } = (await bo<{ secret: string }>('login/mfa/enrol', null, { challenge })).body.data;
    const done = await bo<{ token: string; recovery_codes: string[] }>('login/mfa', null, {
      challenge,
      code: await generate({ secret }),
    });
    expect(done.body.data.token).toBeTruthy();
    expect(done.body.data.recovery_codes).toHaveLength(10);
  });
});
