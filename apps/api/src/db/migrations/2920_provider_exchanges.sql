-- Each provider call's raw request and answer (PAN, KRA, DigiLocker, liveness, bank verification,
-- e-sign), secrets redacted, encrypted with the applicant data's key. Erased with the application,
-- and per record class by the retention sweep (by provider: RETENTION's PROVIDER_CLASSES).
create table if not exists provider_exchanges (
  id bigserial primary key,
  applicant_id uuid not null references applicants(id) on delete cascade,
  provider text not null,
  operation text not null,
  at timestamptz not null,
  body_enc text not null,
  created_at timestamptz not null default now()
);
create index if not exists provider_exchanges_by_applicant on provider_exchanges (applicant_id, at, id);
