-- Assisted video KYC calls booked by applicants who need help (persons with disabilities): one
-- booking per applicant, replaced when they book again; the back office lists the booked ones.
create table if not exists assisted_kyc_requests (
  applicant_id uuid primary key references applicants(id) on delete cascade,
  call_date date not null,
  slot text not null,
  language text not null,
  needs text[] not null default '{}',
  note_enc text,
  status text not null default 'booked' check (status in ('booked', 'done', 'cancelled')),
  requested_at timestamptz not null default now(),
  done_by uuid,
  done_at timestamptz
);
create index if not exists assisted_kyc_booked on assisted_kyc_requests (call_date, slot) where status = 'booked';
