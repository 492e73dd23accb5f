-- The compliance role: reads what a reviewer reads, takes no review action, and alone with the
-- administrators downloads evidence bundles and moves an application's rule set.
alter table staff drop constraint if exists staff_role_check;
alter table staff add constraint staff_role_check check (role in ('reviewer', 'checker', 'compliance', 'admin'));

-- a staff member's evidence-bundle downloads of the last hour are counted from the audit trail
create index if not exists audit_log_actor_action_at on audit_log (actor_id, action, at) where actor_kind = 'staff';

-- granting compliance (the unmasked evidence bundles) waits for a second admin, as admin and checker do
alter table staff drop constraint if exists staff_pending_role_check;
alter table staff add constraint staff_pending_role_check check (pending_role in ('checker', 'compliance', 'admin'));
