-- The back office's reports read two summary tables kept from the audit trail as it is written,
-- never the trail itself (5 million rows at 100,000 applications): one row per staff decision on
-- a stage, and one per review status an application took. Both hold ids and times only.

-- A staff decision: the maker's accept or send-back of a stage, the checker's confirmation (the
-- final stage accepted). waiting_from is when the application was put before them: the applicant's
-- last action before a maker's decision, the last maker decision before a checker's.
create table if not exists review_decisions (
  audit_id bigint primary key,
  applicant_id uuid not null,
  staff_id uuid not null,
  at timestamptz not null,
  stage integer not null,
  role text not null check (role in ('maker', 'checker')),
  outcome text not null check (outcome in ('accept', 'reject')),
  reason_code text,
  waiting_from timestamptz not null
);
create index if not exists review_decisions_at on review_decisions (at);
create index if not exists review_decisions_staff_at on review_decisions (staff_id, at);
create index if not exists review_decisions_applicant on review_decisions (applicant_id, at);

create table if not exists review_status_log (
  audit_id bigint primary key,
  applicant_id uuid not null,
  at timestamptz not null,
  status text not null
);
create index if not exists review_status_log_applicant on review_status_log (applicant_id, at);
create index if not exists review_status_log_at on review_status_log (at);

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
      substring(r.after->>'reason' from '^\[([A-Z0-9_]+)\]'),
      coalesce(
        case when v_role = 'checker'
          then (select max(d.at) from review_decisions d where d.applicant_id = r.applicant_id and d.role = 'maker')
          else (select max(l.at) from audit_log l
                where l.applicant_id = r.applicant_id and l.id < r.id and l.actor_kind = 'applicant')
        end, r.at))
    on conflict do nothing;
  end if;
end $$;

create or replace function review_reports_from_audit() returns trigger language plpgsql as $$
begin
  perform review_reports_take(new);
  return new;
end $$;
drop trigger if exists audit_log_review_reports on audit_log;
create trigger audit_log_review_reports after insert on audit_log
  for each row when (new.action in ('stage.activity', 'review.status'))
  execute function review_reports_from_audit();

-- Fills the tables from the trail written before them (also after a bulk load without triggers).
create or replace function review_reports_backfill() returns void language plpgsql as $$
declare
  r audit_log;
begin
  for r in select * from audit_log where action in ('stage.activity', 'review.status')
      and id > coalesce((select greatest(max(audit_id), 0) from (
        select audit_id from review_decisions union all select audit_id from review_status_log) t), 0)
      order by id loop
    perform review_reports_take(r);
  end loop;
end $$;
select review_reports_backfill();
