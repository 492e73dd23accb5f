import { and, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { prepared, preparedSql } from '../db/prepared.ts';
import { toDate } from '../db/raw.ts';
import { otpCodes } from '../db/schema/core.ts';

export type OtpRow = typeof otpCodes.$inferSelect;
export type OtpPurpose = OtpRow['purpose'];

const at = sql.placeholder;

export const otpRepository = {
  /**
   * The target's latest code, taking one of its attempts in the same statement when it is unused,
   * unexpired at `now` and has attempts left (`claimed`: the attempts after it; null when none was
   * taken). Concurrent checks each take their own, and none is left once `max` are taken.
   */
  async latestClaimingAttempt(
    tx: Tx,
    purpose: OtpPurpose,
    targetHash: string,
    max: number,
    now: Date,
  ): Promise<
    { id: string; codeHash: string; usedAt: Date | null; expiresAt: Date; claimed: number | null } | undefined
  > {
    const [row] = await preparedSql<{
      id: string;
      code_hash: string;
      used_at: string | null;
      expires_at: string;
      claimed: number | null;
    }>(
      tx,
      'otp_latest_claiming_attempt',
      () => sql`
        with latest as (
          select id, code_hash, used_at, expires_at from otp_codes
          where purpose = ${at('purpose')} and target_hash = ${at('target')}
          order by created_at desc limit 1),
        claimed as (
          update otp_codes o set attempts = o.attempts + 1 from latest
          where o.id = latest.id and o.used_at is null and o.expires_at > ${at('now')}::timestamptz
            and o.attempts < ${at('max')}::int
          returning o.attempts)
        select latest.id, latest.code_hash, latest.used_at, latest.expires_at,
          (select claimed.attempts from claimed) as claimed
        from latest`,
      { purpose, target: targetHash, max, now: now.toISOString() },
    );
    if (!row) return undefined;
    return {
      id: row.id,
      codeHash: row.code_hash,
      usedAt: row.used_at === null ? null : toDate(row.used_at),
      expiresAt: toDate(row.expires_at),
      claimed: row.claimed,
    };
  },

  /** The latest code with how many codes were sent since `since`, in one statement. */
  async latestWithSentSince(
    tx: Tx,
    purpose: OtpPurpose,
    targetHash: string,
    since: Date,
  ): Promise<{ last: OtpRow | undefined; sent: number }> {
    const query = prepared(tx, 'otp_latest_with_sent', (db, name) =>
      db
        .select({
          last: getTableColumns(otpCodes),
          sent: sql<number>`(select count(*) from ${otpCodes} c where c.purpose = ${sql.placeholder('purpose')}
            and c.target_hash = ${sql.placeholder('target')} and c.created_at > ${sql.placeholder('since')}::timestamptz)`.mapWith(
            Number,
          ),
        })
        .from(otpCodes)
        .where(
          and(eq(otpCodes.purpose, sql.placeholder('purpose')), eq(otpCodes.targetHash, sql.placeholder('target'))),
        )
        .orderBy(desc(otpCodes.createdAt))
        .limit(1)
        .prepare(name),
    );
    const [row] = await query.execute({ purpose, target: targetHash, since: since.toISOString() });
    // no code at all: none sent since either
    return { last: row?.last, sent: row?.sent ?? 0 };
  },

  async insert(
    tx: Tx,
    values: Pick<OtpRow, 'purpose' | 'targetHash' | 'codeHash' | 'sends' | 'expiresAt' | 'createdAt'>,
  ): Promise<void> {
    const query = prepared(tx, 'otp_insert', (db, name) =>
      db
        .insert(otpCodes)
        .values({
          purpose: sql.placeholder('purpose'),
          targetHash: sql.placeholder('targetHash'),
          codeHash: sql.placeholder('codeHash'),
          sends: sql.placeholder('sends'),
          expiresAt: sql.placeholder('expiresAt'),
          createdAt: sql.placeholder('createdAt'),
        })
        .prepare(name),
    );
    await query.execute(values);
  },

  /** Single use: only the first of concurrent calls consumes the code. */
  async consume(tx: Tx, id: string): Promise<boolean> {
    const query = prepared(tx, 'otp_consume', (db, name) =>
      db
        .update(otpCodes)
        .set({ usedAt: sql`${sql.placeholder('at')}::timestamptz` })
        .where(and(eq(otpCodes.id, sql.placeholder('id')), isNull(otpCodes.usedAt)))
        .returning({ id: otpCodes.id })
        .prepare(name),
    );
    const rows = await query.execute({ id, at: new Date().toISOString() });
    return rows.length === 1;
  },
};
