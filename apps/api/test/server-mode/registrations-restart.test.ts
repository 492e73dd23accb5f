/**
 * A process killed while registrations are in flight: the next process on the same PostgreSQL
 * picks the queued and interrupted steps up, and every registration ends accepted exactly once
 * (one request per registration reached the sandbox providers, one attempt each), each application
 * Completed with its welcome email and SMS sent once, even one whose activation the kill interrupted.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { STAGE } from '@ekyc/contracts/stages';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, spawnApi, startBudgetMs, waitReady } from '../support/child-server.ts';
import { panWithDigits, signedSections } from '../support/registrations.ts';
import { SHARED_DATABASE_KEYS } from '../support/test-app.ts';

const DB = process.env.TEST_DATABASE_URL;
// a database of its own: the first process is killed with steps in hand, and on the shared one it
// could hold other files' steps too (each stays taken until it expires)
const OWN_DB = `ekyc_registrations_restart_${process.pid}`;
const ownUrl = () => Object.assign(new URL(DB!), { pathname: `/${OWN_DB}` }).toString();
const onServer = async (statement: string) => {
  const c = new pg.Client({ connectionString: DB });
  await c.connect();
  await c.query(statement).finally(() => c.end());
};
const REDIS = process.env.TEST_REDIS_URL;
const PREFIX = `test-registrations-restart-${randomBytes(6).toString('hex')}:`;
const BUDGET = startBudgetMs();
// how long the second process may take to finish every registration (about 15 s alone): grows with
// the machine's load, as the start-up budget does
const SETTLE = startBudgetMs(90_000);
const STAFF = { email: 'restart.checker@broker.example', password: 'restart checker pass 1', name: 'Restart Checker' };

function start(port: number): ChildProcess {
  return spawnApi({
    env: {
      ...process.env,
      DATABASE_URL: ownUrl(),
      REDIS_URL: REDIS,
      REDIS_KEY_PREFIX: PREFIX,
      ...SHARED_DATABASE_KEYS,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      EKYC_TEST_FIXTURES: 'true',
      FOUR_EYES: 'false',
      // the KRA keeps each upload under process a while: the kill finds steps in flight
      REGISTRATIONS_SANDBOX_DELAY_MS: '3000',
      // the killed process's steps are picked up once their leases end
      REGISTRATIONS_LEASE_SECONDS: '10',
    },
    stdio: 'ignore',
  });
}

const json = async <T>(res: Response) => (await res.json()) as { status: boolean; data: T };

describe.runIf(DB && REDIS)('registrations across a killed process', () => {
  const procs: ChildProcess[] = [];
  beforeAll(async () => {
    await onServer(`drop database if exists ${OWN_DB} with (force)`);
    await onServer(`create database ${OWN_DB}`);
  });
  afterAll(async () => {
    await Promise.all(
      procs
        .filter((p) => p.exitCode === null && p.signalCode === null)
        .map((p) => new Promise((resolve) => p.once('exit', resolve).kill('SIGTERM'))),
    );
    await onServer(`drop database if exists ${OWN_DB} with (force)`);
  });

  it(
    'resumes in the next process and completes every registration exactly once',
    async () => {
      const a = await freePort();
      procs.push(start(a));
      await waitReady(procs[0]!, a, BUDGET);
      const base = `http://127.0.0.1:${a}`;
      const post = (url: string, body?: unknown, token?: string) =>
        fetch(`${base}${url}`, {
          method: 'POST',
          headers: {
            ...(body !== undefined && { 'content-type': 'application/json' }),
            ...(token && { authorization: `Bearer ${token}` }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      await post('/sandbox/fixtures/staff', { ...STAFF, role: 'reviewer' });
      const staff = (await json<{ token: string }>(await post('/api/v1/backoffice/login', STAFF))).data.token;

      const ids: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const created = await json<{ applicant_id: string }>(
          await post('/sandbox/fixtures/applicant', {
            mobile: `8${String(Date.now() + i).slice(-9)}`,
            stage: STAGE.STATUS,
            sections: signedSections(panWithDigits(String(2000 + i))),
          }),
        );
        const id = created.data.applicant_id;
        await post(
          `/api/v1/backoffice/applications/${id}/decisions`,
          {
            decisions: [110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210].map((stage) => ({
              stage,
              activity: 'Accept',
            })),
          },
          staff,
        );
        expect((await post(`/api/v1/backoffice/applications/${id}/confirm`, undefined, staff)).status).toBe(200);
        ids.push(id);
      }
      // killed at once, without a chance to finish anything
      procs[0]!.kill('SIGKILL');
      await new Promise((resolve) => procs[0]!.once('exit', resolve));

      const db = new pg.Client({ connectionString: ownUrl() });
      await db.connect();
      try {
        const open = await db.query<{ n: string }>(
          `select count(*) as n from registrations where applicant_id = any($1::uuid[]) and status <> 'accepted'`,
          [ids],
        );
        expect(Number(open.rows[0]!.n)).toBeGreaterThan(0);

        const b = await freePort();
        procs.push(start(b));
        await waitReady(procs[1]!, b, BUDGET);
        const completed = async () =>
          Number(
            (
              await db.query<{ n: string }>(
                `select count(*) as n from registration_cases where applicant_id = any($1::uuid[])
                 and completed_at is not null and welcome_sent_at is not null`,
                [ids],
              )
            ).rows[0]!.n,
          );
        const accepted = async () =>
          Number(
            (
              await db.query<{ n: string }>(
                `select count(*) as n from registrations where applicant_id = any($1::uuid[]) and status = 'accepted'`,
                [ids],
              )
            ).rows[0]!.n,
          );
        // where each registration stands, for a failure to name what did not finish
        const standing = async (err: Error) => {
          const rows = await db.query(
            `select applicant_id, kind, status, attempts, last_error from registrations
             where applicant_id = any($1::uuid[]) and status <> 'accepted' order by 1, 2`,
            [ids],
          );
          throw new Error(`${err.message}; not accepted: ${JSON.stringify(rows.rows)}`);
        };
        // each activated (Completed, its welcome sent); BO, UCC at NSE, BSE and MCX, KRA and CKYC accepted
        await expect.poll(completed, { timeout: SETTLE, interval: 250 }).toBe(3).catch(standing);
        await expect.poll(accepted, { timeout: SETTLE, interval: 250 }).toBe(18).catch(standing);

        const rows = await db.query<{ kind: string; attempts: number; request_id: string | null }>(
          `select kind, attempts, request_id from registrations where applicant_id = any($1::uuid[])`,
          [ids],
        );
        expect(rows.rows.every((r) => r.attempts === 1)).toBe(true);
        // one request per registration reached the providers (the CKYC goes through the KRA: none)
        const sent = await db.query<{ provider: string; request_id: string; n: string }>(
          `select provider, request_id, count(*) as n from sandbox_registration_requests
         where request_id = any($1::text[]) group by provider, request_id`,
          [rows.rows.filter((r) => r.kind !== 'kra' && r.kind !== 'ckyc').map((r) => r.request_id)],
        );
        expect(sent.rows).toHaveLength(12);
        expect(sent.rows.every((r) => Number(r.n) === 1)).toBe(true);
        const cases = await db.query<{ client_code: string }>(
          `select client_code from registration_cases where applicant_id = any($1::uuid[])`,
          [ids],
        );
        const kra = await db.query<{ n: string }>(
          `select count(*) as n from sandbox_registration_requests where provider = 'kra' and reference = any($1::text[])`,
          [ids.map((id) => id.replace(/-/g, '').slice(0, 16).toUpperCase())],
        );
        expect(Number(kra.rows[0]!.n)).toBe(3);
        expect(cases.rows).toHaveLength(3);
        const welcomes = await db.query<{ n: string }>(
          `select count(*) as n from registration_evidence where applicant_id = any($1::uuid[]) and kind = 'welcome'`,
          [ids],
        );
        expect(Number(welcomes.rows[0]!.n)).toBe(6);
      } finally {
        await db.end();
      }
    },
    BUDGET * 2 + SETTLE * 2 + 60_000,
  );
});
