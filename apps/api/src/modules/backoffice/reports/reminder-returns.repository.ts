/**
 * The funnel's reminders (the table is modules/reminders', 2847_applicant_reminders.sql, only read
 * here): per step the applicants stopped at, how many were reminded and how many came back, that
 * is wrote a stage after their first reminder.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { query, toNum } from '../../../db/raw.ts';
import { type ApplicantFilters, applicantWhere } from '../funnel.repository.ts';

export async function reminderReturns(tx: Tx, f: ApplicantFilters) {
  const rows = await query<{ stage: unknown; reminded: unknown; came_back: unknown }>(
    tx,
    sql`with first as (
          select r.applicant_id, r.stage, r.sent_at from applicant_reminders r
          join applicants a on a.id = r.applicant_id
          where r.n = 1 and ${applicantWhere(f)})
        select f.stage, count(*) as reminded,
          count(*) filter (where exists (select 1 from applicant_stages s
            where s.applicant_id = f.applicant_id and s.updated_at > f.sent_at)) as came_back
        from first f group by f.stage order by f.stage`,
  );
  return rows.map((r) => ({ stage: toNum(r.stage), reminded: toNum(r.reminded), came_back: toNum(r.came_back) }));
}
