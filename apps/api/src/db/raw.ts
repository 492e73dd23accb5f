/**
 * Raw SQL for the repositories that need it (window functions, upserts, aggregates): rows from
 * Drizzle's answer (node-postgres' result, on a server and on the embedded PGlite alike), and value
 * coercions.
 */
import type { SQL } from 'drizzle-orm';
import type { Tx } from './client.ts';

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export async function query<T>(tx: Tx, q: SQL): Promise<T[]> {
  return rowsOf<T>(await tx.execute(q));
}

export const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
export const toNum = (v: unknown): number => Number(v ?? 0);

/** Calendar days are Indian Standard Time: the broker's business day. */
export const TZ = 'Asia/Kolkata';
