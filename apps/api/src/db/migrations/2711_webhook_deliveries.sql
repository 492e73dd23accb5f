-- Provider webhooks seen, so a replayed notification is refused: one row per (provider, delivery),
-- kept a little longer than the timestamp window (WEBHOOK_MAX_AGE_SECONDS) beyond which a
-- notification is refused anyway.
create table if not exists webhook_deliveries (
  provider text not null,
  delivery_hash text not null,
  received_at timestamptz not null,
  primary key (provider, delivery_hash)
);
create index if not exists webhook_deliveries_received_at on webhook_deliveries (received_at);
