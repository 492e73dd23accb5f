-- Pending DigiLocker authorization requests (OAuth 2 with PKCE): the state is kept only as a
-- keyed hash, the code verifier encrypted; a request is used once and expires.
create table digilocker_authorizations (
  state_hash text primary key,
  applicant_id uuid not null references applicants(id) on delete cascade,
  verifier_enc text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index digilocker_authorizations_applicant on digilocker_authorizations (applicant_id, created_at desc);
