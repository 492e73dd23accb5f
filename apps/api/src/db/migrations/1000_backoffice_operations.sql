-- Back office for an operations team: each application's standing kept up to date (the queue reads
-- it instead of aggregating kyc_list), claims on applications, and a blind index of search terms.

-- One row per applicant that has reached a stage: the current stage, since when, and the standing
-- the queue filters on. Maintained by triggers on applicant_stages and applicants.
create table application_standing (
  applicant_id uuid primary key references applicants(id) on delete cascade,
  stage integer not null,
  since timestamptz not null,
  status text not null,
  created_at timestamptz not null
);
create index application_standing_status_since on application_standing (status, since, applicant_id);
create index application_standing_since on application_standing (since, applicant_id);
create index application_standing_stage_since on application_standing (stage, since);
create index application_standing_status_created on application_standing (status, created_at);
create index application_standing_status_stage on application_standing (status, stage, since);
create index applicants_client_code_prefix on applicants (client_code text_pattern_ops);
create index applicants_utm_source on applicants (utm_source, created_at);

create function application_standing_refresh(p_applicant uuid) returns void language plpgsql as $$
begin
  insert into application_standing (applicant_id, stage, since, status, created_at)
  select a.id, s.stage, s.since,
    case when a.client_code is not null then 'Completed'
         when s.rejected then 'Rejected'
         when s.approved then 'Approved'
         when s.stage = 220 then 'Pending'
         else 'In progress' end,
    a.created_at
  from applicants a join (
    select applicant_id,
      (array_agg(stage order by seq desc))[1] as stage,
      (array_agg(updated_at order by seq desc))[1] as since,
      coalesce(bool_or(admin_activity = 'Reject'), false) as rejected,
      coalesce(bool_or(stage = 220 and admin_activity = 'Accept'), false) as approved
    from applicant_stages where applicant_id = p_applicant group by applicant_id
  ) s on s.applicant_id = a.id
  where a.id = p_applicant
  on conflict (applicant_id) do update set stage = excluded.stage, since = excluded.since,
    status = excluded.status, created_at = excluded.created_at;
end $$;

create function application_standing_from_stage() returns trigger language plpgsql as $$
begin
  perform application_standing_refresh(new.applicant_id);
  return new;
end $$;
create trigger applicant_stages_standing after insert or update on applicant_stages
  for each row execute function application_standing_from_stage();

create function application_standing_from_applicant() returns trigger language plpgsql as $$
begin
  if old.client_code is distinct from new.client_code then
    perform application_standing_refresh(new.id);
  end if;
  return new;
end $$;
create trigger applicants_standing after update on applicants
  for each row execute function application_standing_from_applicant();

select application_standing_refresh(id) from applicants;

-- A reviewer's hold on an application: others see who holds it and cannot decide on it. A claim
-- lapses once its holder has been idle longer than BACKOFFICE_CLAIM_IDLE_MINUTES.
create table backoffice_claims (
  applicant_id uuid primary key references applicants(id) on delete cascade,
  staff_id uuid not null references staff(id),
  assigned_by uuid references staff(id),
  claimed_at timestamptz not null default now(),
  last_active_at timestamptz not null default now()
);
create index backoffice_claims_staff on backoffice_claims (staff_id, last_active_at);
create index backoffice_claims_active on backoffice_claims (last_active_at);

-- Keyed hashes of search terms (the first and last 4 to 10 digits of the mobile number, each word
-- of the name and its beginnings, the PAN), never the values themselves.
create table backoffice_search_terms (
  applicant_id uuid not null references applicants(id) on delete cascade,
  term_hash text not null,
  primary key (term_hash, applicant_id)
);
create index backoffice_search_terms_applicant on backoffice_search_terms (applicant_id);

-- Applicants whose terms must be (re)computed: new applicants and changed PAN sections.
create table backoffice_search_dirty (
  applicant_id uuid primary key references applicants(id) on delete cascade
);
create function backoffice_search_mark() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'applicants' then
    insert into backoffice_search_dirty values (new.id) on conflict do nothing;
  elsif new.name = 'pan_obj' then
    insert into backoffice_search_dirty values (new.applicant_id) on conflict do nothing;
  end if;
  return new;
end $$;
create trigger applicants_search_mark after insert on applicants
  for each row execute function backoffice_search_mark();
create trigger applicant_sections_search_mark after insert or update on applicant_sections
  for each row execute function backoffice_search_mark();
insert into backoffice_search_dirty select id from applicants;
