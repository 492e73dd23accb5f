/** The only code that touches the DigiLocker authorization table. */
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { digilockerAuthorizations } from '../../db/schema/pan.ts';

export type DigilockerAuthorizationRow = typeof digilockerAuthorizations.$inferSelect;

export const digilockerRepository = {
  async insert(tx: Tx, values: typeof digilockerAuthorizations.$inferInsert): Promise<void> {
    await tx.insert(digilockerAuthorizations).values(values);
  },

  /** A live (unused, unexpired) request by its state hash. */
  async findLive(tx: Tx, stateHash: string, now: Date): Promise<DigilockerAuthorizationRow | undefined> {
    const [row] = await tx
      .select()
      .from(digilockerAuthorizations)
      .where(
        and(
          eq(digilockerAuthorizations.stateHash, stateHash),
          isNull(digilockerAuthorizations.usedAt),
          gt(digilockerAuthorizations.expiresAt, now),
        ),
      )
      .limit(1);
    return row;
  },

  /** Marks a request used; false when it was already used (a replayed return). */
  async consume(tx: Tx, stateHash: string, now: Date): Promise<boolean> {
    const rows = await tx
      .update(digilockerAuthorizations)
      .set({ usedAt: now })
      .where(and(eq(digilockerAuthorizations.stateHash, stateHash), isNull(digilockerAuthorizations.usedAt)))
      .returning({ stateHash: digilockerAuthorizations.stateHash });
    return rows.length === 1;
  },

  async deleteExpired(tx: Tx, now: Date): Promise<void> {
    const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
    await tx.delete(digilockerAuthorizations).where(lt(digilockerAuthorizations.expiresAt, dayAgo));
  },
};
