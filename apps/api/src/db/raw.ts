/**
 * Raw SQL for the repositories that need it (window functions, upserts, aggregates): rows from
 * Drizzle's answer (an array, or node-postgres' result with its rows), and value coercions.
 */
import type { SQL } from 'drizzle-orm';
import type { Tx } from './client.ts';

export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export async function query<T>(tx: Tx, q: SQL): Promise<T[]> {
  return rowsOf<T>(await tx.execute(q));
}

export const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
export const toNum = (v: unknown): number => Number(v ?? 0);

/** Calendar days are Indian Standard Time: the broker's business day. */
export const TZ = 'Asia/Kolkata';
