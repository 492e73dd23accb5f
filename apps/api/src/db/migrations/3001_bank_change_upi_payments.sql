-- A bank request's UPI reverse penny drop: the client pays Rs 1 from their UPI app, the provider's
-- notification names the paying account (kept encrypted), and a bank request then names the
-- payment instead of typing the account. One row per payment; used once.
create table if not exists bank_change_upi_payments (
  id text primary key,
  applicant_id uuid not null references applicants(id) on delete cascade,
  reference text not null unique,
  status text not null check (status in ('waiting', 'verified', 'failed')),
  reason text,
  -- ifsc, account number, holder's name, branch, the name match: encrypted
  account_enc text,
  used_by uuid,
  created_at timestamptz not null default now(),
  settled_at timestamptz
);
create index if not exists bank_change_upi_payments_applicant on bank_change_upi_payments (applicant_id, created_at desc);
