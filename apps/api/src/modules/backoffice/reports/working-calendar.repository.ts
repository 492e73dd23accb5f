/**
 * The trading holidays the reports' working-hours clock skips (review_trading_holidays,
 * 2941_review_report_summaries.sql), and the recount of the kept working seconds around a changed
 * holiday.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { query } from '../../../db/raw.ts';

export const workingCalendarRepository = {
  /** One process at a time brings the copy up to date (several may start together). */
  async lock(tx: Tx): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('review_trading_holidays'))`);
  },
  async holidays(tx: Tx): Promise<string[]> {
    const rows = await query<{ day: string }>(
      tx,
      sql`select to_char(day, 'YYYY-MM-DD') as day from review_trading_holidays`,
    );
    return rows.map((r) => r.day);
  },
  async put(tx: Tx, added: string[], removed: string[]): Promise<void> {
    if (removed.length)
      await tx.execute(sql`delete from review_trading_holidays where day = any(${`{${removed.join(',')}}`}::date[])`);
    if (added.length)
      await tx.execute(
        sql`insert into review_trading_holidays (day) select unnest(${`{${added.join(',')}}`}::date[]) on conflict do nothing`,
      );
  },
  /** Counts again the working seconds of every application decision whose wait spans these days. */
  async recount(tx: Tx, days: string[]): Promise<void> {
    if (!days.length) return;
    const sorted = [...days].sort();
    await tx.execute(
      sql`update review_sittings s set working_seconds = greatest(0, review_working_seconds(s.waiting_from, s.decided_at)
            - review_held_seconds(s.applicant_id, s.waiting_from, s.decided_at))
          where s.decided_at >= (${sorted[0]}::date)::timestamp at time zone 'Asia/Kolkata'
            and s.waiting_from < (${sorted[sorted.length - 1]}::date + 1)::timestamp at time zone 'Asia/Kolkata'`,
    );
  },
};
