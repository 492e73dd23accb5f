-- The pan_obj sections waiting for pan_holders, queued by their own write. The catch-up used to find
-- them by time, as the sections written after the newest one indexed; but a section's time is its
-- transaction's start (or the statement's), not its commit. A section whose transaction started
-- before another's and committed after that other had been indexed was older than the index's newest
-- entry when it became visible, so it was never indexed: its application, signed, did not hold its
-- PAN (a reopened application's holding, after its closure gave up the signed claim, rests on
-- pan_holders alone). Now each write of a pan_obj section queues its applicant with the section's
-- time, in the write's own transaction; the catch-up indexes what is queued, and takes an entry off
-- only when the section is still as indexed.
create table pan_index_queue (
  applicant_id uuid primary key references applicants(id) on delete cascade,
  section_updated_at timestamptz not null
);

create function pan_index_enqueue() returns trigger language plpgsql as $$
begin
  insert into pan_index_queue (applicant_id, section_updated_at) values (new.applicant_id, new.updated_at)
    on conflict (applicant_id) do update set section_updated_at = excluded.section_updated_at;
  return null;
end $$;

create trigger applicant_sections_pan_index after insert or update on applicant_sections
  for each row when (new.name = 'pan_obj') execute function pan_index_enqueue();

-- what the index does not yet hold as it was last written
insert into pan_index_queue (applicant_id, section_updated_at)
  select s.applicant_id, s.updated_at from applicant_sections s
  left join pan_holders h on h.applicant_id = s.applicant_id
  where s.name = 'pan_obj' and (h.applicant_id is null or h.section_updated_at <> s.updated_at);
