-- Document requests: a reviewer asks the applicant for one more document (a self-declaration, a
-- banker's letter, an address or income proof) without sending a stage back. The note the
-- applicant reads and the reviewer's decision note are sealed; the answered file is a stored file
-- of the applicant (files.id, encrypted in the file store). requested → answered → accepted or
-- declined; a request not yet decided may be cancelled. The approval waits while one is requested
-- or answered (document_requests_open serves that read).
create table if not exists document_requests (
  id uuid primary key default gen_random_uuid(),
  applicant_id uuid not null references applicants(id) on delete cascade,
  kind text not null check (kind in ('self_declaration', 'bankers_letter', 'address_proof', 'income_proof', 'other')),
  note_enc text not null,
  state text not null default 'requested'
    check (state in ('requested', 'answered', 'accepted', 'declined', 'cancelled')),
  requested_by uuid not null references staff(id),
  requested_at timestamptz not null default now(),
  file_id uuid,
  answered_at timestamptz,
  decided_by uuid references staff(id),
  decided_at timestamptz,
  decision_note_enc text,
  check ((state = 'requested') = (answered_at is null) or state = 'cancelled'),
  check (state not in ('answered', 'accepted', 'declined') or file_id is not null)
);
create index if not exists document_requests_applicant on document_requests (applicant_id, requested_at);
create index if not exists document_requests_open on document_requests (applicant_id)
  where state in ('requested', 'answered');
