-- The reports' latest confirmed applications (time in each status): read newest first through an
-- index of the approvals instead of sorting every application confirmed in the period.
create index if not exists review_status_times_latest on review_status_times (approved_at desc, applicant_id)
  where approved_at is not null;
