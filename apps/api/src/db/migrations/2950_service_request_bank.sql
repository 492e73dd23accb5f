-- The client area's bank request: a change or addition of bank accounts, verified by penny drop,
-- signed with Aadhaar eSign and carried out at the depository and the exchanges like a nomination.
alter table service_requests drop constraint if exists service_requests_kind_check;
alter table service_requests add constraint service_requests_kind_check
  check (kind in ('freeze', 'unfreeze', 'nomination', 'bank'));
