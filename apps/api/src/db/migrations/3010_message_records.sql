-- Each SMS, WhatsApp message and email the application sent or tried to send: its channel, template,
-- the gateway that took it (msg91, kaleyra, mail) and the outcome; never its text or OTP. Linked to
-- the application when the sender knows it; a sign-up OTP's record carries the recipient's keyed
-- hash and is linked when the applicant verifies it. Erased with the application (cascade) and by
-- the retention sweep with the KYC class (MESSAGE_RECORD_CLASSES).
create table if not exists message_records (
  id bigserial primary key,
  applicant_id uuid references applicants(id) on delete cascade,
  recipient_hash text not null,
  channel text not null,
  template text not null,
  gateway text,
  outcome text not null,
  at timestamptz not null
);
create index if not exists message_records_by_applicant on message_records (applicant_id, at, id);
create index if not exists message_records_unlinked on message_records (recipient_hash) where applicant_id is null;
