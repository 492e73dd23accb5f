-- The queue of applicants waiting for a provider whose every vendor has spent its day's budget (or
-- is over its rate): each applicant's place by service, in the order they came. `seen_at` is when
-- the applicant's page last asked: a place not asked about for a while is given up. No personal data.
create table provider_queue (
  id bigserial primary key,
  service text not null,
  applicant_id uuid not null references applicants(id) on delete cascade,
  queued_at timestamptz not null default now(),
  seen_at timestamptz not null default now(),
  unique (service, applicant_id)
);
create index provider_queue_service_id on provider_queue (service, id);
