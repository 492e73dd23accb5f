-- Applicants: identity fields are encrypted; *_hash columns are keyed blind indexes for lookups.
create table applicants (
  id uuid primary key default gen_random_uuid(),
  mobile_hash text not null unique,
  mobile_enc text not null,
  email_hash text,
  email_enc text,
  whatsapp_opt boolean not null default false,
  refcode text,
  own_refcode text not null unique,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  user_agent text,
  source text not null default 'web',
  client_code text unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index applicants_created_at on applicants (created_at);

-- kyc_list: one row per stage reached; the row with the highest seq is the current stage.
create table applicant_stages (
  applicant_id uuid not null references applicants(id) on delete cascade,
  stage integer not null,
  admin_activity text check (admin_activity in ('Accept', 'Pending', 'Reject')),
  reason text,
  seq bigserial not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (applicant_id, stage)
);
create index applicant_stages_seq on applicant_stages (applicant_id, seq);

-- The sub-objects of the user details record, each an encrypted JSON document.
create table applicant_sections (
  applicant_id uuid not null references applicants(id) on delete cascade,
  name text not null,
  payload_enc text not null,
  updated_at timestamptz not null default now(),
  primary key (applicant_id, name)
);

create table otp_codes (
  id uuid primary key default gen_random_uuid(),
  purpose text not null check (purpose in ('mobile', 'email', 'esign')),
  target_hash text not null,
  code_hash text not null,
  attempts integer not null default 0,
  sends integer not null default 1,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index otp_codes_target on otp_codes (purpose, target_hash, created_at desc);

-- Sessions of applicants and of staff: only the token's keyed hash is stored.
create table sessions (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('applicant', 'staff')),
  subject_id uuid not null,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index sessions_subject on sessions (kind, subject_id);

-- Stored documents: bytes live encrypted in the file store under random keys.
create table files (
  id uuid primary key default gen_random_uuid(),
  applicant_id uuid references applicants(id) on delete cascade,
  kind text not null,
  content_type text not null,
  size integer not null,
  storage_key text not null unique,
  sha256 text not null,
  created_at timestamptz not null default now()
);
create index files_applicant on files (applicant_id);

-- The sandbox outbox of SMS, WhatsApp and email (sandbox mode only).
create table sandbox_outbox (
  id bigserial primary key,
  channel text not null,
  recipient text not null,
  body text not null,
  otp text,
  sent_at timestamptz not null default now()
);
create index sandbox_outbox_recipient on sandbox_outbox (recipient, id desc);
