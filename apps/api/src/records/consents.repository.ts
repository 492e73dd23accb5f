/** The only code that touches the consent records, the erasure requests, the account closures and the erasure itself. */
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { applicants, files } from '../db/schema/core.ts';
import { fileWrites } from '../db/schema/file-writes.ts';
import { accountClosures, consentRecords, erasureRequests } from '../db/schema/privacy.ts';

export type ConsentRow = typeof consentRecords.$inferSelect;
export type ErasureRow = typeof erasureRequests.$inferSelect;
export type ClosureRow = typeof accountClosures.$inferSelect;

export const consentsRepository = {
  async add(tx: Tx, rows: (typeof consentRecords.$inferInsert)[]): Promise<void> {
    if (rows.length) await tx.insert(consentRecords).values(rows);
  },

  /** Every record of the applicant, oldest first. */
  async of(tx: Tx, applicantId: string): Promise<ConsentRow[]> {
    return tx
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.applicantId, applicantId))
      .orderBy(asc(consentRecords.id));
  },

  async erasure(tx: Tx, applicantId: string): Promise<ErasureRow | undefined> {
    const [row] = await tx.select().from(erasureRequests).where(eq(erasureRequests.applicantId, applicantId));
    return row;
  },

  async closure(tx: Tx, applicantId: string): Promise<ClosureRow | undefined> {
    const [row] = await tx.select().from(accountClosures).where(eq(accountClosures.applicantId, applicantId));
    return row;
  },

  /** Records the closure once; answers null when the account was closed already. */
  async close(tx: Tx, row: typeof accountClosures.$inferInsert): Promise<ClosureRow | null> {
    const [inserted] = await tx.insert(accountClosures).values(row).onConflictDoNothing().returning();
    return inserted ?? null;
  },

  /** A request held while the account was open (no end yet) gets its end at the closure. */
  async startHold(tx: Tx, applicantId: string, holdUntil: Date, holdReason: string): Promise<void> {
    await tx
      .update(erasureRequests)
      .set({ holdUntil, holdReason })
      .where(
        and(
          eq(erasureRequests.applicantId, applicantId),
          isNull(erasureRequests.erasedAt),
          isNull(erasureRequests.holdUntil),
        ),
      );
  },

  /** Records the request once; a repeated request answers the first. */
  async requestErasure(tx: Tx, row: typeof erasureRequests.$inferInsert): Promise<ErasureRow> {
    await tx.insert(erasureRequests).values(row).onConflictDoNothing();
    return (await this.erasure(tx, row.applicantId))!;
  },

  /** Requests whose hold has ended (or that had none) and are not erased yet. */
  async due(tx: Tx, now: Date, limit: number): Promise<string[]> {
    const rows = await tx
      .select({ id: erasureRequests.applicantId })
      .from(erasureRequests)
      .where(and(isNull(erasureRequests.erasedAt), lte(erasureRequests.holdUntil, now)))
      .orderBy(asc(erasureRequests.holdUntil))
      .limit(limit);
    return rows.map((r) => r.id);
  },

  /**
   * Deletes the applicant's row, and with it (foreign keys, on delete cascade) their stages,
   * sections, files' rows, e-sign, PAN, DigiLocker, review and registration records. The stored
   * files' keys are recorded as unfinished writes in the same transaction, so their bytes are
   * deleted even by a process that dies before it deletes them. Answers those keys; none if the
   * request was already done.
   */
  async erase(tx: Tx, applicantId: string, at: Date): Promise<string[] | null> {
    const [claimed] = await tx
      .update(erasureRequests)
      .set({ erasedAt: at })
      .where(and(eq(erasureRequests.applicantId, applicantId), isNull(erasureRequests.erasedAt)))
      .returning({ id: erasureRequests.applicantId });
    if (!claimed) return null;
    const keys = (await tx.select({ key: files.storageKey }).from(files).where(eq(files.applicantId, applicantId))).map(
      (r) => r.key,
    );
    if (keys.length)
      await tx
        .insert(fileWrites)
        .values(keys.map((storageKey) => ({ storageKey, startedAt: new Date(0) })))
        .onConflictDoNothing();
    await tx.delete(applicants).where(eq(applicants.id, applicantId));
    return keys;
  },
};
