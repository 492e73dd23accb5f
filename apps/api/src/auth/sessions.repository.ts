import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { sessions } from '../db/schema/core.ts';

export type SessionRow = typeof sessions.$inferSelect;

export const sessionsRepository = {
  async insert(tx: Tx, values: typeof sessions.$inferInsert): Promise<SessionRow> {
    const [row] = await tx.insert(sessions).values(values).returning();
    return row!;
  },
  async findByTokenHash(tx: Tx, tokenHash: string): Promise<SessionRow | undefined> {
    const query = prepared(tx, 'session_by_token', (db, name) =>
      db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sql.placeholder('hash')))
        .limit(1)
        .prepare(name),
    );
    const [row] = await query.execute({ hash: tokenHash });
    return row;
  },
  async findById(tx: Tx, id: string): Promise<SessionRow | undefined> {
    const [row] = await tx.select().from(sessions).where(eq(sessions.id, id)).limit(1);
    return row;
  },
  /** Revokes a subject's live sessions beyond the newest `keep`; returns the revoked ids. */
  async revokeOldest(tx: Tx, kind: SessionRow['kind'], subjectId: string, keep: number, now: Date): Promise<string[]> {
    const surplus = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.kind, kind),
          eq(sessions.subjectId, subjectId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
        ),
      )
      .orderBy(desc(sessions.createdAt), desc(sessions.id))
      .offset(keep);
    if (!surplus.length) return [];
    const rows = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          inArray(
            sessions.id,
            surplus.map((r) => r.id),
          ),
          isNull(sessions.revokedAt),
        ),
      )
      .returning({ id: sessions.id });
    return rows.map((r) => r.id);
  },
  async touch(tx: Tx, id: string, at: Date): Promise<void> {
    await tx.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
  },
  async revoke(tx: Tx, id: string): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  },
  async revokeAllOf(tx: Tx, kind: SessionRow['kind'], subjectId: string, exceptId?: string): Promise<string[]> {
    const rows = await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sessions.kind, kind),
          eq(sessions.subjectId, subjectId),
          isNull(sessions.revokedAt),
          exceptId ? ne(sessions.id, exceptId) : undefined,
        ),
      )
      .returning({ id: sessions.id });
    return rows.map((r) => r.id);
  },
};
