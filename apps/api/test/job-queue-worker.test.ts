/**
 * The queue worker records each job's outcome itself and survives a database that fails at that
 * moment: the failure is reported, nothing is left unhandled (Vitest fails a run on an unhandled
 * rejection), and the next job is worked. pg-boss runs on an embedded database whose queries can
 * be made to fail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PgBoss from 'pg-boss';
import type { Database } from '../src/db/client.ts';
import { createJobQueue, type QueueWorker, workQueue } from '../src/jobs/job-queue.ts';
import { migratedPglite } from './support/pglite-template.ts';

const QUEUE = 'worker-test';

describe('queue worker', () => {
  let database: Database;
  let boss: PgBoss;
  let worker: QueueWorker;
  let down = false;
  const errors: string[] = [];
  const worked: string[] = [];

  beforeAll(async () => {
    const real = await migratedPglite();
    database = {
      ...real,
      query: (text, values) => (down ? Promise.reject(new Error('connection terminated')) : real.query(text, values)),
    };
    boss = createJobQueue(database, { pollSeconds: 1, onError: (e) => errors.push(e.message) });
    await boss.start();
    await boss.createQueue(QUEUE, { name: QUEUE, retryLimit: 0 });
    worker = workQueue<{ n: string }>(
      boss,
      QUEUE,
      { pollSeconds: 0.2, onError: (e) => errors.push(e.message) },
      async ({ n }) => {
        worked.push(n);
        if (n === 'first') down = true; // the database goes away while the job is in hand
        if (n === 'bad') throw new Error('provider refused');
      },
    );
  });
  afterAll(async () => {
    await worker.stop();
    await boss.stop({ graceful: false, close: false });
    await database.close();
  });

  const stateOf = async (id: string) => (await boss.getJobById(QUEUE, id))?.state;

  it('reports a completion it could not record, then works the next job', async () => {
    const first = (await boss.send(QUEUE, { n: 'first' }))!;
    worker.wake();
    await expect.poll(() => errors.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(errors[0]).toBe('connection terminated');
    down = false;
    // its outcome was not recorded: the job stays active until it expires and is retried
    expect(await stateOf(first)).toBe('active');

    const second = (await boss.send(QUEUE, { n: 'second' }))!;
    worker.wake();
    await expect.poll(() => stateOf(second), { timeout: 10_000 }).toBe('completed');
    expect(worked).toEqual(['first', 'second']);
  });

  it('records a job whose work threw as failed, with the message', async () => {
    const bad = (await boss.send(QUEUE, { n: 'bad' }))!;
    worker.wake();
    await expect.poll(() => stateOf(bad), { timeout: 10_000 }).toBe('failed');
    expect((await boss.getJobById(QUEUE, bad))?.output).toEqual({ message: 'provider refused' });
  });
});
