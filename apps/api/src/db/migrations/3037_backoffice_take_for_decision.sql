-- A staff member's decision on an application (stage decisions, a withdrawn send-back, the
-- checker's confirmation, a return to the maker, a closure) began with five statements in its
-- transaction: the claim's lock, the claim read, the claim taken or kept alive, the staff member set
-- as the actor of what the transaction writes, the applicant's row locked. They are one call now,
-- in that order: it answers the holder when another staff member's claim is current (nothing
-- taken; the caller refuses), and nothing when the claim is the caller's (or there is no such
-- application: nothing is taken, and the caller's standing read under the lock finds none). The lock key is the
-- caller's (the same as the claim's other uses take), the idle time the claim lapses after its own.

create or replace function backoffice_take_for_decision(
  p_lock_key text, p_applicant uuid, p_staff uuid, p_idle_minutes integer
) returns table (holder_id uuid, holder_name text) language plpgsql as $$
declare
  c record;
begin
  -- no such application: nothing taken (the caller's standing read answers that)
  if not exists (select 1 from applicants where id = p_applicant) then
    return;
  end if;
  perform pg_advisory_xact_lock(hashtext(p_lock_key));
  select cl.staff_id, s.name, cl.last_active_at into c
    from backoffice_claims cl join staff s on s.id = cl.staff_id where cl.applicant_id = p_applicant;
  if found and c.staff_id <> p_staff and c.last_active_at + make_interval(mins => p_idle_minutes) > now() then
    return query select c.staff_id, c.name;
    return;
  end if;
  if found and c.staff_id = p_staff then
    update backoffice_claims set last_active_at = now() where applicant_id = p_applicant and staff_id = p_staff;
  else
    insert into backoffice_claims (applicant_id, staff_id, assigned_by, claimed_at, last_active_at)
      values (p_applicant, p_staff, null, now(), now())
      on conflict (applicant_id) do update set staff_id = excluded.staff_id, assigned_by = excluded.assigned_by,
        claimed_at = now(), last_active_at = now();
  end if;
  perform set_config('ekyc.actor_kind', 'staff', true), set_config('ekyc.actor_id', p_staff::text, true);
  perform 1 from applicants where id = p_applicant for update;
end $$;
