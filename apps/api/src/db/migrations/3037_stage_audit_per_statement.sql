-- A statement on applicant_stages audited once, not once per row: a maker's decisions (eleven stages
-- in one statement) ran the stage trigger eleven times, each an audit_append (the chain's lock, its
-- last hash read, one insert), and each inserted audit row ran the review reports' trigger, one
-- review_decisions insert, whose trigger wrote the sitting and its working seconds again, each write
-- running the day tables' triggers. Now, per statement:
-- * applicant_stages' triggers append the statement's audit entries in one insert, each chain
--   locked and its last hash read once, the entries hash-linked in the order the rows were written
--   (the order of the statement's transition tables, in which the row trigger fired);
-- * audit_log's trigger takes the statement's stage decisions into review_decisions in one insert
--   (a review status still one at a time, in order);
-- * review_decisions' trigger writes each sitting once, with the statement's decisions counted,
--   its last time and its working seconds, and the confirmations and pairs once.
-- The entries, decisions and summaries are those the row triggers wrote (the same actions, values,
-- waiting times and sums); each entry still takes its own id and time.

-- The audit entries of one statement's stage rows, in order: appended as audit_append would one
-- by one, in one insert.
create or replace function audit_stage_entries(
  p_applicant uuid[], p_stage integer[], p_action text[], p_before jsonb[], p_after jsonb[]
) returns void language plpgsql as $$
declare
  v_kind text := coalesce(nullif(current_setting('ekyc.actor_kind', true), ''), 'applicant');
  v_staff text := nullif(current_setting('ekyc.actor_id', true), '');
  v_sequence text := pg_get_serial_sequence('audit_log', 'id');
  -- each chain's last hash, as the entries extend it
  v_heads jsonb := '{}';
  v_chain text;
  v_prev text;
  v_actor text;
  e_id bigint[] := '{}';
  e_chain text[] := '{}';
  e_at timestamptz[] := '{}';
  e_actor text[] := '{}';
  e_prev text[] := '{}';
  e_hash text[] := '{}';
  i integer;
begin
  for i in 1 .. coalesce(cardinality(p_applicant), 0) loop
    v_chain := p_applicant[i]::text;
    v_prev := v_heads ->> v_chain;
    if v_prev is null then
      -- as audit_append: the chain serialised, linked to its last hash
      perform pg_advisory_xact_lock(hashtext('audit:' || v_chain));
      select hash into v_prev from audit_log where chain_key = v_chain order by id desc limit 1;
      v_prev := coalesce(v_prev, '');
    end if;
    v_actor := coalesce(v_staff, v_chain);
    e_id[i] := nextval(v_sequence);
    e_at[i] := clock_timestamp();
    e_chain[i] := v_chain;
    e_actor[i] := v_actor;
    e_prev[i] := v_prev;
    e_hash[i] := audit_row_hash(v_prev, v_chain, e_id[i], e_at[i], v_kind, v_actor, p_action[i], p_stage[i],
      p_before[i], p_after[i]);
    v_heads := v_heads || jsonb_build_object(v_chain, e_hash[i]);
  end loop;
  if cardinality(e_id) > 0 then
    insert into audit_log (id, chain_key, applicant_id, at, actor_kind, actor_id, action, stage, before, after,
        prev_hash, hash)
      select u.id, u.chain, u.applicant, u.at, v_kind, u.actor, u.action, u.stage, u.before, u.after, u.prev, u.hash
      from unnest(e_id, e_chain, p_applicant, e_at, e_actor, p_action, p_stage, p_before, p_after, e_prev, e_hash)
        as u(id, chain, applicant, at, actor, action, stage, before, after, prev, hash)
      order by u.id;
  end if;
end $$;

-- a stage reached: its entry as written
create or replace function audit_applicant_stages_inserted() returns trigger language plpgsql as $$
begin
  perform audit_stage_entries(array_agg(w.applicant_id order by w.k), array_agg(w.stage order by w.k),
      array_agg('stage.reached'::text order by w.k), array_agg(null::jsonb order by w.k),
      array_agg(jsonb_build_object('admin_activity', w.admin_activity, 'reason', w.reason, 'seq', w.seq) order by w.k))
    from (select n.*, row_number() over () as k from written n) w;
  return null;
end $$;

-- a stage changed: its decision, its reason or its place (the old and new rows paired in the order
-- both tables were written); a row written again as it was is no entry
create or replace function audit_applicant_stages_updated() returns trigger language plpgsql as $$
begin
  perform audit_stage_entries(array_agg(n.applicant_id order by n.k), array_agg(n.stage order by n.k),
      array_agg(case when o.seq <> n.seq and o.admin_activity is not distinct from n.admin_activity
                  then 'stage.current' else 'stage.activity' end order by n.k),
      array_agg(jsonb_build_object('admin_activity', o.admin_activity, 'reason', o.reason, 'seq', o.seq) order by n.k),
      array_agg(jsonb_build_object('admin_activity', n.admin_activity, 'reason', n.reason, 'seq', n.seq) order by n.k))
    from (select w.*, row_number() over () as k from written w) n
    join (select r.*, row_number() over () as k from replaced r) o on o.k = n.k
    where not (o.admin_activity is not distinct from n.admin_activity and o.reason is not distinct from n.reason
               and o.seq = n.seq);
  return null;
end $$;

drop trigger if exists applicant_stages_audit on applicant_stages;
create trigger applicant_stages_audit_insert after insert on applicant_stages
  referencing new table as written for each statement execute function audit_applicant_stages_inserted();
create trigger applicant_stages_audit_update after update on applicant_stages
  referencing old table as replaced new table as written for each statement
  execute function audit_applicant_stages_updated();
drop function if exists audit_applicant_stage();

-- The review reports' rows of an audit statement: its review statuses one at a time, in order (each
-- with its status times), and its staff decisions on stages in one insert. A checker's wait starts at
-- the last maker decision, this statement's earlier ones included; a maker's at the applicant's last
-- action before it (review_reports_take's rules, 2848).
create or replace function review_reports_from_audit_rows() returns trigger language plpgsql as $$
declare
  r audit_log;
  v_statuses integer;
  v_stages integer;
begin
  -- most audit statements are one entry of neither kind
  select count(*) filter (where a.action = 'review.status'), count(*) filter (where a.action = 'stage.activity')
    into v_statuses, v_stages from added a;
  if v_statuses > 0 then
    for r in select * from added a where a.action = 'review.status' and a.applicant_id is not null order by a.id loop
      perform review_reports_take(r);
    end loop;
  end if;
  if v_stages = 0 then
    return null;
  end if;
  with decided as materialized (
    select a.id, a.applicant_id, a.actor_id::uuid as staff_id, a.at, a.stage,
      case when a.stage = 220 and a.after->>'admin_activity' = 'Accept' then 'checker' else 'maker' end as role,
      case when a.after->>'admin_activity' = 'Accept' then 'accept' else 'reject' end as outcome,
      substring(a.after->>'reason' from '^\[([A-Z0-9_]+)(?:@[0-9]+)?\]') as reason_code
    from added a
    where a.action = 'stage.activity' and a.actor_kind = 'staff' and a.applicant_id is not null
      and a.after->>'admin_activity' in ('Accept', 'Reject')
      and a.actor_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  )
  insert into review_decisions (audit_id, applicant_id, staff_id, at, stage, role, outcome, reason_code, waiting_from)
    select d.id, d.applicant_id, d.staff_id, d.at, d.stage, d.role, d.outcome, d.reason_code,
      coalesce(
        case when d.role = 'checker'
          then greatest(
            (select max(x.at) from review_decisions x where x.applicant_id = d.applicant_id and x.role = 'maker'),
            (select max(b.at) from decided b where b.applicant_id = d.applicant_id and b.role = 'maker' and b.id < d.id))
          else (select max(l.at) from audit_log l
                where l.applicant_id = d.applicant_id and l.id < d.id and l.actor_kind = 'applicant')
        end, d.at)
    from decided d order by d.id
    on conflict do nothing;
  return null;
end $$;

drop trigger if exists audit_log_review_reports on audit_log;
create trigger audit_log_review_reports after insert on audit_log
  referencing new table as added for each statement execute function review_reports_from_audit_rows();
drop function if exists review_reports_from_audit();

-- The summaries of a statement's decisions (review_summaries_take's, 3032, for all of them at once):
-- each sitting written once with its decisions counted, its last time and the working seconds to
-- it; the confirmations and the pairs once.
create or replace function review_summaries_from_decisions() returns trigger language plpgsql as $$
declare
  v_sittings integer;
  v_updated integer;
