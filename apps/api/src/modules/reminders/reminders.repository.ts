/** Reminders to applicants who stopped (2847_applicant_reminders.sql); the applicant tables are only read. */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { query, toNum } from '../../db/raw.ts';

export interface ReminderDue {
  applicantId: string;
  stage: number;
  /** Reminders already sent to this applicant. */
  sent: number;
}

export const remindersRepository = {
  /**
   * Applications still being filled in whose current stage has not moved since `idleSince`, with
   * fewer than `max` reminders, none since `idleSince`, the communication consent in force and no
   * erasure asked: the longest waiting first.
   */
  async due(tx: Tx, idleSince: Date, max: number, limit: number): Promise<ReminderDue[]> {
    const rows = await query<{ id: string; stage: unknown; sent: unknown }>(
      tx,
      sql`select st.applicant_id as id, st.stage, coalesce(r.n, 0) as sent
          from application_standing st
          left join lateral (select count(*) as n, max(x.sent_at) as last from applicant_reminders x
            where x.applicant_id = st.applicant_id) r on true
          where st.status = 'In progress' and st.since < ${idleSince.toISOString()}::timestamptz
            and coalesce(r.n, 0) < ${max}
            and (r.last is null or r.last < ${idleSince.toISOString()}::timestamptz)
            and coalesce((select c.granted from consent_records c
              where c.applicant_id = st.applicant_id and c.purpose = 'communication' order by c.id desc limit 1), false)
            and not exists (select 1 from erasure_requests e where e.applicant_id = st.applicant_id)
          order by st.since limit ${limit}`,
    );
    return rows.map((r) => ({ applicantId: r.id, stage: toNum(r.stage), sent: toNum(r.sent) }));
  },

  /** Records a reminder sent; false when another process recorded this one first. */
  async record(tx: Tx, applicantId: string, n: number, stage: number, sentAt: Date): Promise<boolean> {
    const rows = await query<{ n: unknown }>(
      tx,
      sql`insert into applicant_reminders (applicant_id, n, stage, sent_at)
          values (${applicantId}::uuid, ${n}, ${stage}, ${sentAt.toISOString()}::timestamptz)
          on conflict do nothing returning n`,
    );
    return rows.length > 0;
  },
};
