-- The client area's change of address and of the mobile or e-mail: signed with Aadhaar eSign,
-- four-eyed and carried out at the KRA, the depository and the exchanges. The kinds allowed so far
-- are kept and these two added, whichever other kinds' migrations ran before this one.
do $$
declare
  allowed text[];
begin
  select coalesce(array_agg(distinct m[1]), array[]::text[]) into allowed
  from pg_constraint c, regexp_matches(pg_get_constraintdef(c.oid), '''([a-z_]+)''', 'g') as m
  where c.conname = 'service_requests_kind_check';
  allowed := array(select distinct unnest(allowed || array['address', 'contact']));
  alter table service_requests drop constraint if exists service_requests_kind_check;
  execute format('alter table service_requests add constraint service_requests_kind_check check (kind = any (%L::text[]))', allowed);
end $$;
