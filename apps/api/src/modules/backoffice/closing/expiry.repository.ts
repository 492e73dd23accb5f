/** The sent-back applications an expiry sweep looks at, and the reminders it claims (send_back_reminders). */
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { query, toDate } from '../../../db/raw.ts';

/** When the expiry clock of a sent-back application started: the send-back, or a later reopening. */
const clock = (id: SQL) => sql`greatest(st.since, coalesce((select max(n.created_at) from backoffice_notes n
  where n.applicant_id = ${id} and n.kind = 'reopen'), st.since))`;

export const expiryRepository = {
  /**
   * Sent-back applications whose clock started before `until` (and, when given, after `after`:
   * a reminder is not sent for an application already due to expire), oldest first.
   */
  async sentBackBefore(
    tx: Tx,
    until: Date,
    after: Date | null,
    limit: number,
  ): Promise<{ applicantId: string; clock: Date }[]> {
    const rows = await query<{ id: string; clock: unknown }>(
      tx,
      sql`select x.id, x.clock from (
            select st.applicant_id as id, ${clock(sql`st.applicant_id`)} as clock from application_standing st
            where st.status = 'Rejected' and st.since < ${until.toISOString()}::timestamptz) x
          where x.clock < ${until.toISOString()}::timestamptz
            ${after ? sql`and x.clock >= ${after.toISOString()}::timestamptz` : sql``}
          order by x.clock limit ${limit}`,
    );
    return rows.map((r) => ({ applicantId: r.id, clock: toDate(r.clock) }));
  },
  /** Re-read under the applicant's lock: still sent back since before the cutoff. */
  async stillDue(tx: Tx, applicantId: string, cutoff: Date): Promise<boolean> {
    const rows = await query<{ id: string }>(
      tx,
      sql`select st.applicant_id as id from application_standing st
          where st.applicant_id = ${applicantId}::uuid and st.status = 'Rejected'
            and ${clock(sql`st.applicant_id`)} < ${cutoff.toISOString()}::timestamptz`,
    );
    return rows.length > 0;
  },
  /**
   * Takes the reminder for this send-back and days left; false when it (or a nearer one) was sent.
   */
  async claimReminder(tx: Tx, applicantId: string, sentBackAt: Date, daysLeft: number): Promise<boolean> {
    const rows = await query<{ applicant_id: string }>(
      tx,
      sql`insert into send_back_reminders (applicant_id, sent_back_at, days_left)
          select ${applicantId}::uuid, ${sentBackAt.toISOString()}::timestamptz, ${daysLeft}
          where not exists (select 1 from send_back_reminders r where r.applicant_id = ${applicantId}::uuid
            and r.sent_back_at = ${sentBackAt.toISOString()}::timestamptz and r.days_left <= ${daysLeft})
          on conflict do nothing returning applicant_id`,
    );
    return rows.length > 0;
  },
};
