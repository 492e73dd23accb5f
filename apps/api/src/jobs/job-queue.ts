/**
 * The durable job queue: pg-boss on the project's own database. pg-boss takes any object that
 * runs SQL (`db.executeSql`), so the same queue runs on a PostgreSQL server (several processes
 * share it: SKIP LOCKED fetches, advisory-locked maintenance) and on the embedded PGlite, where
 * its scripts and queries share the one connection. Jobs survive a restart: they are rows in
 * schema pgboss; a job whose process died is retried once it expires.
 */
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';
import { inSpan, type SpanAttributes } from '../telemetry/spans.ts';

export const JOB_SCHEMA = 'pgboss';

export interface JobQueueOptions {
  /** How often an idle worker looks for work (seconds). */
  pollSeconds: number;
  onError: (err: Error) => void;
}

export function createJobQueue(database: Database, o: JobQueueOptions): PgBoss {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => database.query(text, values) },
    schema: JOB_SCHEMA,
    schedule: false,
    supervise: true,
    // expired jobs (a process died while working them) are found and retried this often
    maintenanceIntervalSeconds: Math.max(5, o.pollSeconds * 5),
  });
  boss.on('error', o.onError);
  return boss;
}

/** Whether the queue's tables exist (the queue was used on this database before). */
export async function jobQueueInstalled(database: Database): Promise<boolean> {
  const { rows } = await database.query("select to_regclass('pgboss.job')::text as t");
  return Boolean((rows[0] as { t: string | null } | undefined)?.t);
}

/** A job's span: its queue and, when the job is an application's, the application id (never more of its data). */
function jobAttributes(queue: string, data: object): SpanAttributes {
  const applicantId = (data as { applicantId?: unknown }).applicantId;
  return {
    'messaging.system': 'pg-boss',
    'messaging.destination.name': queue,
    ...(typeof applicantId === 'string' ? { 'ekyc.application_id': applicantId } : {}),
  };
}

export interface QueueWorker {
  /** Looks for work now (a job was just sent) instead of at the next poll. */
  wake(): void;
  /** Finishes the job in hand, records it, and stops. */
  stop(): Promise<void>;
}

/**
 * Works one queue, one job at a time: fetch, run `handle`, record the job completed or failed (a
 * failed job is retried by the queue's policy). pg-boss's own `work` records the outcome without
 * awaiting it, so a database gone at that moment was an unhandled rejection (a crash); here every
 * database call is awaited and a failed one reported to `onError`. A job whose outcome could not be
 * recorded expires and is retried, as when a process dies.
 */
export function workQueue<T extends object>(
  boss: PgBoss,
  queue: string,
  o: { pollSeconds: number; onError: (err: Error) => void },
  handle: (data: T) => Promise<void>,
): QueueWorker {
  let stopped = false;
  let wake: (() => void) | null = null;
  const report = (err: unknown) => o.onError(err instanceof Error ? err : new Error(String(err)));
  const idle = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, o.pollSeconds * 1000);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });
  const loop = (async () => {
    while (!stopped) {
      const [job] = await boss.fetch<T>(queue, { batchSize: 1 }).catch((err: unknown) => (report(err), []));
      if (!job) {
        await idle();
        continue;
      }
      await inSpan(`job ${queue}`, jobAttributes(queue, job.data), () => handle(job.data))
        .then(
          () => boss.complete(queue, job.id),
          (err: unknown) => boss.fail(queue, job.id, { message: err instanceof Error ? err.message : String(err) }),
        )
        .catch(report);
    }
  })();
  return {
    wake: () => wake?.(),
    stop: async () => {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
