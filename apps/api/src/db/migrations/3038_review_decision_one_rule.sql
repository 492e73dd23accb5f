-- One rule for what makes an audit row a review decision. review_reports_take (the status trigger's
-- and review_reports_backfill's reader of one audit row) kept its own copy of the decision rule of
-- review_decisions_from_audit (3036): the two could drift. It now hands a stage.activity row to
-- review_decisions_from_audit and keeps only the status rows itself.
create or replace function review_reports_take(r audit_log) returns void language plpgsql as $$
begin
  if r.action = 'review.status' and r.applicant_id is not null then
    insert into review_status_log (audit_id, applicant_id, at, status)
    values (r.id, r.applicant_id, r.at, r.after->>'status') on conflict do nothing;
  elsif r.action = 'stage.activity' then
    perform review_decisions_from_audit(array[r.id]);
  end if;
end $$;
