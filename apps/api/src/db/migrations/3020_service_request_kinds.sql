-- Every kind of client request built so far (SERVICE_REQUEST_KINDS in the contracts): the kinds
-- added side by side by 2995, 3000 and 3005 each listed only their own beside the earlier ones.
alter table service_requests drop constraint if exists service_requests_kind_check;
alter table service_requests add constraint service_requests_kind_check
  check (kind in ('freeze', 'unfreeze', 'nomination', 'bank', 'closure', 'segments', 'rekyc', 'ddpi', 'address', 'contact'));
