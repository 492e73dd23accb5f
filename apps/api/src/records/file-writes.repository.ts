import { asc, eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { preparedSql } from '../db/prepared.ts';
import { fileWrites } from '../db/schema/file-writes.ts';

export const fileWritesRepository = {
  /** Records the writes of several files about to reach the store, in one statement. */
  async begin(tx: Tx, storageKeys: string[], at: Date): Promise<void> {
    await preparedSql(
      tx,
      'file_writes_begin',
      () => sql`insert into file_writes (storage_key, started_at)
        select k, ${sql.placeholder('at')}::timestamptz from unnest(${sql.placeholder('keys')}::text[]) as k`,
      { keys: storageKeys, at: at.toISOString() },
    );
  },
  async finish(tx: Tx, storageKey: string): Promise<void> {
    await tx.delete(fileWrites).where(eq(fileWrites.storageKey, storageKey));
  },
  /** Writes started before the given time and never finished (their request died or failed). */
  async unfinishedBefore(tx: Tx, before: Date, limit: number): Promise<string[]> {
    const rows = await tx
      .select({ k: fileWrites.storageKey })
      .from(fileWrites)
      .where(lt(fileWrites.startedAt, before))
      .orderBy(asc(fileWrites.startedAt))
      .limit(limit);
    return rows.map((r) => r.k);
  },
};
