-- A case records when its first steps were queued (RegistrationWorkflow.start): the approval's own
-- start, or the sweep's for a case whose start was lost (the process died between the approval's
-- commit and the queueing). The sweep then reads only cases never started, through the partial
-- index, instead of every open case none of whose registrations was sent yet: an approved case whose
-- queued steps wait for a worker was queued again by every sweep, a cost that grew with the cases.
alter table registration_cases add column if not exists started_at timestamptz;

-- cases whose registrations are under way were started
update registration_cases c set started_at = c.approved_at
where c.started_at is null
  and exists (select 1 from registrations r where r.applicant_id = c.applicant_id
              and (r.status <> 'pending' or r.request_id is not null or r.attempts > 0));

create index if not exists registration_cases_unstarted on registration_cases (approved_at)
  where started_at is null and completed_at is null;
