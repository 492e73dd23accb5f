-- The reports computed from rows kept as decisions are written, so that a page computed afresh
-- reads a few thousand short rows and aggregates them in the database (medians included) instead
-- of reading every decision out and counting working hours in the API:
-- * review_sittings: one row per staff member, role, application and wait (what the reports call
--   an application decision), with its working seconds counted when it is written: 09:00-18:00 IST
--   on trading days (the holidays of trading-holidays.json, kept in review_trading_holidays by the
--   API at start), less the working seconds the application spent on an escalation hold;
-- * review_pairs: who accepted stages (maker) of an application a checker confirmed;
-- * review_confirmations: each confirmed application, when last confirmed, whether ever sent back.

create table if not exists review_trading_holidays (day date primary key);

create or replace function review_working_seconds(f timestamptz, t timestamptz) returns integer
language sql stable as $$
  select coalesce(round(sum(greatest(0, extract(epoch from (least(t, d.close) - greatest(f, d.open)))))), 0)::integer
  from (
    select (g.day::timestamp + interval '9 hours') at time zone 'Asia/Kolkata' as open,
           (g.day::timestamp + interval '18 hours') at time zone 'Asia/Kolkata' as close
    from generate_series((f at time zone 'Asia/Kolkata')::date::timestamp,
                         (t at time zone 'Asia/Kolkata')::date::timestamp, interval '1 day') as g(day)
    where t > f and extract(isodow from g.day) < 6
      and not exists (select 1 from review_trading_holidays h where h.day = g.day::date)
  ) d
$$;

-- the working seconds of [f, t) the application spent on hold
create or replace function review_held_seconds(p_applicant uuid, f timestamptz, t timestamptz) returns integer
language sql stable as $$
  select coalesce(sum(review_working_seconds(greatest(f, h.held_at), least(t, coalesce(h.released_at, t)))), 0)::integer
  from review_holds h
  where h.applicant_id = p_applicant and h.held_at < t and (h.released_at is null or h.released_at > f)
$$;

create table if not exists review_sittings (
  staff_id uuid not null,
  role text not null,
  applicant_id uuid not null,
  waiting_from timestamptz not null,
  decided_at timestamptz not null,
  stage_decisions integer not null,
  sent_back boolean not null,
  working_seconds integer not null,
  primary key (staff_id, role, applicant_id, waiting_from)
);
create index if not exists review_sittings_decided on review_sittings (decided_at);
create index if not exists review_sittings_staff on review_sittings (staff_id, decided_at);

create table if not exists review_pairs (
  applicant_id uuid not null,
  maker_id uuid not null,
  checker_id uuid not null,
  confirmed_at timestamptz not null,
  primary key (applicant_id, maker_id, checker_id)
);
create index if not exists review_pairs_confirmed on review_pairs (confirmed_at);

create table if not exists review_confirmations (
  applicant_id uuid primary key,
  confirmed_at timestamptz,
  sent_back boolean not null default false
);
create index if not exists review_confirmations_at on review_confirmations (confirmed_at);

create or replace function review_summaries_take(d review_decisions) returns void language plpgsql as $$
begin
  insert into review_sittings as s (staff_id, role, applicant_id, waiting_from, decided_at, stage_decisions, sent_back,
      working_seconds)
    values (d.staff_id, d.role, d.applicant_id, d.waiting_from, d.at, 1, d.outcome = 'reject', 0)
    on conflict (staff_id, role, applicant_id, waiting_from) do update
      set decided_at = greatest(s.decided_at, excluded.decided_at), stage_decisions = s.stage_decisions + 1,
          sent_back = s.sent_back or excluded.sent_back;
  update review_sittings s
    set working_seconds = greatest(0, review_working_seconds(s.waiting_from, s.decided_at)
      - review_held_seconds(s.applicant_id, s.waiting_from, s.decided_at))
    where s.staff_id = d.staff_id and s.role = d.role and s.applicant_id = d.applicant_id
      and s.waiting_from = d.waiting_from;
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

create or replace function review_summaries_from_decision() returns trigger language plpgsql as $$
begin
  perform review_summaries_take(new);
  return new;
end $$;
drop trigger if exists review_decisions_summaries on review_decisions;
create trigger review_decisions_summaries after insert on review_decisions
  for each row execute function review_summaries_from_decision();

-- Rebuilds the three tables from review_decisions (after a bulk load without triggers, or once the
-- holidays are known): set-based, not row by row.
create or replace function review_summaries_rebuild() returns void language plpgsql as $$
begin
  truncate review_sittings, review_pairs, review_confirmations;
  insert into review_sittings (staff_id, role, applicant_id, waiting_from, decided_at, stage_decisions, sent_back,
      working_seconds)
    select staff_id, role, applicant_id, waiting_from, max(at), count(*), bool_or(outcome = 'reject'), 0
    from review_decisions group by staff_id, role, applicant_id, waiting_from;
  update review_sittings s set working_seconds = greatest(0, review_working_seconds(s.waiting_from, s.decided_at)
    - review_held_seconds(s.applicant_id, s.waiting_from, s.decided_at));
  insert into review_confirmations (applicant_id, confirmed_at, sent_back)
    select applicant_id, max(at) filter (where role = 'checker'), bool_or(outcome = 'reject')
    from review_decisions group by applicant_id
    having bool_or(role = 'checker') or bool_or(outcome = 'reject');
  insert into review_pairs (applicant_id, maker_id, checker_id, confirmed_at)
    select c.applicant_id, m.staff_id, c.staff_id, max(c.at) from review_decisions c
    join review_decisions m on m.applicant_id = c.applicant_id and m.role = 'maker' and m.outcome = 'accept'
      and m.at <= c.at
    where c.role = 'checker' group by 1, 2, 3;
end $$;
select review_summaries_rebuild();
