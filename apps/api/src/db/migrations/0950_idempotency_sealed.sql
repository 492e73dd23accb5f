-- Idempotency replies are no longer kept in clear: a reply is sealed (AES-256-GCM) or, when it
-- carries a secret such as a session token, withheld; a claim holds a lease so a request that died
-- with its process frees its key. Replies stored in clear until now are dropped (they were kept
-- for replays within a day only).
delete from idempotency_keys;
alter table idempotency_keys drop column response_body;
alter table idempotency_keys add column reply_sealed text;
alter table idempotency_keys add column reply_withheld boolean not null default false;
alter table idempotency_keys add column claim_id text not null;
alter table idempotency_keys add column lease_until timestamptz not null;
