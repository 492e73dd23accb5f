/**
 * A step saved while someone else holds the applicant's record (PostgreSQL server: a second
 * connection): the step waits for the lock and then works from the record as the holder left it.
 */
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { STAGE } from '@ekyc/contracts/stages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, testApp } from './support/test-app.ts';

const DB = process.env.TEST_DATABASE_URL;

describe.runIf(DB)('a stage completed while the record is held', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());

  it("keeps a reviewer's decision committed while the applicant's step waited for the record", async () => {
    const { mobile } = await signUp(app);
    const id = (await app.deps.records.findByMobile(mobile))!.id;

    const holder = new pg.Client({ connectionString: DB });
    const watcher = new pg.Client({ connectionString: DB });
    await Promise.all([holder.connect(), watcher.connect()]);
    try {
      // a reviewer accepts the email stage, holding the record as the back office does
      const holderPid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      await holder.query('begin');
      await holder.query('select 1 from applicants where id = $1 for update', [id]);
      await holder.query(
        `insert into applicant_stages (applicant_id, stage, admin_activity) values ($1, $2, 'Accept')
         on conflict (applicant_id, stage) do update set admin_activity = 'Accept'`,
        [id, STAGE.EMAIL],
      );
      // the applicant completes it meanwhile (the email verified)
      let settled = false;
      const completed = app.deps.records.completeStage(id, STAGE.EMAIL).finally(() => (settled = true));
      // the event this test waits for: the step is waiting for the holder's lock
      for (;;) {
        const { rows } = await watcher.query('select 1 from pg_stat_activity where $1 = any(pg_blocking_pids(pid))', [
          holderPid,
        ]);
        if (rows.length || settled) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await holder.query('commit');

      expect(await completed).toEqual({ stage: STAGE.PAN, screen: '/pan-verification' });
      const list = await app.deps.records.kycList(id);
      expect(list.find((s) => s.stage === STAGE.EMAIL)?.adminActivity).toBe('Accept');
      expect(list.at(-1)?.stage).toBe(STAGE.PAN);
    } finally {
      await holder.query('rollback').catch(() => undefined);
      await Promise.all([holder.end(), watcher.end()]);
    }
  });
});
