-- The client area's DDPI signed later: a document of its own, signed with Aadhaar eSign, four-eyed
-- and carried to the depository as a modification of the client master.
alter table service_requests drop constraint if exists service_requests_kind_check;
alter table service_requests add constraint service_requests_kind_check
  check (kind in ('freeze', 'unfreeze', 'nomination', 'bank', 'closure', 'ddpi'));
