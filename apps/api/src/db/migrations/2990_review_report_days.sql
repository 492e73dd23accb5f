-- The reports' figures kept per day (UTC) beside the per-decision summaries of
-- 2941_review_report_summaries.sql, so that a period of 30 or 90 days reads a few thousand
-- pre-aggregated rows instead of every application decision; the first, partial day of a period
-- is read from the per-decision rows themselves, so the figures are those of the exact period:
-- * review_turnaround_days: per staff member, role, day and turnaround in tenths of a working
--   hour (as the reports round it), the application decisions, their stage decisions and how many
--   sent back: the per-person counts, SLA breaches and exact medians (from the counts per tenth);
-- * review_pair_days: per maker, checker and day of the confirmation, the applications;
-- * review_confirmation_days: per day, the applications confirmed and those never sent back.
-- Each is kept by statement triggers on its source table (their transition tables: one upsert
-- per statement, the bulk rebuild and the holiday recount included), and emptied by the bulk
-- rebuild (2991_review_status_times_confirmed.sql) before it inserts.

create table if not exists review_turnaround_days (
  day date not null,
  staff_id uuid not null,
  role text not null,
  tenths integer not null,
  applications integer not null,
  stage_decisions integer not null,
  sent_back integer not null,
  primary key (day, staff_id, role, tenths)
);
create index if not exists review_turnaround_days_staff on review_turnaround_days (staff_id, day);

create table if not exists review_pair_days (
  day date not null,
  maker_id uuid not null,
  checker_id uuid not null,
  applications integer not null,
  primary key (day, maker_id, checker_id)
);

create table if not exists review_confirmation_days (
  day date primary key,
  approved integer not null,
  first_time integer not null
);

-- the turnaround in tenths of a working hour, as the reports have always rounded it
create or replace function review_tenths(working_seconds integer) returns integer
language sql immutable as $$ select round(working_seconds / 360.0)::integer $$;

create or replace function review_utc_day(t timestamptz) returns date
language sql immutable as $$ select (t at time zone 'UTC')::date $$;

-- Each trigger adds the rows of its statement's new table and takes away those of its old table
-- (the transition tables are seen by the trigger function's own statements only, hence EXECUTE
-- there), then drops the keys the statement emptied.
create or replace function review_sittings_days() returns trigger language plpgsql as $$
declare
  plus constant text := 'select review_utc_day(decided_at) as day, staff_id, role, review_tenths(working_seconds) as tenths,
      1 as n, stage_decisions as sd, sent_back::int as sb from new_rows';
  minus constant text := 'select review_utc_day(decided_at) as day, staff_id, role, review_tenths(working_seconds) as tenths,
      -1 as n, -stage_decisions as sd, -(sent_back::int) as sb from old_rows';
  delta text := case tg_op when 'INSERT' then plus when 'UPDATE' then plus || ' union all ' || minus else minus end;
