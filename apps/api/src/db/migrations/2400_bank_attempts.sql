-- Each applicant's penny drops and UPI requests of the day, counted by the database in one statement:
-- the count was an encrypted section read and then written, so calls made at once could each pass on
-- the same count. A count is no personal data. Counts kept in sections are not carried over: an
-- applicant part-way through a day starts it again with the full allowance.
create table bank_attempts (
  applicant_id uuid primary key references applicants(id) on delete cascade,
  day date not null,
  count integer not null
);

delete from applicant_sections where name = '_bank_attempts';
