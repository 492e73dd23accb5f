/** The queue benchmark's audit trail and review reports, generated in the database (backoffice-queue.ts). */
import type pg from 'pg';

export function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The audit trail (AUDIT_ENTRIES rows, generated in the database: stage entries, views, decisions)
 * and what the reports read beside it, as the trigger of 2846_review_reports.sql keeps them: a row
 * per staff decision (20 staff: 15 makers, 4 checkers, an administrator) and per review status.
 */
export async function seedAuditTrail(
  client: pg.Client,
  counts: { entries: number; applications: number },
): Promise<void> {
  const { entries: AUDIT_ENTRIES, applications: COUNT } = counts;
  console.log(`  writing ${AUDIT_ENTRIES.toLocaleString('en-GB')} audit entries…`);
  await client.query(`set session_replication_role = replica`);
  const perApplicant = Math.ceil(AUDIT_ENTRIES / COUNT);
  await client.query(
    `insert into audit_log (chain_key, applicant_id, at, actor_kind, actor_id, action, stage, after, prev_hash, hash)
     select st.applicant_id::text, st.applicant_id, st.created_at + make_interval(mins => g * 7),
       case when g % 10 = 0 then 'staff' else 'applicant' end, st.applicant_id::text,
       case when g % 10 = 0 then 'application.viewed' when g % 3 = 0 then 'stage.activity' else 'stage.reached' end,
       110 + (g % 12) * 10, '{"admin_activity":"Pending"}'::jsonb, '', md5(st.applicant_id::text || g)
     from application_standing st cross join generate_series(1, $1::int) g`,
    [perApplicant],
  );
  await client.query(
    `insert into staff (email, name, role, password_hash)
     select 'bench.staff' || lpad(g::text, 2, '0') || '@broker.example', 'Bench Staff ' || g,
       case when g <= 15 then 'reviewer' when g <= 19 then 'checker' else 'admin' end, 'not-a-password'
     from generate_series(1, 20) g`,
  );
  // makers decide a day or so after the application reaches review, checkers some hours later
  await client.query(
    `with people as (
       select array_agg(id order by email) filter (where role = 'reviewer') as makers,
              array_agg(id order by email) filter (where role = 'checker') as checkers
       from staff where email like 'bench.staff%'),
     decided as (
       select s.applicant_id, s.stage, s.admin_activity, a.created_at + interval '1 hour' as waiting_from,
         a.created_at + interval '1 hour' + make_interval(mins => abs(hashtext(s.applicant_id::text)) % 3000) as decided_at,
         abs(hashtext(s.applicant_id::text)) as h
       from applicant_stages s join applicants a on a.id = s.applicant_id
       where s.admin_activity in ('Accept', 'Reject'))
     insert into review_decisions (audit_id, applicant_id, staff_id, at, stage, role, outcome, reason_code, waiting_from)
     select -row_number() over (), d.applicant_id,
       case when d.stage = 220 then p.checkers[1 + d.h % 4] else p.makers[1 + d.h % 15] end,
       case when d.stage = 220 then d.decided_at + make_interval(mins => 60 + d.h % 600) else d.decided_at end,
       d.stage, case when d.stage = 220 then 'checker' else 'maker' end,
       case when d.admin_activity = 'Accept' then 'accept' else 'reject' end,
       case when d.admin_activity = 'Reject'
         then (array['SIGNATURE_MISMATCH', 'PAN_NAME_MISMATCH', 'AADHAAR_UNREADABLE'])[1 + d.h % 3] end,
       case when d.stage = 220 then d.decided_at else d.waiting_from end
     from decided d, people p`,
  );
  await client.query(
    `insert into review_status_log (audit_id, applicant_id, at, status)
     select -row_number() over (), x.applicant_id, x.at, x.status from (
       select st.applicant_id, a.created_at + interval '1 hour' as at, 'Pending' as status
         from application_standing st join applicants a on a.id = st.applicant_id where st.status <> 'In progress'
       union all
       select d.applicant_id, max(d.at), case when bool_or(d.outcome = 'reject') then 'Rejected' else 'Approved' end
         from review_decisions d where d.role = 'checker' or d.outcome = 'reject' group by d.applicant_id
       union all
       select d.applicant_id, d.at + interval '1 hour', 'Completed'
         from review_decisions d join application_standing st on st.applicant_id = d.applicant_id
         where d.role = 'checker' and st.status = 'Completed') x`,
  );
  await client.query(`set session_replication_role = origin`);
  // the triggers were off: the per-decision summaries and status times (2941, 2942) in one pass
  await client.query(`select review_summaries_rebuild()`);
  await client.query(`select review_status_times_rebuild()`);
}
