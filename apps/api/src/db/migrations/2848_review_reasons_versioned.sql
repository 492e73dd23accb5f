-- A send-back's stored reason names the version of its coded reason ("[CODE@2] note", the reasons
-- table of 2830): the reports take the code with or without the version, and the decisions already
-- summarised without their code get it.
create or replace function review_reports_take(r audit_log) returns void language plpgsql as $$
declare
  v_role text;
begin
  if r.action = 'review.status' and r.applicant_id is not null then
    insert into review_status_log (audit_id, applicant_id, at, status)
    values (r.id, r.applicant_id, r.at, r.after->>'status') on conflict do nothing;
  elsif r.action = 'stage.activity' and r.actor_kind = 'staff' and r.applicant_id is not null
        and r.after->>'admin_activity' in ('Accept', 'Reject')
        and r.actor_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    v_role := case when r.stage = 220 and r.after->>'admin_activity' = 'Accept' then 'checker' else 'maker' end;
    insert into review_decisions (audit_id, applicant_id, staff_id, at, stage, role, outcome, reason_code, waiting_from)
    values (r.id, r.applicant_id, r.actor_id::uuid, r.at, r.stage, v_role,
      case when r.after->>'admin_activity' = 'Accept' then 'accept' else 'reject' end,
      substring(r.after->>'reason' from '^\[([A-Z0-9_]+)(?:@[0-9]+)?\]'),
      coalesce(
        case when v_role = 'checker'
          then (select max(d.at) from review_decisions d where d.applicant_id = r.applicant_id and d.role = 'maker')
          else (select max(l.at) from audit_log l
                where l.applicant_id = r.applicant_id and l.id < r.id and l.actor_kind = 'applicant')
        end, r.at))
    on conflict do nothing;
  end if;
end $$;

update review_decisions d
   set reason_code = substring(a.after->>'reason' from '^\[([A-Z0-9_]+)(?:@[0-9]+)?\]')
  from audit_log a
 where a.id = d.audit_id and d.outcome = 'reject' and d.reason_code is null;
