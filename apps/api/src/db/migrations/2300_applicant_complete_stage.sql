-- Completes an applicant's stage in one call (one round trip, its own transaction when called
-- alone): locks the applicant's row, reads the stage list once the lock is held (a volatile
-- function's queries each take a fresh snapshot, so a decision committed by the lock's previous
-- holder is seen), writes and removes sections, settles the stage's entry and makes the next stage
-- current. Returns the stage made current, or null when the applicant does not exist.
--
--   p_stage             the stage completed: its entry becomes Pending unless already accepted
--   p_next              the stage that follows it; when the applicant had already gone further
--                       (reworking a stage), the furthest stage reached, unless that one was rejected
--   p_put_names/p_put_payloads  sections written (sealed payloads), p_remove sections removed
--   p_review_stage      the review stage (STAGE.STATUS): entering it makes its entry Pending when it
--                       had no decision, and adds p_review_payload as review_obj when there is none
create function applicant_complete_stage(
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
  v_settles boolean;
begin
  perform 1 from applicants where id = p_applicant for update;
  if not found then
    return null;
  end if;
  select admin_activity into v_entry from applicant_stages where applicant_id = p_applicant and stage = p_stage;
  select stage, admin_activity into v_furthest, v_furthest_activity
    from applicant_stages where applicant_id = p_applicant order by stage desc limit 1;
  if v_furthest > p_stage and v_furthest_activity is distinct from 'Reject' then
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

-- applicant_lock_stages (2200) stays: a deploy migrates first and then rolls the processes, and the
-- previous release's processes call it until they are replaced.
