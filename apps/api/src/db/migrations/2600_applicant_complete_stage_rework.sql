-- applicant_complete_stage (2300) never leaves a sent-back stage behind: when another stage than
-- the one completed is still rejected, the applicant goes to the earliest such stage next, not to
-- the furthest stage reached. Before, completing a stage inside a window that reaches a rejected
-- one (nominees while the segment stage was sent back) moved the applicant to the final stage with
-- the rejection still standing, where no one could act on it.
--
--   p_next              the stage that follows it; the earliest other stage still rejected, if any;
--                       otherwise, when the applicant had already gone further (reworking a stage),
--                       the furthest stage reached, unless that one was rejected
create or replace function applicant_complete_stage(
  p_applicant uuid,
  p_stage int,
  p_next int,
  p_put_names text[],
  p_put_payloads text[],
  p_remove text[],
  p_review_stage int,
  p_review_payload text
) returns int
language plpgsql volatile as $$
declare
  v_entry text;
  v_furthest int;
  v_furthest_activity text;
  v_target int := p_next;
  v_rework int;
  v_settles boolean;
begin
  perform 1 from applicants where id = p_applicant for update;
  if not found then
    return null;
  end if;
  select admin_activity into v_entry from applicant_stages where applicant_id = p_applicant and stage = p_stage;
  select stage, admin_activity into v_furthest, v_furthest_activity
    from applicant_stages where applicant_id = p_applicant order by stage desc limit 1;
  -- another stage still sent back: the applicant reworks the earliest of them next
  select min(stage) into v_rework from applicant_stages
    where applicant_id = p_applicant and admin_activity = 'Reject' and stage <> p_stage;
  if v_rework is not null then
    v_target := v_rework;
  elsif v_furthest > p_stage and v_furthest_activity is distinct from 'Reject' then
    v_target := greatest(v_target, v_furthest);
  end if;
  v_settles := v_entry is distinct from 'Accept';

  insert into applicant_sections (applicant_id, name, payload_enc)
    select p_applicant, w.name, w.payload_enc from unnest(p_put_names, p_put_payloads) as w (name, payload_enc)
    on conflict (applicant_id, name) do update set payload_enc = excluded.payload_enc, updated_at = now();
  delete from applicant_sections where applicant_id = p_applicant and name = any(p_remove);

  -- the settled entry first: a new entry takes its place in the list before the target's
  if v_settles and p_stage <> v_target then
    insert into applicant_stages (applicant_id, stage, admin_activity, reason) values (p_applicant, p_stage, 'Pending', null)
      on conflict (applicant_id, stage) do update set admin_activity = 'Pending', reason = null, updated_at = now();
  end if;
  -- the target becomes the last entry (current); it keeps its decision unless it is the entry settled
  insert into applicant_stages (applicant_id, stage, admin_activity, reason)
    values (p_applicant, v_target, case when v_settles and p_stage = v_target then 'Pending' end, null)
    on conflict (applicant_id, stage) do update set
      admin_activity = case when v_settles and p_stage = v_target then 'Pending' else applicant_stages.admin_activity end,
      reason = case when v_settles and p_stage = v_target then null else applicant_stages.reason end,
      seq = nextval(pg_get_serial_sequence('applicant_stages', 'seq')),
      updated_at = now();

  if v_target = p_review_stage then
    update applicant_stages set admin_activity = 'Pending', reason = null, updated_at = now()
      where applicant_id = p_applicant and stage = p_review_stage and admin_activity is null;
    insert into applicant_sections (applicant_id, name, payload_enc) values (p_applicant, 'review_obj', p_review_payload)
      on conflict (applicant_id, name) do nothing;
  end if;
  return v_target;
end $$;
