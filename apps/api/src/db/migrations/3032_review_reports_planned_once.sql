-- The reports' rows are written as each stage decision is (2941, 2990, 2991), and that chain
-- planned its SQL afresh every time: the day tables' statement triggers built their statements as
-- text for EXECUTE, and the working-hours clock, an SQL function, is planned again by every
-- statement that calls it. A maker's decisions on eleven stages ran it eleven times, each time
-- writing review_sittings twice (an upsert, then its working seconds), so each firing the day
-- triggers' EXECUTEs again: most of the time of the decisions' statement. Now
-- * the day triggers use static SQL (PL/pgSQL reads the transition tables of its trigger there too),
--   so their plans are kept for the session;
-- * the clock and the held time are PL/pgSQL, their plans kept likewise;
-- * a decision writes its sitting in one statement, the working seconds counted in it: an update
--   of the sitting when there is one (the later stages of a maker's decisions), else an insert.
-- The statements and sums are those of before, so every figure the reports give is unchanged.

create or replace function review_working_seconds(f timestamptz, t timestamptz) returns integer
language plpgsql stable as $$
begin
  return (
    select coalesce(round(sum(greatest(0, extract(epoch from (least(t, d.close) - greatest(f, d.open)))))), 0)::integer
    from (
      select (g.day::timestamp + interval '9 hours') at time zone 'Asia/Kolkata' as open,
             (g.day::timestamp + interval '18 hours') at time zone 'Asia/Kolkata' as close
      from generate_series((f at time zone 'Asia/Kolkata')::date::timestamp,
                           (t at time zone 'Asia/Kolkata')::date::timestamp, interval '1 day') as g(day)
      where t > f and extract(isodow from g.day) < 6
        and not exists (select 1 from review_trading_holidays h where h.day = g.day::date)
    ) d);
end $$;

create or replace function review_held_seconds(p_applicant uuid, f timestamptz, t timestamptz) returns integer
language plpgsql stable as $$
begin
  return (
    select coalesce(sum(review_working_seconds(greatest(f, h.held_at), least(t, coalesce(h.released_at, t)))), 0)::integer
    from review_holds h
    where h.applicant_id = p_applicant and h.held_at < t and (h.released_at is null or h.released_at > f));
end $$;

create or replace function review_summaries_take(d review_decisions) returns void language plpgsql as $$
begin
  update review_sittings s
    set decided_at = greatest(s.decided_at, d.at), stage_decisions = s.stage_decisions + 1,
        sent_back = s.sent_back or d.outcome = 'reject',
        working_seconds = greatest(0, review_working_seconds(s.waiting_from, greatest(s.decided_at, d.at))
          - review_held_seconds(s.applicant_id, s.waiting_from, greatest(s.decided_at, d.at)))
    where s.staff_id = d.staff_id and s.role = d.role and s.applicant_id = d.applicant_id
      and s.waiting_from = d.waiting_from;
  if not found then
    insert into review_sittings as s (staff_id, role, applicant_id, waiting_from, decided_at, stage_decisions, sent_back,
        working_seconds)
      values (d.staff_id, d.role, d.applicant_id, d.waiting_from, d.at, 1, d.outcome = 'reject',
        greatest(0, review_working_seconds(d.waiting_from, d.at) - review_held_seconds(d.applicant_id, d.waiting_from, d.at)))
      on conflict (staff_id, role, applicant_id, waiting_from) do update
        set decided_at = greatest(s.decided_at, excluded.decided_at), stage_decisions = s.stage_decisions + 1,
            sent_back = s.sent_back or excluded.sent_back,
            working_seconds = greatest(0,
              review_working_seconds(s.waiting_from, greatest(s.decided_at, excluded.decided_at))
              - review_held_seconds(s.applicant_id, s.waiting_from, greatest(s.decided_at, excluded.decided_at)));
  end if;
  if d.outcome = 'reject' then
    insert into review_confirmations (applicant_id, confirmed_at, sent_back) values (d.applicant_id, null, true)
      on conflict (applicant_id) do update set sent_back = true;
  end if;
  if d.role = 'checker' then
    insert into review_confirmations as c (applicant_id, confirmed_at, sent_back)
      values (d.applicant_id, d.at, false)
      on conflict (applicant_id) do update set confirmed_at = greatest(c.confirmed_at, excluded.confirmed_at);
    insert into review_pairs as p (applicant_id, maker_id, checker_id, confirmed_at)
      select distinct d.applicant_id, m.staff_id, d.staff_id, d.at from review_decisions m
      where m.applicant_id = d.applicant_id and m.role = 'maker' and m.outcome = 'accept' and m.at <= d.at
      on conflict (applicant_id, maker_id, checker_id) do update
        set confirmed_at = greatest(p.confirmed_at, excluded.confirmed_at);
  end if;
end $$;

-- Each day trigger adds the rows of its statement's new table and takes away those of its old
-- table, then drops the keys the statement emptied (as in 2990). An upsert fires the update
-- trigger with nothing updated: it stops there.
create or replace function review_sittings_days() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into review_turnaround_days as t (day, staff_id, role, tenths, applications, stage_decisions, sent_back)
      select review_utc_day(n.decided_at), n.staff_id, n.role, review_tenths(n.working_seconds), count(*),
        sum(n.stage_decisions), sum(n.sent_back::int)
      from new_rows n group by 1, 2, 3, 4
      on conflict (day, staff_id, role, tenths) do update
        set applications = t.applications + excluded.applications,
            stage_decisions = t.stage_decisions + excluded.stage_decisions,
            sent_back = t.sent_back + excluded.sent_back;
    return null;
  end if;
  if tg_op = 'UPDATE' then
    if not exists (select 1 from old_rows) then
      return null;
    end if;
    insert into review_turnaround_days as t (day, staff_id, role, tenths, applications, stage_decisions, sent_back)
      select x.day, x.staff_id, x.role, x.tenths, sum(x.n), sum(x.sd), sum(x.sb) from (
        select review_utc_day(n.decided_at) as day, n.staff_id, n.role, review_tenths(n.working_seconds) as tenths,
          1 as n, n.stage_decisions as sd, n.sent_back::int as sb from new_rows n
        union all
        select review_utc_day(o.decided_at), o.staff_id, o.role, review_tenths(o.working_seconds),
          -1, -o.stage_decisions, -(o.sent_back::int) from old_rows o
      ) x
      group by x.day, x.staff_id, x.role, x.tenths
      having sum(x.n) <> 0 or sum(x.sd) <> 0 or sum(x.sb) <> 0
      on conflict (day, staff_id, role, tenths) do update
        set applications = t.applications + excluded.applications,
            stage_decisions = t.stage_decisions + excluded.stage_decisions,
            sent_back = t.sent_back + excluded.sent_back;
  else
    insert into review_turnaround_days as t (day, staff_id, role, tenths, applications, stage_decisions, sent_back)
      select review_utc_day(o.decided_at), o.staff_id, o.role, review_tenths(o.working_seconds), -count(*),
        -sum(o.stage_decisions), -sum(o.sent_back::int)
      from old_rows o group by 1, 2, 3, 4
      on conflict (day, staff_id, role, tenths) do update
        set applications = t.applications + excluded.applications,
            stage_decisions = t.stage_decisions + excluded.stage_decisions,
            sent_back = t.sent_back + excluded.sent_back;
  end if;
  delete from review_turnaround_days t
    using (select distinct review_utc_day(o.decided_at) as day, o.staff_id, o.role,
             review_tenths(o.working_seconds) as tenths from old_rows o) k
    where t.day = k.day and t.staff_id = k.staff_id and t.role = k.role and t.tenths = k.tenths
      and t.applications = 0;
  return null;
end $$;

create or replace function review_pairs_days() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into review_pair_days as t (day, maker_id, checker_id, applications)
      select review_utc_day(n.confirmed_at), n.maker_id, n.checker_id, count(*) from new_rows n group by 1, 2, 3
      on conflict (day, maker_id, checker_id) do update set applications = t.applications + excluded.applications;
    return null;
  end if;
  if tg_op = 'UPDATE' then
    if not exists (select 1 from old_rows) then
      return null;
    end if;
    insert into review_pair_days as t (day, maker_id, checker_id, applications)
      select x.day, x.maker_id, x.checker_id, sum(x.n) from (
        select review_utc_day(n.confirmed_at) as day, n.maker_id, n.checker_id, 1 as n from new_rows n
        union all
        select review_utc_day(o.confirmed_at), o.maker_id, o.checker_id, -1 from old_rows o
      ) x
      group by x.day, x.maker_id, x.checker_id having sum(x.n) <> 0
      on conflict (day, maker_id, checker_id) do update set applications = t.applications + excluded.applications;
  else
    insert into review_pair_days as t (day, maker_id, checker_id, applications)
      select review_utc_day(o.confirmed_at), o.maker_id, o.checker_id, -count(*) from old_rows o group by 1, 2, 3
      on conflict (day, maker_id, checker_id) do update set applications = t.applications + excluded.applications;
  end if;
  delete from review_pair_days t
    using (select distinct review_utc_day(o.confirmed_at) as day, o.maker_id, o.checker_id from old_rows o) k
    where t.day = k.day and t.maker_id = k.maker_id and t.checker_id = k.checker_id and t.applications = 0;
  return null;
end $$;

create or replace function review_confirmations_days() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into review_confirmation_days as t (day, approved, first_time)
      select review_utc_day(n.confirmed_at), count(*), sum((not n.sent_back)::int) from new_rows n
      where n.confirmed_at is not null group by 1
      on conflict (day) do update
        set approved = t.approved + excluded.approved, first_time = t.first_time + excluded.first_time;
    update review_status_times t set confirmed_at = n.confirmed_at from new_rows n
      where t.applicant_id = n.applicant_id and t.confirmed_at is distinct from n.confirmed_at;
    return null;
  end if;
  if tg_op = 'UPDATE' then
    if not exists (select 1 from old_rows) then
      return null;
    end if;
    insert into review_confirmation_days as t (day, approved, first_time)
      select x.day, sum(x.n), sum(x.ft) from (
        select review_utc_day(n.confirmed_at) as day, 1 as n, (not n.sent_back)::int as ft from new_rows n
        union all
        select review_utc_day(o.confirmed_at), -1, -((not o.sent_back)::int) from old_rows o
      ) x
      where x.day is not null group by x.day
      having sum(x.n) <> 0 or sum(x.ft) <> 0
      on conflict (day) do update
        set approved = t.approved + excluded.approved, first_time = t.first_time + excluded.first_time;
    update review_status_times t set confirmed_at = n.confirmed_at from new_rows n
      where t.applicant_id = n.applicant_id and t.confirmed_at is distinct from n.confirmed_at;
  else
    insert into review_confirmation_days as t (day, approved, first_time)
      select review_utc_day(o.confirmed_at), -count(*), -sum((not o.sent_back)::int) from old_rows o
      where o.confirmed_at is not null group by 1
      on conflict (day) do update
        set approved = t.approved + excluded.approved, first_time = t.first_time + excluded.first_time;
    update review_status_times t set confirmed_at = null from old_rows o where t.applicant_id = o.applicant_id;
  end if;
  delete from review_confirmation_days t
    using (select distinct review_utc_day(o.confirmed_at) as day from old_rows o) k
    where t.day = k.day and t.approved = 0;
  return null;
end $$;
