-- An applicant's step checks its stage in the statement that writes. Each function below locks the
-- applicant's row and reads the stage list once the lock is held (a volatile function's queries each
-- take a fresh snapshot, so a decision committed meanwhile by the lock's previous holder is seen),
-- then checks the step's window (ACTION_WINDOWS of packages/contracts/src/stages.ts): the current
-- stage, the last entry of the list, lies within [p_window_min, p_window_max], and while a stage is
-- sent back the step is that stage's own (the earliest rejected stage is p_window_min). Outside the
-- window nothing is written and the current stage and the earliest rejected one are answered, for
-- the screen the applicant is sent to. A null p_window_min checks nothing. No row: the applicant
-- does not exist.

-- Completes a stage (applicant_complete_stage, 2600) when the step's window holds the applicant.
-- p_unless_signed: a signed application (the final stage's entry exists, records/signed.ts)
-- completes nothing here and answers signed (its rework ends in a transaction that compares the
-- record with the signed form).
create function applicant_complete_stage_in_window(
  p_applicant uuid,
  p_window_min int,
  p_window_max int,
  p_unless_signed boolean,
  p_stage int,
  p_next int,
  p_put_names text[],
  p_put_payloads text[],
  p_remove text[],
  p_review_stage int,
  p_review_payload text
) returns table (signed boolean, target int, current_stage int, rework int)
language plpgsql volatile as $$
declare
  v_current int;
  v_rework int;
begin
  perform 1 from applicants where id = p_applicant for update;
  if not found then
    return;
  end if;
  select s.stage into v_current from applicant_stages s where s.applicant_id = p_applicant order by s.seq desc limit 1;
  select min(s.stage) into v_rework from applicant_stages s where s.applicant_id = p_applicant and s.admin_activity = 'Reject';
  if p_window_min is not null and (v_current is null or v_current < p_window_min or v_current > p_window_max
      or (v_rework is not null and v_rework <> p_window_min)) then
    return query select false, null::int, v_current, v_rework;
    return;
  end if;
  if p_unless_signed and exists (select 1 from applicant_stages s
      where s.applicant_id = p_applicant and s.stage = p_review_stage) then
    return query select true, null::int, v_current, v_rework;
    return;
  end if;
  return query select false,
    applicant_complete_stage(p_applicant, p_stage, p_next, p_put_names, p_put_payloads, p_remove, p_review_stage,
      p_review_payload),
    v_current, v_rework;
end $$;

-- Writes and removes sections when the step's window holds the applicant (any stage when
-- p_window_min is null). written: whether they were.
create function applicant_put_sections_in_window(
  p_applicant uuid,
  p_window_min int,
  p_window_max int,
  p_put_names text[],
  p_put_payloads text[],
  p_remove text[]
) returns table (written boolean, current_stage int, rework int)
language plpgsql volatile as $$
declare
  v_current int;
  v_rework int;
begin
  perform 1 from applicants where id = p_applicant for update;
  if not found then
    return;
  end if;
  if p_window_min is not null then
    select s.stage into v_current from applicant_stages s where s.applicant_id = p_applicant order by s.seq desc limit 1;
    select min(s.stage) into v_rework from applicant_stages s
      where s.applicant_id = p_applicant and s.admin_activity = 'Reject';
    if v_current is null or v_current < p_window_min or v_current > p_window_max
        or (v_rework is not null and v_rework <> p_window_min) then
      return query select false, v_current, v_rework;
      return;
    end if;
  end if;
  insert into applicant_sections (applicant_id, name, payload_enc)
    select p_applicant, w.name, w.payload_enc from unnest(p_put_names, p_put_payloads) as w (name, payload_enc)
    on conflict (applicant_id, name) do update set payload_enc = excluded.payload_enc, updated_at = now();
  delete from applicant_sections where applicant_id = p_applicant and name = any(p_remove);
  return query select true, v_current, v_rework;
end $$;
