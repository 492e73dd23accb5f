-- The client area's segment requests (derivatives added later with their income proof, currency
-- derivatives with the RBI declaration, a segment deactivated) and re-KYC requests, each signed with
-- Aadhaar eSign, four-eyed and carried out as modification records (exchanges' UCC; the KRA).
alter table service_requests drop constraint if exists service_requests_kind_check;
alter table service_requests add constraint service_requests_kind_check
  check (kind in ('freeze', 'unfreeze', 'nomination', 'bank', 'closure', 'segments', 'rekyc'));
