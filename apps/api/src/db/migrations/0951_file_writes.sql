-- A file being written: recorded before its bytes go to the file store and removed in the same
-- transaction that adds its files row, so an upload interrupted at any point leaves either both or
-- a record here that the hourly sweep uses to delete the stray bytes.
create table file_writes (
  storage_key text primary key,
  started_at timestamptz not null default now()
);
create index file_writes_started_at on file_writes (started_at);