begin
  -- the sittings there are updated, the others inserted (as 3032: the day triggers of an insert run
  -- only when there is one)
  update review_sittings s
    set decided_at = greatest(s.decided_at, g.at), stage_decisions = s.stage_decisions + g.n,
        sent_back = s.sent_back or g.sent_back,
        working_seconds = greatest(0, review_working_seconds(s.waiting_from, greatest(s.decided_at, g.at))
          - review_held_seconds(s.applicant_id, s.waiting_from, greatest(s.decided_at, g.at)))
    from (select d.staff_id, d.role, d.applicant_id, d.waiting_from, max(d.at) as at, count(*) as n,
            bool_or(d.outcome = 'reject') as sent_back
          from decided d group by d.staff_id, d.role, d.applicant_id, d.waiting_from) g
    where s.staff_id = g.staff_id and s.role = g.role and s.applicant_id = g.applicant_id
      and s.waiting_from = g.waiting_from;
  get diagnostics v_updated = row_count;
  select count(*) into v_sittings
    from (select distinct d.staff_id, d.role, d.applicant_id, d.waiting_from from decided d) k;
  if v_updated < v_sittings then
    insert into review_sittings as s (staff_id, role, applicant_id, waiting_from, decided_at, stage_decisions,
        sent_back, working_seconds)
      select d.staff_id, d.role, d.applicant_id, d.waiting_from, max(d.at), count(*), bool_or(d.outcome = 'reject'),
        greatest(0, review_working_seconds(d.waiting_from, max(d.at))
          - review_held_seconds(d.applicant_id, d.waiting_from, max(d.at)))
      from decided d
      where not exists (select 1 from review_sittings x where x.staff_id = d.staff_id and x.role = d.role
                          and x.applicant_id = d.applicant_id and x.waiting_from = d.waiting_from)
      group by d.staff_id, d.role, d.applicant_id, d.waiting_from
      on conflict (staff_id, role, applicant_id, waiting_from) do update
        set decided_at = greatest(s.decided_at, excluded.decided_at),
            stage_decisions = s.stage_decisions + excluded.stage_decisions,
            sent_back = s.sent_back or excluded.sent_back,
            working_seconds = greatest(0,
              review_working_seconds(s.waiting_from, greatest(s.decided_at, excluded.decided_at))
              - review_held_seconds(s.applicant_id, s.waiting_from, greatest(s.decided_at, excluded.decided_at)));
  end if;
  if exists (select 1 from decided d where d.outcome = 'reject') then
    insert into review_confirmations (applicant_id, confirmed_at, sent_back)
      select distinct d.applicant_id, null::timestamptz, true from decided d where d.outcome = 'reject'
      on conflict (applicant_id) do update set sent_back = true;
  end if;
  if exists (select 1 from decided d where d.role = 'checker') then
    insert into review_confirmations as c (applicant_id, confirmed_at, sent_back)
      select d.applicant_id, max(d.at), false from decided d where d.role = 'checker' group by d.applicant_id
      on conflict (applicant_id) do update set confirmed_at = greatest(c.confirmed_at, excluded.confirmed_at);
    insert into review_pairs as p (applicant_id, maker_id, checker_id, confirmed_at)
      select d.applicant_id, m.staff_id, d.staff_id, max(d.at) from decided d
      join review_decisions m on m.applicant_id = d.applicant_id and m.role = 'maker' and m.outcome = 'accept'
        and m.at <= d.at
      where d.role = 'checker'
      group by d.applicant_id, m.staff_id, d.staff_id
      on conflict (applicant_id, maker_id, checker_id) do update
        set confirmed_at = greatest(p.confirmed_at, excluded.confirmed_at);
  end if;
  return null;
end $$;

drop trigger if exists review_decisions_summaries on review_decisions;
create trigger review_decisions_summaries after insert on review_decisions
  referencing new table as decided for each statement execute function review_summaries_from_decisions();
drop function if exists review_summaries_from_decision();
drop function if exists review_summaries_take(review_decisions);
