/** The only code that touches the DigiLocker authorization table. */
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { digilockerAuthorizations } from '../db/schema/pan.ts';

export type DigilockerAuthorizationRow = typeof digilockerAuthorizations.$inferSelect;

/** The request of this state hash while it is live: unused and unexpired. */
const live = (stateHash: string, now: Date) =>
  and(
    eq(digilockerAuthorizations.stateHash, stateHash),
    isNull(digilockerAuthorizations.usedAt),
    gt(digilockerAuthorizations.expiresAt, now),
  );

export const digilockerRepository = {
  async insert(tx: Tx, values: typeof digilockerAuthorizations.$inferInsert): Promise<void> {
    await tx.insert(digilockerAuthorizations).values(values);
  },

  /** A live (unused, unexpired) request by its state hash. */
  async findLive(tx: Tx, stateHash: string, now: Date): Promise<DigilockerAuthorizationRow | undefined> {
    const [row] = await tx.select().from(digilockerAuthorizations).where(live(stateHash, now)).limit(1);
    return row;
  },

  /**
   * Marks the applicant's live request used and returns it, in one statement; nothing when it is
   * unknown, expired, another applicant's (left as it is) or already used (a replayed return).
   */
  async claim(
    tx: Tx,
    stateHash: string,
    applicantId: string,
    now: Date,
  ): Promise<DigilockerAuthorizationRow | undefined> {
    const [row] = await tx
      .update(digilockerAuthorizations)
      .set({ usedAt: now })
      .where(and(live(stateHash, now), eq(digilockerAuthorizations.applicantId, applicantId)))
      .returning();
    return row;
  },

  async deleteExpired(tx: Tx, now: Date): Promise<void> {
    const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
    await tx.delete(digilockerAuthorizations).where(lt(digilockerAuthorizations.expiresAt, dayAgo));
  },
};
