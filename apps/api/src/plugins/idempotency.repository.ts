import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/idempotency.ts';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

const byKey = (scopeHash: string, keyHash: string) =>
  and(eq(idempotencyKeys.scopeHash, scopeHash), eq(idempotencyKeys.keyHash, keyHash));

export interface Claim {
  scopeHash: string;
  keyHash: string;
  requestHash: string;
  claimId: string;
  now: Date;
  leaseUntil: Date;
  /** Rows created before this are expired and may be claimed afresh. */
  expiredBefore: Date;
}

export const idempotencyRepository = {
  /**
   * Claims a key. A free key, an expired row, or a claim for the same request whose lease ran out
   * (its request died with its process) becomes ours; otherwise the row that holds it is returned.
   */
  async claim(tx: Tx, c: Claim, attempt = 0): Promise<{ claimed: true } | { claimed: false; row: IdempotencyRow }> {
    const t = idempotencyKeys;
    const taken = await tx
      .insert(t)
      .values({
        scopeHash: c.scopeHash,
        keyHash: c.keyHash,
        requestHash: c.requestHash,
        claimId: c.claimId,
        leaseUntil: c.leaseUntil,
        createdAt: c.now,
      })
      .onConflictDoUpdate({
        target: [t.scopeHash, t.keyHash],
        set: {
          requestHash: c.requestHash,
          claimId: c.claimId,
          leaseUntil: c.leaseUntil,
          createdAt: c.now,
          statusCode: null,
          replySealed: null,
          replyWithheld: false,
        },
        setWhere: or(
          lt(t.createdAt, c.expiredBefore),
          and(isNull(t.statusCode), lt(t.leaseUntil, c.now), eq(t.requestHash, sql`excluded.request_hash`)),
        ),
      })
      .returning({ claimId: t.claimId });
    if (taken[0]?.claimId === c.claimId) return { claimed: true };
    const [row] = await tx.select().from(t).where(byKey(c.scopeHash, c.keyHash)).limit(1);
    // released between the two statements: try again (a key released over and over is a fault)
    if (!row) {
      if (attempt >= 3) throw new Error('idempotency key released repeatedly while claiming');
      return idempotencyRepository.claim(tx, c, attempt + 1);
    }
    return { claimed: false, row };
  },
  async complete(
    tx: Tx,
    scopeHash: string,
    keyHash: string,
    claimId: string,
    reply: { statusCode: number; sealed: string | null; withheld: boolean },
  ): Promise<void> {
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: reply.statusCode, replySealed: reply.sealed, replyWithheld: reply.withheld })
      .where(and(byKey(scopeHash, keyHash), eq(idempotencyKeys.claimId, claimId)));
  },
  async release(tx: Tx, scopeHash: string, keyHash: string, claimId: string): Promise<void> {
    await tx.delete(idempotencyKeys).where(and(byKey(scopeHash, keyHash), eq(idempotencyKeys.claimId, claimId)));
  },
  /** Deletes every key created before the given time; returns how many. */
  async purgeBefore(tx: Tx, before: Date): Promise<number> {
    const gone = await tx
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, before))
      .returning({ k: idempotencyKeys.keyHash });
    return gone.length;
  },
};
