-- The time in each status read without a join: review_status_times keeps a copy of the
-- application's last confirmation (review_confirmations.confirmed_at, 2941), written by the
-- confirmations' statement triggers (2990) and when a status-times row is first written, so the
-- applications confirmed in a period are read through one index.
alter table review_status_times add column if not exists confirmed_at timestamptz;
update review_status_times t set confirmed_at = c.confirmed_at
  from review_confirmations c where c.applicant_id = t.applicant_id and c.confirmed_at is not null;
create index if not exists review_status_times_confirmed on review_status_times (confirmed_at)
  include (applicant_id, approved_at, in_progress_s, pending_s, approved_s, rejected_s, closed_s, open_status, open_since)
  where approved_at is not null;

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
  if tg_op = 'DELETE' then
    update review_status_times t set confirmed_at = null from old_rows o where t.applicant_id = o.applicant_id;
  else
    update review_status_times t set confirmed_at = n.confirmed_at from new_rows n
      where t.applicant_id = n.applicant_id and t.confirmed_at is distinct from n.confirmed_at;
  end if;
  return null;
end $$;

create or replace function review_status_times_take(l review_status_log) returns void language plpgsql as $$
declare
  r review_status_times;
  s double precision;
begin
  select * into r from review_status_times t where t.applicant_id = l.applicant_id for update;
  if not found then
    insert into review_status_times (applicant_id, in_progress_s, open_status, open_since, approved_at, confirmed_at)
      select a.id, greatest(0, extract(epoch from (l.at - a.created_at))), l.status, l.at,
        case when l.status = 'Approved' then l.at end,
        (select c.confirmed_at from review_confirmations c where c.applicant_id = a.id)
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

-- The bulk rebuild of 2941 empties its tables with truncate (no row or statement trigger of
-- insert, update or delete sees it): the day tables of 2990 and the confirmations' copy are
-- emptied with them, then filled by the triggers as the rebuild inserts.
create or replace function review_summaries_rebuild() returns void language plpgsql as $$
begin
  truncate review_sittings, review_pairs, review_confirmations, review_turnaround_days, review_pair_days,
    review_confirmation_days;
  update review_status_times set confirmed_at = null where confirmed_at is not null;
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

-- the rebuild of the status times (2942) with the confirmation copied
create or replace function review_status_times_rebuild() returns void language plpgsql as $$
begin
  truncate review_status_times;
  insert into review_status_times (applicant_id, in_progress_s, pending_s, approved_s, rejected_s, closed_s,
      open_status, open_since, approved_at, confirmed_at)
    select sp.applicant_id,
      greatest(0, extract(epoch from (min(sp.at) - min(a.created_at))))
        + coalesce(sum(extract(epoch from (sp.until - sp.at))) filter (where sp.status = 'In progress'), 0),
      coalesce(sum(extract(epoch from (sp.until - sp.at))) filter (where sp.status = 'Pending'), 0),
      coalesce(sum(extract(epoch from (sp.until - sp.at))) filter (where sp.status = 'Approved'), 0),
      coalesce(sum(extract(epoch from (sp.until - sp.at))) filter (where sp.status = 'Rejected'), 0),
      coalesce(sum(extract(epoch from (sp.until - sp.at))) filter (where sp.status = 'Closed'), 0),
      (array_agg(sp.status order by sp.at desc, sp.audit_id desc))[1],
      max(sp.at),
      max(sp.at) filter (where sp.status = 'Approved'),
      min(c.confirmed_at)
    from (select l.applicant_id, l.status, l.at, l.audit_id,
            lead(l.at) over (partition by l.applicant_id order by l.at, l.audit_id) as until
          from review_status_log l) sp
    join applicants a on a.id = sp.applicant_id
    left join review_confirmations c on c.applicant_id = sp.applicant_id
    group by sp.applicant_id;
end $$;
