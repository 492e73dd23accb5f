-- The client area: a client's own session kind, requests as cases with their own
-- lifecycle (packages/contracts/src/service-requests.ts), the registries' modification records of
-- each request, and the voluntary freeze of online access.
alter table sessions drop constraint if exists sessions_kind_check;
alter table sessions add constraint sessions_kind_check check (kind in ('applicant', 'staff', 'client'));

create sequence if not exists service_request_numbers;

create table if not exists service_requests (
  id uuid primary key default gen_random_uuid(),
  number bigint not null default nextval('service_request_numbers') unique,
  applicant_id uuid not null references applicants(id) on delete cascade,
  kind text not null check (kind in ('freeze', 'unfreeze', 'nomination')),
  status text not null check (status in ('draft', 'signed', 'in_review', 'sent_to_registries', 'done', 'rejected')),
  -- what the client asked (nominees ...), encrypted like the applicant's sections
  payload_enc text not null,
  -- the rule set in force on the request's day (regulation.ts)
  rule_set text not null,
  reason_code text,
  reason_note text,
  esign_txn text,
  esign_input_hash text,
  prepared_file_id uuid,
  signed_file_id uuid,
  accepted_by uuid,
  accepted_at timestamptz,
  confirmed_by uuid,
  confirmed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists service_requests_applicant on service_requests (applicant_id, created_at desc);
create index if not exists service_requests_status on service_requests (status, updated_at);

-- One row per registry a request changes: the modification record as sent and the answer, encrypted.
create table if not exists service_request_modifications (
  request_id uuid not null references service_requests(id) on delete cascade,
  registry text not null,
  status text not null check (status in ('pending', 'submitted', 'accepted', 'rejected', 'on_hold')),
  request_no text not null,
  reference text,
  reason text,
  evidence_enc text,
  updated_at timestamptz not null default now(),
  primary key (request_id, registry)
);

-- The voluntary freeze of online access (SEBI/HO/MIRSD/POD-1/P/CIR/2024/4): one row per applicant
-- while frozen; the history is the audit trail and the requests.
create table if not exists trading_freezes (
  applicant_id uuid primary key references applicants(id) on delete cascade,
  frozen_at timestamptz not null,
  request_id uuid not null,
  cancelled_orders integer not null default 0
);
