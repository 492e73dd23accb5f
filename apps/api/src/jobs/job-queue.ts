/**
 * The durable job queue: pg-boss on the project's own database. pg-boss takes any object that
 * runs SQL (`db.executeSql`), so the same queue runs on a PostgreSQL server (several processes
 * share it: SKIP LOCKED fetches, advisory-locked maintenance) and on the embedded PGlite, where
 * its scripts go through PGlite's exec and its queries through the one connection. Jobs survive a
 * restart: they are rows in schema pgboss; a job whose process died is retried once it expires.
 */
import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

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
  const r = await database.db.execute<{ t: string | null }>(sql`select to_regclass('pgboss.job')::text as t`);
  const rows = Array.isArray(r) ? r : (r as { rows: { t: string | null }[] }).rows;
  return Boolean(rows[0]?.t);
}
