-- The time each application spent in each review status, kept as the statuses are written
-- (review_status_log, 2846_review_reports.sql): one row per application with the seconds spent in
-- each status it left, the status it is in and since when, and when it was last approved. 'In
-- progress' runs from the application's start to its first review status; Completed is where an
-- application ends and is not counted. The reports' time in each status reads one short row per
-- confirmed application instead of ordering the log.
create table if not exists review_status_times (
  applicant_id uuid primary key,
  in_progress_s double precision not null default 0,
  pending_s double precision not null default 0,
  approved_s double precision not null default 0,
  rejected_s double precision not null default 0,
  closed_s double precision not null default 0,
  open_status text,
  open_since timestamptz,
  approved_at timestamptz
);

create or replace function review_status_times_take(l review_status_log) returns void language plpgsql as $$
declare
  r review_status_times;
  s double precision;
begin
  select * into r from review_status_times t where t.applicant_id = l.applicant_id for update;
  if not found then
    insert into review_status_times (applicant_id, in_progress_s, open_status, open_since, approved_at)
      select a.id, greatest(0, extract(epoch from (l.at - a.created_at))), l.status, l.at,
        case when l.status = 'Approved' then l.at end
      from applicants a where a.id = l.applicant_id
      on conflict do nothing;
    return;
  end if;
  s := greatest(0, extract(epoch from (l.at - r.open_since)));
  update review_status_times t set
    pending_s = t.pending_s + case when r.open_status = 'Pending' then s else 0 end,
    approved_s = t.approved_s + case when r.open_status = 'Approved' then s else 0 end,
    rejected_s = t.rejected_s + case when r.open_status = 'Rejected' then s else 0 end,
    closed_s = t.closed_s + case when r.open_status = 'Closed' then s else 0 end,
    in_progress_s = t.in_progress_s + case when r.open_status = 'In progress' then s else 0 end,
    open_status = l.status, open_since = greatest(r.open_since, l.at),
    approved_at = case when l.status = 'Approved' then l.at else t.approved_at end
  where t.applicant_id = l.applicant_id;
end $$;

create or replace function review_status_times_from_log() returns trigger language plpgsql as $$
begin
  perform review_status_times_take(new);
  return new;
end $$;
drop trigger if exists review_status_log_times on review_status_log;
create trigger review_status_log_times after insert on review_status_log
  for each row execute function review_status_times_from_log();

-- Rebuilds the rows from the log (after a bulk load without triggers): set-based.
create or replace function review_status_times_rebuild() returns void language plpgsql as $$
begin
  truncate review_status_times;
  insert into review_status_times (applicant_id, in_progress_s, pending_s, approved_s, rejected_s, closed_s,
      open_status, open_since, approved_at)
    select sp.applicant_id,
      greatest(0, extract(epoch from (min(sp.at) - min(a.created_at))))
        + coalesce(sum(extract(epoch from (sp.until - sp.at))) filter (where sp.status = 'In progress'), 0),
      coalesce(sum(extract(epoch from (sp.until - sp.at))) filter (where sp.status = 'Pending'), 0),
      coalesce(sum(extract(epoch from (sp.until - sp.at))) filter (where sp.status = 'Approved'), 0),
      coalesce(sum(extract(epoch from (sp.until - sp.at))) filter (where sp.status = 'Rejected'), 0),
      coalesce(sum(extract(epoch from (sp.until - sp.at))) filter (where sp.status = 'Closed'), 0),
      (array_agg(sp.status order by sp.at desc, sp.audit_id desc))[1],
      max(sp.at),
      max(sp.at) filter (where sp.status = 'Approved')
    from (select l.applicant_id, l.status, l.at, l.audit_id,
            lead(l.at) over (partition by l.applicant_id order by l.at, l.audit_id) as until
          from review_status_log l) sp
    join applicants a on a.id = sp.applicant_id
    group by sp.applicant_id;
end $$;
select review_status_times_rebuild();
