-- The stage audit and the review reports it feeds, once per statement instead of once per stage
-- row. A maker's decisions write eleven stage rows in one statement; each row's trigger took the
-- chain's lock, read the chain's last hash and appended one audit row, whose own trigger wrote one
-- review decision, whose trigger updated the reviewer's sitting (its working seconds counted again)
-- and the day tables after it: eleven times over, most of the time of the decisions' call.
-- Now
-- * the stage rows a statement wrote are audited together: audit_append_rows takes each chain's
--   lock and last hash once, links the rows one after another as audit_append does, and appends
--   them in one insert (the ids and hashes are those row-by-row appends would give, in the same
--   order: the order the statement wrote the rows, one applicant's rows after another's);
-- * the review decisions among them (a staff member's Accept or Reject) are written from those
--   audit rows in one insert (review_decisions_from_audit: the rule of review_reports_take, which
--   still backfills and still takes the status rows one by one);
-- * the decisions update the reviewer's sitting once per statement, for all its stages together:
--   the same sums (stage decisions, sent back, the last decision's time and its working seconds),
--   the confirmations and the maker-checker pairs.

create or replace function audit_append_rows(
  p_chain text[], p_applicant uuid[], p_actor_kind text[], p_actor_id text[], p_action text[],
  p_stage integer[], p_before jsonb[], p_after jsonb[]
) returns bigint[] language plpgsql as $$
-- The rows of one chain come together in the arrays (the caller orders them by chain).
declare
  v_id bigint[] := '{}';
  v_at timestamptz[] := '{}';
  v_prev text[] := '{}';
  v_hash text[] := '{}';
  v_last text;
  v_seq text := pg_get_serial_sequence('audit_log', 'id');
begin
  for i in 1 .. coalesce(array_length(p_chain, 1), 0) loop
    if i = 1 or p_chain[i] is distinct from p_chain[i - 1] then
      perform pg_advisory_xact_lock(hashtext('audit:' || p_chain[i]));
      select hash into v_last from audit_log where chain_key = p_chain[i] order by id desc limit 1;
      v_last := coalesce(v_last, '');
    end if;
    v_id[i] := nextval(v_seq);
    v_at[i] := clock_timestamp();
    v_prev[i] := v_last;
    v_hash[i] := audit_row_hash(v_last, p_chain[i], v_id[i], v_at[i], p_actor_kind[i], p_actor_id[i], p_action[i],
      p_stage[i], p_before[i], p_after[i]);
    v_last := v_hash[i];
  end loop;
  insert into audit_log (id, chain_key, applicant_id, at, actor_kind, actor_id, action, stage, before, after, prev_hash, hash)
    select * from unnest(v_id, p_chain, p_applicant, v_at, p_actor_kind, p_actor_id, p_action, p_stage, p_before,
      p_after, v_prev, v_hash);
  return v_id;
end $$;

-- A staff member's stage decisions among the audit rows given, as review_reports_take writes each.
create or replace function review_decisions_from_audit(p_ids bigint[]) returns void language plpgsql as $$
begin
  insert into review_decisions (audit_id, applicant_id, staff_id, at, stage, role, outcome, reason_code, waiting_from)
    select r.id, r.applicant_id, r.actor_id::uuid, r.at, r.stage, x.role,
      case when r.after->>'admin_activity' = 'Accept' then 'accept' else 'reject' end,
      substring(r.after->>'reason' from '^\[([A-Z0-9_]+)(?:@[0-9]+)?\]'),
      coalesce(
        case when x.role = 'checker'
          then (select max(d.at) from review_decisions d where d.applicant_id = r.applicant_id and d.role = 'maker')
          else (select max(l.at) from audit_log l
                where l.applicant_id = r.applicant_id and l.id < r.id and l.actor_kind = 'applicant')
        end, r.at)
    -- each row by its key, whatever the table's statistics say (a filter or a join on the ids let
    -- the planner scan every stage.activity row instead)
    from unnest(p_ids) as u(id)
    cross join lateral (select * from audit_log l where l.id = u.id offset 0) r
    cross join lateral (select case when r.stage = 220 and r.after->>'admin_activity' = 'Accept'
                                    then 'checker' else 'maker' end as role) x
    where r.action = 'stage.activity' and r.actor_kind = 'staff' and r.applicant_id is not null
      and r.after->>'admin_activity' in ('Accept', 'Reject')
      and r.actor_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    order by r.id
    on conflict do nothing;
end $$;

-- The stage rows a statement inserted ('stage.reached') or changed ('stage.activity', or
-- 'stage.current' when only the order moved), audited together; an update that changed nothing
-- audited is skipped, as before.
create or replace function audit_applicant_stages() returns trigger language plpgsql as $$
declare
  v_kind text := coalesce(nullif(current_setting('ekyc.actor_kind', true), ''), 'applicant');
  v_actor text := nullif(current_setting('ekyc.actor_id', true), '');
  v_ids bigint[];
  a record;
begin
  if tg_op = 'INSERT' then
    select array_agg(w.applicant_id::text order by w.applicant_id, w.k) as chain,
           array_agg(w.applicant_id order by w.applicant_id, w.k) as applicant,
           array_agg(coalesce(v_actor, w.applicant_id::text) order by w.applicant_id, w.k) as actor,
           array_agg('stage.reached'::text order by w.applicant_id, w.k) as action,
           array_agg(w.stage order by w.applicant_id, w.k) as stage,
           array_agg(null::jsonb order by w.applicant_id, w.k) as before,
           array_agg(jsonb_build_object('admin_activity', w.admin_activity, 'reason', w.reason, 'seq', w.seq)
             order by w.applicant_id, w.k) as after
      into a
      from (select row_number() over () as k, n.* from written n) w;
  else
    select array_agg(w.applicant_id::text order by w.applicant_id, w.k) as chain,
           array_agg(w.applicant_id order by w.applicant_id, w.k) as applicant,
           array_agg(coalesce(v_actor, w.applicant_id::text) order by w.applicant_id, w.k) as actor,
           array_agg(case when w.seq <> o.seq and o.admin_activity is not distinct from w.admin_activity
                          then 'stage.current' else 'stage.activity' end order by w.applicant_id, w.k) as action,
           array_agg(w.stage order by w.applicant_id, w.k) as stage,
           array_agg(jsonb_build_object('admin_activity', o.admin_activity, 'reason', o.reason, 'seq', o.seq)
             order by w.applicant_id, w.k) as before,
           array_agg(jsonb_build_object('admin_activity', w.admin_activity, 'reason', w.reason, 'seq', w.seq)
             order by w.applicant_id, w.k) as after
      into a
      from (select row_number() over () as k, n.* from written n) w
      join previous o on o.applicant_id = w.applicant_id and o.stage = w.stage
      where not (o.admin_activity is not distinct from w.admin_activity and o.reason is not distinct from w.reason
                 and o.seq = w.seq);
  end if;
  if a.chain is null then
    return null;
  end if;
  v_ids := audit_append_rows(a.chain, a.applicant, array_fill(v_kind, array[array_length(a.chain, 1)]), a.actor,
    a.action, a.stage, a.before, a.after);
  -- only a staff member's rows are decisions
  if v_kind = 'staff' then
    perform review_decisions_from_audit(v_ids);
  end if;
  return null;
end $$;

drop trigger if exists applicant_stages_audit on applicant_stages;
drop function if exists audit_applicant_stage();
create trigger applicant_stages_audit_insert after insert on applicant_stages
  referencing new table as written for each statement execute function audit_applicant_stages();
create trigger applicant_stages_audit_update after update on applicant_stages
  referencing old table as previous new table as written for each statement execute function audit_applicant_stages();

-- The audit trail's own trigger keeps the status rows alone: the decisions come from the stage audit above.
drop trigger if exists audit_log_review_reports on audit_log;
create trigger audit_log_review_reports after insert on audit_log
  for each row when (new.action = 'review.status') execute function review_reports_from_audit();

-- The decisions a statement wrote, summed per reviewer's sitting (its waiting_from), then the
-- confirmations and pairs: review_summaries_take's figures for the statement's rows together.
create or replace function review_summaries_from_decisions() returns trigger language plpgsql as $$
begin
  insert into review_sittings as s (staff_id, role, applicant_id, waiting_from, decided_at, stage_decisions, sent_back,
      working_seconds)
    select g.staff_id, g.role, g.applicant_id, g.waiting_from, g.at, g.n, g.rejected,
      greatest(0, review_working_seconds(g.waiting_from, g.at) - review_held_seconds(g.applicant_id, g.waiting_from, g.at))
    from (select d.staff_id, d.role, d.applicant_id, d.waiting_from, max(d.at) as at, count(*)::integer as n,
                 bool_or(d.outcome = 'reject') as rejected
          from decided d group by 1, 2, 3, 4) g
    on conflict (staff_id, role, applicant_id, waiting_from) do update
      set decided_at = greatest(s.decided_at, excluded.decided_at),
          stage_decisions = s.stage_decisions + excluded.stage_decisions,
          sent_back = s.sent_back or excluded.sent_back,
          working_seconds = greatest(0,
            review_working_seconds(s.waiting_from, greatest(s.decided_at, excluded.decided_at))
            - review_held_seconds(s.applicant_id, s.waiting_from, greatest(s.decided_at, excluded.decided_at)));
  insert into review_confirmations (applicant_id, confirmed_at, sent_back)
    select distinct d.applicant_id, null::timestamptz, true from decided d where d.outcome = 'reject'
    on conflict (applicant_id) do update set sent_back = true;
  insert into review_confirmations as c (applicant_id, confirmed_at, sent_back)
    select d.applicant_id, max(d.at), false from decided d where d.role = 'checker' group by d.applicant_id
    on conflict (applicant_id) do update set confirmed_at = greatest(c.confirmed_at, excluded.confirmed_at);
  insert into review_pairs as p (applicant_id, maker_id, checker_id, confirmed_at)
    select d.applicant_id, m.staff_id, d.staff_id, max(d.at) from decided d
    join review_decisions m on m.applicant_id = d.applicant_id and m.role = 'maker' and m.outcome = 'accept'
      and m.at <= d.at
    where d.role = 'checker'
    group by 1, 2, 3
    on conflict (applicant_id, maker_id, checker_id) do update
      set confirmed_at = greatest(p.confirmed_at, excluded.confirmed_at);
  return null;
end $$;

drop trigger if exists review_decisions_summaries on review_decisions;
drop function if exists review_summaries_from_decision();
drop function if exists review_summaries_take(review_decisions);
create trigger review_decisions_summaries after insert on review_decisions
  referencing new table as decided for each statement execute function review_summaries_from_decisions();
