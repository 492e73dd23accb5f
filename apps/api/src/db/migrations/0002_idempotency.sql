-- Replies to state-changing calls that carried an Idempotency-Key, kept for a day.
create table idempotency_keys (
  scope_hash text not null,
  key_hash text not null,
  request_hash text not null,
  status_code integer,
  response_body text,
  created_at timestamptz not null default now(),
  primary key (scope_hash, key_hash)
);
create index idempotency_keys_created_at on idempotency_keys (created_at);
