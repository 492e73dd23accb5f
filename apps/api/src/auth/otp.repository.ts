import { and, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { otpCodes } from '../db/schema/core.ts';

export type OtpRow = typeof otpCodes.$inferSelect;
export type OtpPurpose = OtpRow['purpose'];

export const otpRepository = {
  async latest(tx: Tx, purpose: OtpPurpose, targetHash: string): Promise<OtpRow | undefined> {
    const [row] = await tx
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.purpose, purpose), eq(otpCodes.targetHash, targetHash)))
      .orderBy(desc(otpCodes.createdAt))
      .limit(1);
    return row;
  },

  /** The latest code with how many codes were sent since `since`, in one statement. */
  async latestWithSentSince(
    tx: Tx,
    purpose: OtpPurpose,
    targetHash: string,
    since: Date,
  ): Promise<{ last: OtpRow | undefined; sent: number }> {
    const [row] = await tx
      .select({
        last: getTableColumns(otpCodes),
        sent: sql<number>`(select count(*) from ${otpCodes} c where c.purpose = ${purpose}
          and c.target_hash = ${targetHash} and c.created_at > ${since.toISOString()}::timestamptz)`.mapWith(Number),
      })
      .from(otpCodes)
      .where(and(eq(otpCodes.purpose, purpose), eq(otpCodes.targetHash, targetHash)))
      .orderBy(desc(otpCodes.createdAt))
      .limit(1);
    // no code at all: none sent since either
    return { last: row?.last, sent: row?.sent ?? 0 };
  },

  async insert(tx: Tx, values: typeof otpCodes.$inferInsert): Promise<OtpRow> {
    const [row] = await tx.insert(otpCodes).values(values).returning();
    return row!;
  },

  /** Counts a wrong try; returns the attempts after it. */
  async addAttempt(tx: Tx, id: string): Promise<number> {
    const [row] = await tx
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(eq(otpCodes.id, id))
      .returning({ attempts: otpCodes.attempts });
    return row?.attempts ?? 0;
  },

  /** Single use: only the first of concurrent calls consumes the code. */
  async consume(tx: Tx, id: string): Promise<boolean> {
    const rows = await tx
      .update(otpCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(otpCodes.id, id), isNull(otpCodes.usedAt)))
      .returning({ id: otpCodes.id });
    return rows.length === 1;
  },
};
