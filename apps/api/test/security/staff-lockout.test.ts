/**
 * Staff sign-in per account: a growing wait after each wrong password, a lockout after
 * STAFF_LOGIN_MAX_FAILURES that no address change dodges and that refuses even the right password,
 * lifted by an admin or by itself; an audit entry and a metric for each lockout. The clock is injected.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, testApp } from '../support/test-app.ts';

const ADMIN = { email: 'chief@broker.example', password: 'Kq7#mP2!xL9@wR4z-admin' };
const REVIEWER = { email: 'reviewer@broker.example', password: 'Tz4$nB8^cV1&yH6u-review' };
const LOCKOUT_SECONDS = 900;

describe('staff sign-in throttling', () => {
  let app: FastifyInstance;
  let now = Date.parse('2026-03-02T10:00:00Z');
  let adminToken = '';
  let reviewerId = '';
  let address = 0;
  // every attempt from a different client address: the per-account limits must hold regardless
  const login = (email: string, password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/backoffice/login',
      remoteAddress: `203.0.113.${(address++ % 250) + 1}`,
      headers: { 'x-forwarded-for': `198.51.100.${address % 250}` },
      payload: { email, password },
    });
  const staffList = async () =>
    (await app.inject({ method: 'GET', url: '/api/v1/backoffice/staff', headers: bearer(adminToken) })).json<{
      data: { staff: { id: string; email: string; locked_until: string | null }[] };
    }>().data.staff;
  const staffAudit = async () =>
    (await app.inject({ method: 'GET', url: '/api/v1/backoffice/staff/audit', headers: bearer(adminToken) })).json();

  beforeAll(async () => {
    app = await testApp(
      {
        BACKOFFICE_ADMIN_EMAIL: ADMIN.email,
        BACKOFFICE_ADMIN_PASSWORD: ADMIN.password,
        STAFF_LOGIN_MAX_FAILURES: '5',
        STAFF_LOGIN_DELAY_SECONDS: '1',
        STAFF_LOGIN_LOCKOUT_SECONDS: String(LOCKOUT_SECONDS),
      },
      { now: () => now },
    );
    const signedIn = await login(ADMIN.email, ADMIN.password);
    adminToken = signedIn.json<{ data: { token: string } }>().data.token;
    const added = await app.inject({
      method: 'POST',
      url: '/api/v1/backoffice/staff',
      headers: bearer(adminToken),
      payload: { ...REVIEWER, name: 'Asha Reviewer', role: 'reviewer' },
    });
    expect(added.json()).toMatchObject({ status: true });
    reviewerId = added.json<{ data: { staff: { id: string } } }>().data.staff.id;
  });
  afterAll(() => app.close());

  it('makes each wrong password wait longer before the next try, and locks the account at the fifth', async () => {
    const waits: number[] = [];
    for (let failure = 1; failure <= 5; failure++) {
      const wrong = await login(REVIEWER.email, `wrong-password-${failure}`);
      expect(wrong.statusCode).toBe(200);
      expect(wrong.json()).toMatchObject({ status: false, message: 'Incorrect email or password' });
      // straight away, even the right password is refused without being checked
      const early = await login(REVIEWER.email, REVIEWER.password);
      expect(early.statusCode).toBe(429);
      expect(early.json()).toMatchObject({ status: false });
      const wait = Number(early.headers['retry-after']);
      waits.push(wait);
      now += wait * 1000;
    }
    expect(waits.slice(0, 4)).toEqual([1, 2, 4, 8]);
    expect(waits[4]).toBe(LOCKOUT_SECONDS);
  });

  it('keeps the right password out while locked, from any address, however many tries', async () => {
    // the last test advanced the clock to the end of the lockout: start a fresh one
    now += 1000;
    for (let i = 0; i < 5; i++) {
      expect((await login(REVIEWER.email, `again-wrong-${i}`)).statusCode).toBe(200);
      now += 60_000;
    }
    const refused: number[] = [];
    for (let i = 0; i < 40; i++) refused.push((await login(REVIEWER.email, REVIEWER.password)).statusCode);
    expect(new Set(refused)).toEqual(new Set([429]));
    const locked = await login(REVIEWER.email, REVIEWER.password);
    expect(locked.json()).toMatchObject({ status: false, data: { locked: true } });
    expect(locked.json<{ message: string }>().message).toMatch(/locked/);
  });

  it('shows the lockout to the admin, audits and counts it, and lets the admin lift it', async () => {
    const entry = (await staffList()).find((s) => s.id === reviewerId)!;
    expect(entry.locked_until).not.toBeNull();
    expect(Date.parse(entry.locked_until!)).toBeGreaterThan(now);

    const audit = JSON.stringify(await staffAudit());
    expect(audit.match(/staff\.locked_out/g)?.length).toBe(2);
    const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/^ekyc_staff_lockouts_total 2$/m);

    const unlocked = await app.inject({
      method: 'POST',
      url: `/api/v1/backoffice/staff/${reviewerId}/unlock`,
      headers: bearer(adminToken),
    });
    expect(unlocked.json()).toMatchObject({ status: true, data: { staff: { id: reviewerId, locked_until: null } } });
    expect(JSON.stringify(await staffAudit())).toContain('staff.unlocked');
    expect((await login(REVIEWER.email, REVIEWER.password)).json()).toMatchObject({ status: true });
  });

  it('lifts a lockout by itself once its time is over', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login(REVIEWER.email, `third-wrong-${i}`)).statusCode).toBe(200);
      now += 60_000;
    }
    expect((await login(REVIEWER.email, REVIEWER.password)).statusCode).toBe(429);
    now += LOCKOUT_SECONDS * 1000;
    expect((await login(REVIEWER.email, REVIEWER.password)).json()).toMatchObject({ status: true });
  });

  it('only an admin may lift a lockout', async () => {
    const reviewerToken = (await login(REVIEWER.email, REVIEWER.password)).json<{ data: { token: string } }>().data
      .token;
    const r = await app.inject({
      method: 'POST',
      url: `/api/v1/backoffice/staff/${reviewerId}/unlock`,
      headers: bearer(reviewerToken),
    });
    expect(r.statusCode).toBe(403);
  });

  it('lets two sign-ins at once succeed, and lets no more than five parallel guesses through', async () => {
    now += LOCKOUT_SECONDS * 1000;
    const both = await Promise.all([
      login(REVIEWER.email, REVIEWER.password),
      login(REVIEWER.email, REVIEWER.password),
    ]);
    expect(both.map((r) => r.json<{ status: boolean }>().status)).toEqual([true, true]);

    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => login(REVIEWER.email, `burst-${i}`)));
    const checked = burst.filter((r) => r.statusCode === 200).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(burst.filter((r) => r.statusCode === 429).length).toBe(20 - checked);
    now += 60_000;
    expect((await login(REVIEWER.email, REVIEWER.password)).json()).toMatchObject({ data: { locked: true } });
  });

  it('treats an unknown email like a known one (the answer tells nothing about which exist)', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      answers.push((await login('nobody@broker.example', `guess-${i}`)).statusCode);
      now += 60_000;
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
