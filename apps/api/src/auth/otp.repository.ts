import { and, desc, eq, getTableColumns, isNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { otpCodes } from '../db/schema/core.ts';

export type OtpRow = typeof otpCodes.$inferSelect;
export type OtpPurpose = OtpRow['purpose'];

export const otpRepository = {
  async latest(tx: Tx, purpose: OtpPurpose, targetHash: string): Promise<OtpRow | undefined> {
    const query = prepared(tx, 'otp_latest', (db, name) =>
      db
        .select()
        .from(otpCodes)
        .where(
          and(eq(otpCodes.purpose, sql.placeholder('purpose')), eq(otpCodes.targetHash, sql.placeholder('target'))),
        )
        .orderBy(desc(otpCodes.createdAt))
        .limit(1)
        .prepare(name),
    );
    const [row] = await query.execute({ purpose, target: targetHash });
    return row;
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

  /** Counts a wrong try; returns the attempts after it. */
  /**
   * Takes one of the code's attempts before the code is compared, in one statement: concurrent
   * checks each take their own, and none is left once `max` are taken (undefined then).
   */
  async claimAttempt(tx: Tx, id: string, max: number): Promise<number | undefined> {
    const [row] = await tx
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(and(eq(otpCodes.id, id), isNull(otpCodes.usedAt), lt(otpCodes.attempts, max)))
      .returning({ attempts: otpCodes.attempts });
    return row?.attempts;
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
