-- The activation of a case (Completed, client code, welcome messages) is a queued step of its own,
-- held by one worker at a time under a lease on the case's row; welcome_sent_at marks it finished
-- (every welcome channel tried), so a process that dies half-way leaves it for the next one.
alter table registration_cases add column if not exists lease_until timestamptz;
update registration_cases set welcome_sent_at = completed_at where completed_at is not null and welcome_sent_at is null;
