-- The sandbox outbox names the SMS gateway that took each message (SMS_VENDORS: msg91, kaleyra).
alter table sandbox_outbox add column if not exists provider text;
