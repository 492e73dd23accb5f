-- Aadhaar eSign transactions (eSign API 2.1 aspTxnID): the ESP answers without the applicant's
-- token, so its response is matched to the applicant here; the expiry is the signing window.
create table if not exists esign_transactions (
  txn_id text primary key,
  applicant_id uuid not null references applicants(id) on delete cascade,
  epro_id text not null,
  status text not null default 'pending',
  message text,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  completed_at timestamptz
);
create index if not exists esign_transactions_applicant on esign_transactions (applicant_id, created_at desc);
