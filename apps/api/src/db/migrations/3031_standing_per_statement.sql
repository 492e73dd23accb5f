-- The standing refreshed once per statement on applicant_stages, not once per row: a maker's
-- decisions (eleven stages in one statement) and a copied application's stages refreshed it once
-- for each row written, each time reading every stage of the application again. The refresh reads
-- the stages as the statement left them, as the last row's refresh did (row triggers run after the
-- statement too), so the standing is the same. A trigger with transition tables takes one event:
-- one for inserts, one for updates (an upsert fires both; the second refresh finds nothing to change).
drop trigger if exists applicant_stages_standing on applicant_stages;

create or replace function application_standing_from_stages() returns trigger language plpgsql as $$
begin
  perform application_standing_refresh(w.applicant_id) from (select distinct applicant_id from written) w;
  return null;
end $$;

create trigger applicant_stages_standing_insert after insert on applicant_stages
  referencing new table as written for each statement execute function application_standing_from_stages();
create trigger applicant_stages_standing_update after update on applicant_stages
  referencing new table as written for each statement execute function application_standing_from_stages();

drop function if exists application_standing_from_stage();
