-- Escalation holds: a reviewer or a supervisor stops an application's clock with a coded reason
-- and a note (sealed), and releases it with another. At most one open hold per application. The
-- reports leave held time out of a decision's turnaround (review_holds_applicant serves that read).
create table if not exists review_holds (
  id bigserial primary key,
  applicant_id uuid not null references applicants(id) on delete cascade,
  reason_code text not null,
  note_enc text not null,
  held_by uuid not null references staff(id),
  held_at timestamptz not null default now(),
  released_by uuid references staff(id),
  released_at timestamptz,
  release_note_enc text,
  check (released_at is null or released_at >= held_at)
);
create unique index if not exists review_holds_open on review_holds (applicant_id) where released_at is null;
create index if not exists review_holds_applicant on review_holds (applicant_id, held_at);
