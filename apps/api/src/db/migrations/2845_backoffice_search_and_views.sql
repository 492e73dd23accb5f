-- The queue's search also finds an application by its e-mail (the keyed hash the sign-up stores)
-- and by its depository account (BO id); the application id and the client code need no index of
-- their own (the primary key, applicants_client_code_prefix).
create index if not exists applicants_email_hash on applicants (email_hash) where email_hash is not null;
create index if not exists registration_cases_bo_id on registration_cases (bo_id) where bo_id is not null;

-- A staff member's saved views of the queue: a name and the queue's filters, sort and search,
-- sealed (AES-256-GCM) like the applicants' sections, since a search may hold a name, PAN or e-mail.
create table if not exists backoffice_saved_views (
  id uuid primary key default gen_random_uuid(),
  staff_id uuid not null references staff(id) on delete cascade,
  name text not null,
  query_enc text not null,
  created_at timestamptz not null default now(),
  unique (staff_id, name)
);