begin
  execute format(
    'insert into review_turnaround_days as t (day, staff_id, role, tenths, applications, stage_decisions, sent_back)
       select day, staff_id, role, tenths, sum(n), sum(sd), sum(sb) from (%s) d
       group by day, staff_id, role, tenths
       having sum(n) <> 0 or sum(sd) <> 0 or sum(sb) <> 0
     on conflict (day, staff_id, role, tenths) do update
       set applications = t.applications + excluded.applications,
           stage_decisions = t.stage_decisions + excluded.stage_decisions,
           sent_back = t.sent_back + excluded.sent_back', delta);
  if tg_op <> 'INSERT' then
    execute format(
      'delete from review_turnaround_days t using (select distinct day, staff_id, role, tenths from (%s) d) k
       where t.day = k.day and t.staff_id = k.staff_id and t.role = k.role and t.tenths = k.tenths
         and t.applications = 0', minus);
  end if;
  return null;
end $$;

drop trigger if exists review_sittings_days_insert on review_sittings;
create trigger review_sittings_days_insert after insert on review_sittings
  referencing new table as new_rows for each statement execute function review_sittings_days();
drop trigger if exists review_sittings_days_update on review_sittings;
create trigger review_sittings_days_update after update on review_sittings
  referencing old table as old_rows new table as new_rows for each statement execute function review_sittings_days();
drop trigger if exists review_sittings_days_delete on review_sittings;
create trigger review_sittings_days_delete after delete on review_sittings
  referencing old table as old_rows for each statement execute function review_sittings_days();

create or replace function review_pairs_days() returns trigger language plpgsql as $$
declare
  plus constant text := 'select review_utc_day(confirmed_at) as day, maker_id, checker_id, 1 as n from new_rows';
  minus constant text := 'select review_utc_day(confirmed_at) as day, maker_id, checker_id, -1 as n from old_rows';
  delta text := case tg_op when 'INSERT' then plus when 'UPDATE' then plus || ' union all ' || minus else minus end;
begin
  execute format(
    'insert into review_pair_days as t (day, maker_id, checker_id, applications)
       select day, maker_id, checker_id, sum(n) from (%s) d group by day, maker_id, checker_id having sum(n) <> 0
     on conflict (day, maker_id, checker_id) do update set applications = t.applications + excluded.applications',
    delta);
  if tg_op <> 'INSERT' then
    execute format(
      'delete from review_pair_days t using (select distinct day, maker_id, checker_id from (%s) d) k
       where t.day = k.day and t.maker_id = k.maker_id and t.checker_id = k.checker_id and t.applications = 0', minus);
  end if;
  return null;
end $$;

drop trigger if exists review_pairs_days_insert on review_pairs;
create trigger review_pairs_days_insert after insert on review_pairs
  referencing new table as new_rows for each statement execute function review_pairs_days();
drop trigger if exists review_pairs_days_update on review_pairs;
create trigger review_pairs_days_update after update on review_pairs
  referencing old table as old_rows new table as new_rows for each statement execute function review_pairs_days();
drop trigger if exists review_pairs_days_delete on review_pairs;
create trigger review_pairs_days_delete after delete on review_pairs
  referencing old table as old_rows for each statement execute function review_pairs_days();

create or replace function review_confirmations_days() returns trigger language plpgsql as $$
declare
  plus constant text := 'select review_utc_day(confirmed_at) as day, 1 as n, (not sent_back)::int as ft from new_rows';
  minus constant text := 'select review_utc_day(confirmed_at) as day, -1 as n, -((not sent_back)::int) as ft from old_rows';
  delta text := case tg_op when 'INSERT' then plus when 'UPDATE' then plus || ' union all ' || minus else minus end;
begin
  execute format(
    'insert into review_confirmation_days as t (day, approved, first_time)
       select day, sum(n), sum(ft) from (%s) d where day is not null group by day
       having sum(n) <> 0 or sum(ft) <> 0
     on conflict (day) do update
       set approved = t.approved + excluded.approved, first_time = t.first_time + excluded.first_time',
    delta);
  if tg_op <> 'INSERT' then
    execute format(
      'delete from review_confirmation_days t using (select distinct day from (%s) d) k
       where t.day = k.day and t.approved = 0', minus);
  end if;
  return null;
end $$;

drop trigger if exists review_confirmations_days_insert on review_confirmations;
create trigger review_confirmations_days_insert after insert on review_confirmations
  referencing new table as new_rows for each statement execute function review_confirmations_days();
drop trigger if exists review_confirmations_days_update on review_confirmations;
create trigger review_confirmations_days_update after update on review_confirmations
  referencing old table as old_rows new table as new_rows for each statement execute function review_confirmations_days();
drop trigger if exists review_confirmations_days_delete on review_confirmations;
create trigger review_confirmations_days_delete after delete on review_confirmations
  referencing old table as old_rows for each statement execute function review_confirmations_days();

-- the day tables of what is already kept
truncate review_turnaround_days, review_pair_days, review_confirmation_days;
insert into review_turnaround_days (day, staff_id, role, tenths, applications, stage_decisions, sent_back)
  select review_utc_day(decided_at), staff_id, role, review_tenths(working_seconds), count(*), sum(stage_decisions),
    count(*) filter (where sent_back)
  from review_sittings group by 1, 2, 3, 4;
insert into review_pair_days (day, maker_id, checker_id, applications)
  select review_utc_day(confirmed_at), maker_id, checker_id, count(*) from review_pairs group by 1, 2, 3;
insert into review_confirmation_days (day, approved, first_time)
  select review_utc_day(confirmed_at), count(*), count(*) filter (where not sent_back)
  from review_confirmations where confirmed_at is not null group by 1;

-- the reasons by week read the decisions that sent an application back, and nothing else
create index if not exists review_decisions_sent_back on review_decisions (at)
  include (reason_code, applicant_id, staff_id) where outcome = 'reject' and reason_code is not null;
-- the longest turnarounds first, for the breaches
create index if not exists review_sittings_longest on review_sittings (working_seconds desc, decided_at, applicant_id);
-- the confirmed applications of a period, for the time in each status
create index if not exists review_confirmations_at_applicant on review_confirmations (confirmed_at) include (applicant_id);
