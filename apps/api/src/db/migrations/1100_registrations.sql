-- After approval: one registration case per application (the client code the exchanges get, the
-- depository account once opened) and one row per registration it needs (exchange UCC per
-- exchange, depository BO account, KRA upload, CKYC through the KRA). Every request and answer is
-- kept, encrypted, as evidence. The job queue (pg-boss) keeps its own tables in schema pgboss.
create table if not exists registration_cases (
  applicant_id uuid primary key references applicants(id) on delete cascade,
  client_code text not null unique,
  depository text not null,
  bo_id text,
  exchanges text[] not null,
  segments text[] not null,
  approved_at timestamptz not null default now(),
  completed_at timestamptz,
  welcome_sent_at timestamptz
);

create table if not exists registrations (
  applicant_id uuid not null references registration_cases(applicant_id) on delete cascade,
  kind text not null check (kind in ('ucc_nse', 'ucc_bse', 'ucc_mcx', 'bo_cdsl', 'bo_nsdl', 'kra', 'ckyc')),
  status text not null default 'pending' check (status in ('pending', 'submitted', 'accepted', 'rejected', 'on_hold')),
  -- the identifier of the request in flight: a resumed job sends the same one again, never a new one
  request_id text,
  reference text,
  attempts integer not null default 0,
  last_error text,
  deadline_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (applicant_id, kind)
);
create index if not exists registrations_open on registrations (status) where status <> 'accepted';

create table if not exists registration_evidence (
  id bigserial primary key,
  applicant_id uuid not null references registration_cases(applicant_id) on delete cascade,
  kind text not null,
  request_id text not null,
  direction text not null check (direction in ('request', 'response', 'error')),
  body_enc text not null,
  created_at timestamptz not null default now()
);
create index if not exists registration_evidence_by_case on registration_evidence (applicant_id, kind, id);

-- The sandbox exchanges, depositories and KRA remember what they received (across processes and
-- restarts), so that "rejected once" means once and a repeated request id is answered, not redone.
create table if not exists sandbox_registration_requests (
  provider text not null,
  request_id text not null,
  pan_hash text not null,
  reference text not null,
  outcome text not null,
  message text,
  received_at timestamptz not null default now(),
  primary key (provider, request_id)
);
create index if not exists sandbox_registration_requests_pan on sandbox_registration_requests (provider, pan_hash);
