import { asc, eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { fileWrites } from '../db/schema/file-writes.ts';

export const fileWritesRepository = {
  async begin(tx: Tx, storageKey: string, at: Date): Promise<void> {
    const query = prepared(tx, 'file_write_begin', (db, name) =>
      db
        .insert(fileWrites)
        .values({ storageKey: sql.placeholder('key'), startedAt: sql.placeholder('at') })
        .prepare(name),
    );
    await query.execute({ key: storageKey, at });
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
