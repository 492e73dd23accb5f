-- The time each application spent in each review status, kept as the statuses are written
-- (review_status_log, 2846_review_reports.sql): one row per span, from the status taken until the
-- next (open while it is the application's status), the first span 'In progress' from the
-- application's start. The reports' time in each status sums these instead of ordering the log.
create table if not exists review_status_spans (
  applicant_id uuid not null,
  status text not null,
  since timestamptz not null,
  until timestamptz,
  audit_id bigint not null,
  primary key (applicant_id, audit_id)
);
create index if not exists review_status_spans_open on review_status_spans (applicant_id) where until is null;

create or replace function review_status_spans_take(l review_status_log) returns void language plpgsql as $$
begin
  if not exists (select 1 from review_status_spans s where s.applicant_id = l.applicant_id) then
    insert into review_status_spans (applicant_id, status, since, until, audit_id)
      select a.id, 'In progress', a.created_at, l.at, -1 from applicants a where a.id = l.applicant_id
      on conflict do nothing;
  end if;
  update review_status_spans s set until = greatest(s.since, l.at)
    where s.applicant_id = l.applicant_id and s.until is null;
  insert into review_status_spans (applicant_id, status, since, until, audit_id)
    values (l.applicant_id, l.status, l.at, null, l.audit_id) on conflict do nothing;
end $$;

create or replace function review_status_spans_from_log() returns trigger language plpgsql as $$
begin
  perform review_status_spans_take(new);
  return new;
end $$;
drop trigger if exists review_status_log_spans on review_status_log;
create trigger review_status_log_spans after insert on review_status_log
  for each row execute function review_status_spans_from_log();

-- Rebuilds the spans from the log (after a bulk load without triggers): set-based.
create or replace function review_status_spans_rebuild() returns void language plpgsql as $$
begin
  truncate review_status_spans;
  insert into review_status_spans (applicant_id, status, since, until, audit_id)
    select l.applicant_id, l.status, l.at,
      lead(l.at) over (partition by l.applicant_id order by l.at, l.audit_id), l.audit_id
    from review_status_log l;
  insert into review_status_spans (applicant_id, status, since, until, audit_id)
    select a.id, 'In progress', a.created_at, f.first_at, -1
    from (select applicant_id, min(at) as first_at from review_status_log group by applicant_id) f
    join applicants a on a.id = f.applicant_id
    on conflict do nothing;
end $$;
select review_status_spans_rebuild();
