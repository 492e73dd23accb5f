-- The sandbox providers' short-lived state (DigiLocker codes, liveness transactions, e-sign
-- sessions, UPI requests), kept here rather than in a process's memory so that any API process
-- serves any request. The payload is sealed (it can hold a UPI id); `version` makes every change a
-- compare-and-set, so two processes never both apply one step.
create table sandbox_state (
  kind text not null,
  id text not null,
  payload_enc text not null,
  version integer not null default 1,
  expires_at timestamptz not null,
  primary key (kind, id)
);
create index sandbox_state_expires_at on sandbox_state (expires_at);
