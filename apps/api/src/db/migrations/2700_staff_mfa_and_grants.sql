-- Staff account control (security review, item 3 and item 11).
--
-- A second factor (TOTP) for every staff sign-in: the secret is sealed with the records' key
-- (AES-GCM, like the applicants' sections), never stored in clear; `mfa_pending_secret` holds the
-- one being enrolled until its first code confirms it; `mfa_last_step` refuses a code used twice.
alter table staff add column mfa_secret text;
alter table staff add column mfa_pending_secret text;
alter table staff add column mfa_enrolled_at timestamptz;
alter table staff add column mfa_last_step bigint;
-- Four eyes on account control: an admin's request to reset another member's second factor, and
-- a grant of the admin or checker role, wait here until a different admin approves them.
alter table staff add column mfa_reset_requested_by uuid references staff(id);
alter table staff add column pending_role text check (pending_role in ('checker', 'admin'));
alter table staff add column pending_role_by uuid references staff(id);
-- A lockout of a known account is also kept here, so that it holds while Redis is unreachable.
alter table staff add column login_locked_until timestamptz;

-- One-time recovery codes, stored only as keyed hashes.
create table staff_recovery_codes (
  staff_id uuid not null references staff(id) on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  primary key (staff_id, code_hash)
);
