-- A registration whose transient faults outlast the retries ends `failed`: counted, flagged for the
-- back office, and kept as a dead-letter record until an operator retries it.
alter table registrations drop constraint if exists registrations_status_check;
alter table registrations add constraint registrations_status_check
  check (status in ('pending', 'submitted', 'accepted', 'rejected', 'on_hold', 'failed'));
-- transient faults of the request in flight (the queue's retries), cleared by an answer or a retry
alter table registrations add column if not exists faults integer not null default 0;
-- set when the registration needs an operator (failed), cleared by the retry
alter table registrations add column if not exists flagged_at timestamptz;

create table if not exists registration_dead_letters (
  id bigserial primary key,
  applicant_id uuid not null references registration_cases(applicant_id) on delete cascade,
  kind text not null,
  request_id text,
  faults integer not null,
  last_error text,
  failed_at timestamptz not null default now(),
  -- the operator's retry that took it up again
  retried_at timestamptz
);
create index if not exists registration_dead_letters_open on registration_dead_letters (applicant_id, kind)
  where retried_at is null;
