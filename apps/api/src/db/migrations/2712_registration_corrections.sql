-- A correction to a signed client's record takes two people: one staff member proposes it, a
-- different checker or administrator approves it, and a new email is used only once the client
-- confirms the OTP sent to it. The proposed values stay encrypted (proposal_enc).
create table if not exists registration_corrections (
  id uuid primary key,
  applicant_id uuid not null references applicants (id) on delete cascade,
  field text not null check (field in ('email', 'annual_income', 'family_declaration')),
  proposal_enc text not null,
  status text not null check (status in ('proposed', 'awaiting_otp', 'applied', 'rejected')),
  proposed_by text not null,
  proposed_at timestamptz not null,
  decided_by text,
  decided_at timestamptz
);
create index if not exists registration_corrections_applicant on registration_corrections (applicant_id, proposed_at);
