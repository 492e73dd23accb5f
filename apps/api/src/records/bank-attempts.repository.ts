/** The only code that touches the bank attempts table. */
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { preparedSql } from '../db/prepared.ts';

const at = sql.placeholder;

export const bankAttemptsRepository = {
  /**
   * Counts one attempt on `day` unless `limit` are counted for it already; true when counted. One
   * statement: calls at once each wait for the row, so no two pass on the same count.
   */
  async take(tx: Tx, applicantId: string, day: string, limit: number): Promise<boolean> {
    const counted = await preparedSql<{ count: number }>(
      tx,
      'bank_attempt_take',
      () => sql`insert into bank_attempts as a (applicant_id, day, count)
        values (${at('applicant')}::uuid, ${at('day')}::date, 1)
        on conflict (applicant_id) do update
          set count = case when a.day = excluded.day then a.count + 1 else 1 end, day = excluded.day
          where a.day <> excluded.day or a.count < ${at('limit')}::int
        returning a.count`,
      { applicant: applicantId, day, limit },
    );
    return counted.length > 0;
  },

  /** Gives back one attempt of `day` (the call never reached a bank: every provider was over budget). */
  async giveBack(tx: Tx, applicantId: string, day: string): Promise<void> {
    await tx.execute(
      sql`update bank_attempts set count = count - 1
          where applicant_id = ${applicantId} and day = ${day}::date and count > 0`,
    );
  },
};
