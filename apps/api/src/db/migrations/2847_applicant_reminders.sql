-- Reminders to applicants who stopped before signing: one row per SMS sent, with the stage they
-- had stopped at. The funnel counts those who came back after one (a stage written after it).
create table if not exists applicant_reminders (
  applicant_id uuid not null references applicants(id) on delete cascade,
  n integer not null,
  stage integer not null,
  sent_at timestamptz not null default now(),
  primary key (applicant_id, n)
);
create index if not exists applicant_reminders_sent on applicant_reminders (sent_at);
-- the sweep's candidates: applications still being filled in, by how long they have waited
create index if not exists application_standing_in_progress_since on application_standing (since)
  where status = 'In progress';
