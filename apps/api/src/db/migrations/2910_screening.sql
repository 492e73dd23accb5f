-- Screening against lists (SEBI debarred entities, the UN consolidated list, a PEP list), the hits
-- a reviewer resolves, each application's risk category, and the deceased flag.

-- The lists as last imported: one row per name (an entry's aliases are rows of the same ref). The
-- lists are public; the PAN, where a list gives it, is kept only as the keyed hash PANs are looked up by.
create table if not exists screening_entries (
  id bigserial primary key,
  list text not null check (list in ('sebi_debarred', 'un_consolidated', 'pep')),
  ref text not null,
  name text not null,
  -- the name's words, upper-cased without titles or punctuation (lib/name-match.ts)
  name_tokens text[] not null,
  -- YYYY-MM-DD, or YYYY where the list gives only the year
  dob text,
  pan_hash text,
  details jsonb not null default '{}'::jsonb
);
create index if not exists screening_entries_tokens on screening_entries using gin (name_tokens);
create index if not exists screening_entries_pan on screening_entries (pan_hash) where pan_hash is not null;
create index if not exists screening_entries_list on screening_entries (list);

-- When each list was last imported, and the digest of the file read (an unchanged file is not re-imported).
create table if not exists screening_imports (
  list text primary key,
  imported_at timestamptz not null,
  entries integer not null,
  digest text not null
);

-- A match found for an application, with the matched entry as the list gave it.
create table if not exists screening_hits (
  id uuid primary key default gen_random_uuid(),
  applicant_id uuid not null references applicants(id) on delete cascade,
  list text not null,
  entry_ref text not null,
  entry jsonb not null,
  matched_on text not null check (matched_on in ('pan', 'name_dob', 'name')),
  score integer not null,
  found_at_step text not null check (found_at_step in ('pan', 'approval')),
  found_at timestamptz not null default now(),
  status text not null default 'open' check (status in ('open', 'cleared', 'confirmed')),
  resolved_by uuid,
  resolved_at timestamptz,
  -- the reviewer's note, encrypted like the staff notes
  note_enc text,
  unique (applicant_id, list, entry_ref)
);
create index if not exists screening_hits_open on screening_hits (applicant_id) where status <> 'cleared';

-- The application's risk category as last assessed, with the factors and the rule set that gave it.
create table if not exists screening_risk (
  applicant_id uuid primary key references applicants(id) on delete cascade,
  category text not null check (category in ('low', 'medium', 'high')),
  factors text[] not null,
  rule_set text not null,
  assessed_at timestamptz not null
);

-- A client recorded as deceased by the back office, and what the flag stops (the rule set's deceasedStops).
create table if not exists deceased_clients (
  applicant_id uuid primary key references applicants(id) on delete cascade,
  marked_by uuid not null,
  marked_at timestamptz not null,
  stops text[] not null
);
