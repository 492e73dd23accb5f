-- Consent under the DPDP Act: one row per consent given or withdrawn, per purpose, with the notice
-- version and the language it was given in. Kept apart from the applicant's row (no foreign key, no
-- personal data), so the proof of what was consented to and withdrawn outlives an erasure.
create table if not exists consent_records (
  id bigserial primary key,
  applicant_id uuid not null,
  purpose text not null check (purpose in ('kyc', 'communication', 'marketing')),
  granted boolean not null,
  notice_version text not null,
  language text not null,
  source text not null,
  recorded_at timestamptz not null default now()
);
create index if not exists consent_records_applicant on consent_records (applicant_id, purpose, id);

-- Applicants before consents were recorded: their sign-up under the notice then in force.
insert into consent_records (applicant_id, purpose, granted, notice_version, language, source, recorded_at)
select id, 'kyc', true, 'before-records', language, 'sign-up', created_at from applicants
union all
select id, 'communication', true, 'before-records', language, 'sign-up', created_at from applicants where whatsapp_opt;

-- Erasure on request: at once when nothing must be kept; otherwise a legal hold keeps the records
-- until hold_until (PMLA: five years after the relationship ends) and the sweep erases them then.
create table if not exists erasure_requests (
  applicant_id uuid primary key,
  requested_at timestamptz not null default now(),
  hold_until timestamptz,
  hold_reason text,
  erased_at timestamptz
);
create index if not exists erasure_requests_due on erasure_requests (hold_until) where erased_at is null;
