-- Locks an applicant's row and reads its stage list once the lock is held, in one call. One
-- statement that locks the row and joins the list reads the list as it was when the statement
-- began: a decision committed by whoever held the lock meanwhile would be missed. A volatile
-- function's queries each take a fresh snapshot, so the list read here is the one after the lock.
create function applicant_lock_stages(p_applicant uuid) returns setof applicant_stages
language plpgsql volatile as $$
begin
  perform 1 from applicants where id = p_applicant for update;
  if not found then
    return;
  end if;
  return query select * from applicant_stages where applicant_id = p_applicant order by seq;
end $$;
