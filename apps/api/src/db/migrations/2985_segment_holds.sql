-- Partial approval of segments: the maker accepts an application with some derivatives segments
-- held back until the client's income proof arrives (a coded reason). One row per held segment;
-- the registrations open without them (no UCC segment at NSE/BSE, no MCX UCC for commodity), and
-- the client area lists them as pending proof. A new decision on the segment stage replaces them.
create table if not exists segment_holds (
  applicant_id uuid not null references applicants(id) on delete cascade,
  segment text not null,
  reason_code text not null,
  held_by uuid not null references staff(id),
  held_at timestamptz not null default now(),
  primary key (applicant_id, segment)
);
