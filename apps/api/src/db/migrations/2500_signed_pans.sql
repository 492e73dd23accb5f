-- One signed application per PAN, kept by the database (records/signed.ts): the row is written in the
-- transaction that completes an Aadhaar e-sign, so a second applicant's e-sign of the same PAN fails
-- on the primary key. The PAN only as its keyed hash, as in pan_holders; erasing the applicant (once
-- any legal hold ends) removes the row and frees the PAN.
create table signed_pans (
  pan_hash text primary key,
  applicant_id uuid not null unique references applicants(id) on delete cascade,
  signed_at timestamptz not null
);

-- Backfill: every application already signed (its e-sign completed: the STATUS entry exists, which a
-- send-back never removes) by the PAN pan_holders indexed for it, signed when its last e-sign
-- transaction was (else when it reached STATUS). Where two signed applications already share a PAN,
-- the earliest signed keeps it and the other is left out on purpose: it stays signed, and the
-- approval's check (assertSoleSignedApplication) refuses it until the back office resolves the pair.
insert into signed_pans (pan_hash, applicant_id, signed_at)
select distinct on (signed.pan_hash) signed.pan_hash, signed.applicant_id, signed.signed_at
from (
  select h.pan_hash, h.applicant_id,
    coalesce(
      (select max(t.completed_at) from esign_transactions t where t.applicant_id = h.applicant_id and t.status = 'signed'),
      s.created_at
    ) as signed_at
  from pan_holders h
  join applicant_stages s on s.applicant_id = h.applicant_id and s.stage = 220
) signed
order by signed.pan_hash, signed.signed_at, signed.applicant_id;
