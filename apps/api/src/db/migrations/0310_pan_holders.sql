-- Which applicant holds which verified PAN, as a keyed hash (never the PAN itself): one PAN may not
-- open a second application once the first is e-signed. Filled from pan_obj sections in the order
-- they were written; the (name, updated_at) index lets that catch-up read only the new ones.
create table pan_holders (
  applicant_id uuid primary key references applicants(id) on delete cascade,
  pan_hash text not null,
  section_updated_at timestamptz not null
);
create index pan_holders_pan_hash on pan_holders (pan_hash);
create index pan_holders_section_updated_at on pan_holders (section_updated_at);
create index applicant_sections_name_updated_at on applicant_sections (name, updated_at);
