-- The sandbox outbox records what each email carried as attachments: name, type, size and SHA-256
-- (the bytes themselves are the applicant's documents and are not copied into the outbox).
alter table sandbox_outbox add column if not exists attachments jsonb not null default '[]'::jsonb;
