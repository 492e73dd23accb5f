/**
 * The figures an operations team alerts on that live in the database: the back office's review
 * queue (how many wait, the oldest since when), registrations past their deadline, and jobs
 * waiting in the durable queue. Counts and ages only: no identifier leaves here.
 */
import type { Database } from '../db/client.ts';

export interface OperationsFigures {
  reviewWaiting: number;
  reviewOldestWaitingSeconds: number;
  /** Registrations not accepted whose deadline has passed, by kind (ucc_nse, bo_cdsl, kra, ...). */
  registrationsLate: Record<string, number>;
  /** Jobs created and not yet started whose start time has come (0 when the queue was never used). */
  jobsOldestWaitingSeconds: number;
}

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

export const operationsGaugesRepository = {
  async figures(database: Database): Promise<OperationsFigures> {
    const [queue] = (
      await database.query(
        `select count(*) as waiting, coalesce(extract(epoch from now() - min(since)), 0) as oldest
           from application_standing where status = 'Pending'`,
      )
    ).rows as { waiting: unknown; oldest: unknown }[];
    const late = (
      await database.query(
        `select kind, count(*) as n from registrations
          where status <> 'accepted' and deadline_at is not null and deadline_at < now() group by kind`,
      )
    ).rows as { kind: string; n: unknown }[];
    const [installed] = (await database.query("select to_regclass('pgboss.job')::text as t")).rows as {
      t: string | null;
    }[];
    let jobsOldest = 0;
    if (installed?.t) {
      const [jobs] = (
        await database.query(
          `select coalesce(extract(epoch from now() - min(start_after)), 0) as oldest
             from pgboss.job where state in ('created', 'retry') and start_after <= now()`,
        )
      ).rows as { oldest: unknown }[];
      jobsOldest = num(jobs?.oldest);
    }
    return {
      reviewWaiting: num(queue?.waiting),
      reviewOldestWaitingSeconds: num(queue?.oldest),
      registrationsLate: Object.fromEntries(late.map((r) => [r.kind, num(r.n)])),
      jobsOldestWaitingSeconds: jobsOldest,
    };
  },
};
