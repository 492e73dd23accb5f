import { and, eq, lt } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/idempotency.ts';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

export const idempotencyRepository = {
  /** Claims a key; returns the existing row when another request claimed it first. */
  async claim(tx: Tx, scopeHash: string, keyHash: string, requestHash: string): Promise<IdempotencyRow | null> {
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({ scopeHash, keyHash, requestHash })
      .onConflictDoNothing()
      .returning();
    if (inserted.length) return null;
    const [row] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scopeHash, scopeHash), eq(idempotencyKeys.keyHash, keyHash)))
      .limit(1);
    return row ?? null;
  },
  async complete(tx: Tx, scopeHash: string, keyHash: string, statusCode: number, responseBody: string): Promise<void> {
    await tx
      .update(idempotencyKeys)
      .set({ statusCode, responseBody })
      .where(and(eq(idempotencyKeys.scopeHash, scopeHash), eq(idempotencyKeys.keyHash, keyHash)));
  },
  async release(tx: Tx, scopeHash: string, keyHash: string): Promise<void> {
    await tx
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scopeHash, scopeHash), eq(idempotencyKeys.keyHash, keyHash)));
  },
  async purgeBefore(tx: Tx, before: Date): Promise<void> {
    await tx.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
  },
};
