import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { prepared, preparedSql } from '../db/prepared.ts';
import { sessions } from '../db/schema/core.ts';

export type SessionRow = typeof sessions.$inferSelect;

const at = sql.placeholder;

export const sessionsRepository = {
  /**
   * A new session, and the subject's live sessions beyond the newest `keep` (the new one counted)
   * revoked, in one statement; returns the new session's id and the revoked ids.
   */
  async insertKeepingNewest(
    tx: Tx,
    values: Pick<SessionRow, 'kind' | 'subjectId' | 'tokenHash' | 'expiresAt'>,
    keep: number,
    now: Date,
  ): Promise<{ id: string; revoked: string[] }> {
    const [row] = await preparedSql<{ id: string; revoked: string[] | null }>(
      tx,
      'session_insert_keeping_newest',
      () => sql`
        with created as (
          insert into sessions (kind, subject_id, token_hash, expires_at)
          values (${at('kind')}, ${at('subjectId')}::uuid, ${at('tokenHash')}, ${at('expiresAt')}::timestamptz)
          returning id),
        surplus as (
          update sessions set revoked_at = ${at('now')}::timestamptz
          where id in (
            select id from sessions
            where kind = ${at('kind')} and subject_id = ${at('subjectId')}::uuid and revoked_at is null
              and expires_at > ${at('now')}::timestamptz
            order by created_at desc, id desc offset greatest(${at('keep')}::int - 1, 0))
            and revoked_at is null
          returning id)
        select created.id, (select array_agg(surplus.id) from surplus) as revoked from created`,
      { ...values, expiresAt: values.expiresAt.toISOString(), keep, now: now.toISOString() },
    );
    return { id: row!.id, revoked: row!.revoked ?? [] };
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
