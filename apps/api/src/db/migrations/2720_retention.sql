-- Retention (packages/contracts/src/retention.ts): the account's closure starts the holds; an
-- erasure request under a hold keeps only the classes the law needs (kept_classes) and erases the
-- rest at once (minimised_at).
alter table erasure_requests add column if not exists kept_classes text[];
alter table erasure_requests add column if not exists minimised_at timestamptz;

-- One row per closed account (no foreign key, no personal data: it outlives the erasure it dates).
create table if not exists account_closures (
  applicant_id uuid primary key,
  closed_at timestamptz not null,
  reason text not null,
  closed_by text not null,
  recorded_at timestamptz not null default now()
);

-- Applications abandoned before signing: the notice sent before their purge, with the record's
-- last change then (a change after it cancels the purge; the row goes with the applicant).
create table if not exists abandoned_purge_notices (
  applicant_id uuid primary key references applicants(id) on delete cascade,
  noticed_at timestamptz not null,
  purge_after timestamptz not null,
  last_change_at timestamptz not null
);

-- Personal-data breaches (DPDP Rules 2025 r.7): what happened, which data, whose; the applicants
-- affected are found from the selection when an admin lists them.
create table if not exists data_breaches (
  id uuid primary key default gen_random_uuid(),
  occurred_from timestamptz not null,
  occurred_to timestamptz not null,
  detected_at timestamptz not null,
  description text not null,
  data_classes text[] not null,
  selection jsonb not null,
  recorded_by text not null,
  recorded_at timestamptz not null default now(),
  board_notified_at timestamptz
);
