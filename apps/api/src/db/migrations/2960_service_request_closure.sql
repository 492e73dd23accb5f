-- The client area's account closure: pre-checked at the broker's back office, signed with Aadhaar
-- eSign, four-eyed and carried out at the depository, the exchanges and the KRA.
alter table service_requests drop constraint if exists service_requests_kind_check;
alter table service_requests add constraint service_requests_kind_check
  check (kind in ('freeze', 'unfreeze', 'nomination', 'bank', 'closure'));
