/**
 * A database failover as PostgreSQL shows it to the API: every connection of the API's database is
 * terminated from the server's side (`pg_terminate_backend`) again and again while requests are in
 * flight; in every other round only the connections in the middle of a transaction, so that calls
 * are cut off with part of their work written. Every reply stays a 200 or a 503 in the envelope and says nothing of SQL; a call that
 * failed succeeds when retried with its Idempotency-Key once the database is back; sessions valid
 * before the fault still are, an OTP sent before it still signs in (its tries not spent by the fault),
 * and nothing is half-written: a stage moved has its data saved. The database is this file's own
 * (run.ts makes it), so no other file is cut off.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAGE } from '@ekyc/contracts/stages';
import { type Copy, signedApplicantCopies } from '../support/applicant-copies.ts';
import { bearer, latestOtp, reviewerToken, signUp, testApp, uniqueMobile } from '../support/test-app.ts';

const DB = process.env.TEST_FAILOVER_DATABASE_URL;
/** What a reply must never carry: SQL, the driver's wrapper, a stack frame. */
const LEAK = /select|insert|update|delete|Failed query|at .*\.ts:/i;
const ROUNDS = 2;
const MAX_ROUNDS = 10;

interface Sent {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: object;
}

describe.runIf(DB)('every connection terminated while requests are in flight', () => {
  let app: FastifyInstance;
  let admin: pg.Client;
  let maker: string;
  let nextSigned: () => Promise<Copy>;
  beforeAll(async () => {
    app = await testApp({ DATABASE_URL: DB! });
    admin = new pg.Client({ connectionString: DB });
    await admin.connect();
    maker = await reviewerToken(app, `failover.maker.${Date.now()}@broker.example`, 'reviewer');
    nextSigned = await signedApplicantCopies(app);
  }, 120_000);
  afterAll(async () => {
    await admin?.end();
    await app?.close();
  });

  /**
   * Terminates the API's connections until `done` settles: every one of them (`all`, a failover:
   * most calls fail at their first statement), or only those in the middle of a transaction
   * (`mid-transaction`: between two statements of one, or running its second or later), so that
   * calls are cut off with part of their work written.
   */
  async function terminateUntil(done: Promise<unknown>, mode: 'all' | 'mid-transaction'): Promise<number> {
    let settled = false;
    void done.finally(() => (settled = true));
    const which =
      mode === 'all' ? '' : `and (state = 'idle in transaction' or (state = 'active' and xact_start < query_start))`;
    let terminated = 0;
    for (let i = 0; i < 5000 && !settled; i++) {
      const { rows } = await admin.query<{ n: string }>(
        `select count(pg_terminate_backend(pid)) as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() ${which}`,
      );
      terminated += Number(rows[0]!.n);
    }
    await done;
    return terminated;
  }

  /** The reply's shape whatever happened: 200 or 503, in the envelope, no SQL or stack. */
  function expectEnvelope(sent: Sent, res: LightMyRequestResponse) {
    const what = `${sent.method} ${sent.url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
    expect([200, 503], what).toContain(res.statusCode);
    const body = JSON.parse(res.body) as { status: unknown; message: unknown; data: unknown; code?: unknown };
    expect(typeof body.status, what).toBe('boolean');
    expect(typeof body.message, what).toBe('string');
    expect(typeof body.data, what).toBe('object');
    expect(body.message, what).not.toMatch(LEAK);
    expect(res.headers['x-request-id'], what).toBeTruthy();
    if (res.statusCode === 503 || sent.method === 'POST') expect(res.body, what).not.toMatch(LEAK);
    if (res.statusCode === 503) {
      expect(body, what).toMatchObject({ status: false, code: 'serviceUnavailable', data: {} });
      expect(res.headers['retry-after'], what).toBeTruthy();
    }
  }

  const send = (s: Sent) => app.inject({ method: s.method, url: s.url, headers: s.headers, payload: s.payload });

  /**
   * The OTP is used up, once, and took no more tries than the calls that carried it (a call the
   * fault cut short takes at most its own): the applicant is never locked out by the fault.
   */
  async function expectOtpSpentOnce(purpose: 'mobile' | 'email', target: string, calls: number) {
    const rows = await app.deps.database.db
      .execute(
        sql`select attempts, used_at from otp_codes
             where purpose = ${purpose} and target_hash = ${app.deps.otp.targetHash(purpose, target)}`,
      )
      .then((r) => (r as unknown as { rows: { attempts: number; used_at: unknown }[] }).rows);
    expect(rows, target).toHaveLength(1);
    expect(rows[0]!.used_at, target).not.toBeNull();
    expect(rows[0]!.attempts, target).toBeGreaterThanOrEqual(1);
    expect(rows[0]!.attempts, target).toBeLessThanOrEqual(Math.min(calls, app.deps.config.otp.maxAttempts));
  }

  /** The stages of a signed application, and how many times staff changed each (the audit trail). */
  async function decisionsOf(id: string) {
    const stages = await app.deps.records.kycList(id);
    const audited = await app.deps.database.db
      .execute(
        sql`select stage, count(*)::int as n from audit_log
             where applicant_id = ${id} and action = 'stage.activity' and actor_kind = 'staff' group by stage`,
      )
      .then((r) => (r as unknown as { rows: { stage: number; n: number }[] }).rows);
    return { stages, audited: Object.fromEntries(audited.map((a) => [a.stage, a.n])) };
  }

  it('keeps every reply in the envelope, and the failed calls succeed on a retry with their keys', async () => {
    let failed = 0;
    for (let round = 0; round < MAX_ROUNDS && (round < ROUNDS || failed === 0); round++) {
      // before the fault: applicants signed in, and applicants holding an OTP they have not used
      const signedIn = await Promise.all([1, 2, 3].map(() => signUp(app)));
      const holding = await Promise.all(
        [1, 2, 3].map(async () => {
          const mobile = uniqueMobile();
          await send({ method: 'POST', url: '/api/v1/ekyc/send-otp', headers: {}, payload: { mobile } });
          return { mobile, otp: await latestOtp(app, mobile) };
        }),
      );
      // and applicants holding an email OTP, whose check moves their stage
      const checking = await Promise.all(
        [1, 2, 3].map(async () => {
          const { token, mobile } = await signUp(app);
          const email = `checking${mobile}@example.com`;
          await send({ method: 'POST', url: '/api/v1/ekyc/send-otp', headers: bearer(token), payload: { email } });
          return { token, mobile, email, otp: await latestOtp(app, email) };
        }),
      );
      // and signed applications a reviewer decides: every stage accepted, or the bank stage sent back
      const deciding = await Promise.all([1, 2, 3].map(() => nextSigned()));
      const pendingOf = async (id: string) =>
        (await app.deps.records.kycList(id))
          .filter((st) => st.stage < STAGE.STATUS && st.adminActivity === 'Pending')
          .map((st) => st.stage);
      const decided = await Promise.all(
        deciding.map(async ({ id }, n) =>
          n === 0
            ? [{ stage: STAGE.BANK_AND_SEGMENT, activity: 'Reject' as const, reason: 'Please correct this step' }]
            : (await pendingOf(id)).map((stage) => ({ stage, activity: 'Accept' as const })),
        ),
      );
      const key = (what: string) => ({ 'idempotency-key': `failover-${round}-${what}` });
      const calls: Sent[] = [
        ...holding.map(({ mobile, otp }) => ({
          method: 'POST' as const,
          url: '/api/v1/ekyc/verify-otp',
          headers: key(`verify-${mobile}`),
          payload: { mobile, otp },
        })),
        ...signedIn.map(({ token, mobile }) => ({
          method: 'POST' as const,
          url: '/api/v1/ekyc/send-otp',
          headers: { ...bearer(token), ...key(`email-${mobile}`) },
          payload: { email: `failover${mobile}@example.com` },
        })),
        ...checking.map(({ token, mobile, email, otp }) => ({
          method: 'POST' as const,
          url: '/api/v1/ekyc/verify-otp-email',
          headers: { ...bearer(token), ...key(`check-${mobile}`) },
          payload: { email, otp },
        })),
        ...deciding.map(({ id }, n) => ({
          method: 'POST' as const,
          url: `/api/v1/backoffice/applications/${id}/decisions`,
          headers: { ...bearer(maker), ...key(`decide-${id}`) },
          payload: { decisions: decided[n]! },
        })),
        ...signedIn.map(({ token }) => ({
          method: 'GET' as const,
          url: '/api/v1/ekyc/get-user-details',
          headers: bearer(token),
        })),
        ...[1, 2, 3].map(() => {
          const mobile = uniqueMobile();
          return {
            method: 'POST' as const,
            url: '/api/v1/ekyc/send-otp',
            headers: key(`send-${mobile}`),
            payload: { mobile },
          };
        }),
      ];

      // a failover in even rounds, transactions cut half-way in odd ones
      const mode = round % 2 === 0 ? 'all' : 'mid-transaction';
      const inFlight = Promise.all(calls.map(send));
      const terminated = await terminateUntil(inFlight, mode);
      if (mode === 'all') expect(terminated).toBeGreaterThan(0);
      const replies = await inFlight;
      calls.forEach((sent, i) => expectEnvelope(sent, replies[i]!));

      // the database is back: each failed call, retried with its key, gets an answer (the first one
      // kept, or the call run again); "still running" lasts only until the key is settled
      const answers = [...replies];
      const tries = calls.map(() => 1);
      for (const [i, sent] of calls.entries()) {
        if (replies[i]!.statusCode !== 503) continue;
        failed++;
        // a decision saved before the fault cut its reply is refused when run again (409: already
        // decided), which the state below tells apart; "still running" only until the key is settled
        const done = (res: LightMyRequestResponse) =>
          res.statusCode === 200 ||
          (sent.url.endsWith('/decisions') && res.statusCode === 409 && !/still running/.test(res.body));
        const deadline = Date.now() + 30_000;
        for (;;) {
          tries[i]!++;
          if (done((answers[i] = await send(sent))) || Date.now() > deadline) break;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        // the last answer named, so a call that never settles says what it kept answering
        const last = answers[i]!;
        expect(done(last), `${sent.method} ${sent.url} after ${tries[i]} tries: ${last.statusCode} ${last.body}`).toBe(
          true,
        );
        expect(answers[i]!.json(), sent.url).toMatchObject({ status: expect.any(Boolean), data: expect.any(Object) });
      }
      // an OTP sent before the fault signs in, at the first try or the retry (its tries were not
      // spent by the failed calls), and nothing is half-written: one applicant for the mobile, its
      // mobile stage done and the email stage current
      for (const [i, { mobile }] of holding.entries()) {
        expect(answers[i]!.json(), `${mobile} after ${tries[i]} tries: ${answers[i]!.body}`).toMatchObject({
          status: true,
          data: { token: expect.any(String) },
        });
        const [one, ...more] = await app.deps.database.db
          .execute(sql`select id from applicants where mobile_hash = ${app.deps.records.mobileHash(mobile)}`)
          .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
        expect(more, mobile).toEqual([]);
        const stages = await app.deps.records.kycList(one!.id);
        expect(stages.map((s) => [s.stage, s.adminActivity])).toEqual([
          [110, 'Pending'],
          [120, null],
        ]);
        await expectOtpSpentOnce('mobile', mobile, tries[i]!);
      }
      // an email check moved the stage and saved the email together, or neither (then the retry did)
      for (const [j, { mobile, email }] of checking.entries()) {
        const i = holding.length + signedIn.length + j;
        // verified, or (the first call's work saved before the fault cut its reply) sent on from there
        expect(answers[i]!.json(), email).toMatchObject({ data: { screen: '/pan-verification' } });
        const applicant = (await app.deps.records.findByMobile(mobile))!;
        expect(applicant.email, mobile).toBe(email);
        const stages = await app.deps.records.kycList(applicant.id);
        expect(stages.map((s) => s.stage)).toEqual([110, 120, 130]);
        expect(stages.at(-1)!.adminActivity).toBeNull();
        await expectOtpSpentOnce('email', `${applicant.id}:${email}`, tries[i]!);
      }
      // each decision holds whole, once: the stages decided as asked, one audit entry each (a run
      // again changes nothing), and the applicant at the stage sent back or still at the end
      for (const [n, { id }] of deciding.entries()) {
        const { stages, audited } = await decisionsOf(id);
        for (const d of decided[n]!) {
          const row = stages.find((st) => st.stage === d.stage)!;
          expect(row.adminActivity, `${id} ${d.stage}`).toBe(d.activity);
          expect(audited[d.stage], `${id} ${d.stage} audited once`).toBe(1);
        }
        expect(stages.at(-1)!.stage, id).toBe(n === 0 ? STAGE.BANK_AND_SEGMENT : STAGE.STATUS);
      }
      // and every session valid before the fault still is
      for (const { token } of signedIn) {
        const res = await send({ method: 'GET', url: '/api/v1/ekyc/get-user-details', headers: bearer(token) });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ status: true });
      }
    }
    // the fault was felt: some call failed in one of the rounds and was retried above
    expect(failed).toBeGreaterThan(0);
  }, 300_000);
});
