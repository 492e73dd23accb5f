/** The team page's figures: decisions per reviewer per day with the median time to decide, and the queue's age. */
import type { BackofficeDeps } from './deps.ts';
import { operationsRepository as ops } from './operations.repository.ts';

export interface TeamFigures {
  days: number;
  decisions: { day: string; staff_id: string; name: string; decisions: number; median_seconds: number | null }[];
  queue_ages: { bucket: string; count: number }[];
}

const BUCKETS = ['<1h', '1-4h', '4-24h', '1-3d', '>3d'];

export async function getTeamFigures(deps: Pick<BackofficeDeps, 'database'>, days: number): Promise<TeamFigures> {
  const db = deps.database.db;
  const [decisions, ages] = await Promise.all([ops.decisionsPerDay(db, days), ops.queueAges(db)]);
  const byBucket = new Map(ages.map((a) => [a.bucket, a.n]));
  return {
    days,
    decisions: decisions.map((d) => ({
      day: d.day,
      staff_id: d.staffId,
      name: d.name,
      decisions: d.decisions,
      median_seconds: d.medianSeconds,
    })),
    queue_ages: BUCKETS.map((bucket) => ({ bucket, count: byBucket.get(bucket) ?? 0 })),
  };
}
